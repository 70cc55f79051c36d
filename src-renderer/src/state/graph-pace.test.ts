import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GRAPH_EVERY_MS, graphChanged, graphMayChange } from './graph-pace';

describe('graphMayChange', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('lets a change after a quiet spell through at once and the changes of a burst through once per pace', () => {
    vi.advanceTimersByTime(GRAPH_EVERY_MS);
    const later = vi.fn();
    expect(graphMayChange(later)).toBe(true);
    // A burst: each change within the pace waits; one deferred call brings them all.
    vi.advanceTimersByTime(10);
    expect(graphMayChange(later)).toBe(false);
    vi.advanceTimersByTime(10);
    expect(graphMayChange(later)).toBe(false);
    expect(later).not.toHaveBeenCalled();
    vi.advanceTimersByTime(GRAPH_EVERY_MS);
    expect(later).toHaveBeenCalledTimes(1);
    // Right after that deferred change the pace holds again.
    expect(graphMayChange(later)).toBe(false);
    vi.advanceTimersByTime(GRAPH_EVERY_MS);
    expect(later).toHaveBeenCalledTimes(2);
  });

  it('a shape taken by other means (a snapshot) drops the deferred call', () => {
    vi.advanceTimersByTime(GRAPH_EVERY_MS);
    const later = vi.fn();
    graphMayChange(later);
    expect(graphMayChange(later)).toBe(false);
    graphChanged();
    vi.advanceTimersByTime(GRAPH_EVERY_MS * 2);
    expect(later).not.toHaveBeenCalled();
  });
});
