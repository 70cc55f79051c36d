import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GRAPH_EVERY_MS, graphChanged, graphDrawn, graphMayChange } from './graph-pace';

describe('graphMayChange', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => {
    graphDrawn(false);
    graphChanged();
    vi.useRealTimers();
  });

  it('after a costly drawing, lets a change after a quiet spell through at once and the changes of a burst through once per pace', () => {
    vi.advanceTimersByTime(GRAPH_EVERY_MS);
    const later = vi.fn(() => graphDrawn(true));
    expect(graphMayChange(later)).toBe(true);
    graphDrawn(true); // React Flow took new lists for it
    // A burst: each change within the pace waits; one deferred call brings them all.
    vi.advanceTimersByTime(10);
    expect(graphMayChange(later)).toBe(false);
    vi.advanceTimersByTime(10);
    expect(graphMayChange(later)).toBe(false);
    expect(later).not.toHaveBeenCalled();
    vi.advanceTimersByTime(GRAPH_EVERY_MS);
    expect(later).toHaveBeenCalledTimes(1);
    // Right after that deferred (costly) change the pace holds again.
    expect(graphMayChange(later)).toBe(false);
    vi.advanceTimersByTime(GRAPH_EVERY_MS);
    expect(later).toHaveBeenCalledTimes(2);
  });

  it('after a cheap drawing (React Flow given nothing new), takes the next change at once', () => {
    vi.advanceTimersByTime(GRAPH_EVERY_MS);
    const later = vi.fn();
    for (let i = 0; i < 5; i++) {
      expect(graphMayChange(later)).toBe(true);
      graphDrawn(false); // a call joined a collapsed group
      vi.advanceTimersByTime(10);
    }
    // A costly one: the next waits for the pace.
    expect(graphMayChange(later)).toBe(true);
    graphDrawn(true);
    vi.advanceTimersByTime(10);
    expect(graphMayChange(later)).toBe(false);
    vi.advanceTimersByTime(GRAPH_EVERY_MS);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('a shape taken by other means (a snapshot) drops the deferred call', () => {
    vi.advanceTimersByTime(GRAPH_EVERY_MS);
    const later = vi.fn();
    graphMayChange(later);
    graphDrawn(true);
    expect(graphMayChange(later)).toBe(false);
    graphChanged();
    vi.advanceTimersByTime(GRAPH_EVERY_MS * 2);
    expect(later).not.toHaveBeenCalled();
  });
});
