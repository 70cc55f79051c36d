import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../../../../src-shared/bridge/contract';
import { rowMark } from './EventRow';
import { keptBreaks } from './pixels';
import { buildTimeScale } from './time-scale';

const entry = (seq: number, t: number): TimelineEntry => ({
  eventId: `e${seq}`,
  kind: 'tool_result',
  seq,
  t,
  lineNo: seq,
  byteOffset: 0,
  byteLength: 0,
  nodeId: null,
  actor: null,
});

describe('timeline pixels', () => {
  it('a row keeps its mark when a live append moves the end of the axis by less than a pixel', () => {
    // 10,000 events 1.5 s apart; one more is appended.
    const times = Array.from({ length: 10_000 }, (_, i) => i * 1500);
    const before = buildTimeScale(times, 400);
    const after = buildTimeScale([...times, 10_000 * 1500], 400);
    const early = entry(10, 10 * 1500);
    expect(after.toX(early.t!)).not.toBe(before.toX(early.t!)); // the raw x moved…
    expect(rowMark(early, undefined, after)).toEqual(rowMark(early, undefined, before)); // …not the pixel
    // Gaps that draw the same keep the same array, so rows compare it by reference.
    const withGap = [0, 1000, 500_000, 501_000];
    const gaps = keptBreaks(buildTimeScale(withGap, 400).breaks);
    expect(keptBreaks(buildTimeScale([...withGap, 501_001], 400).breaks)).toBe(gaps);
  });
});
