import { describe, expect, it } from 'vitest';
import {
  encodeTimeline,
  TimelineEncoder,
  timelineRows,
  type TimelineColumns,
  type TimelineRow,
} from './timeline-columns';

const row = (over: Partial<TimelineRow>): TimelineRow => ({
  eventId: 'e',
  kind: 'tool_call',
  seq: 1,
  t: 1_780_000_000_000,
  lineNo: 1,
  byteOffset: 0,
  byteLength: 10,
  nodeId: 'tool:x',
  actor: 'a',
  ...over,
});

describe('timeline columns', () => {
  it('round-trips rows, nulls, fractional seqs, gaps and out-of-order lines', () => {
    const rows = [
      row({ eventId: 'a' }),
      row({ eventId: 'b', kind: 'tool_result', seq: 2, t: 1_780_000_001_500, lineNo: 2, byteOffset: 11 }),
      row({ eventId: 'c', seq: null, t: null, lineNo: 4, byteOffset: 40, nodeId: null, actor: null }),
      row({ eventId: 'd', seq: 2.5, t: 1_779_999_999_000, lineNo: 3, byteOffset: 22, byteLength: 7 }),
    ];
    const cols = encodeTimeline(rows);
    expect(cols.length).toBe(4);
    expect(cols.kinds).toEqual(['tool_call', 'tool_result']);
    expect(timelineRows(JSON.parse(JSON.stringify(cols)))).toEqual(rows);
  });

  it('codes what grows line by line as small differences', () => {
    const rows = Array.from({ length: 3 }, (_, i) =>
      row({
        eventId: `e${i}`,
        seq: i + 1,
        lineNo: i + 1,
        byteOffset: i * 11,
        t: 1_780_000_000_000 + i * 1500,
      }),
    );
    const cols = encodeTimeline(rows);
    expect(cols.lineNo).toEqual([1, 1, 1]);
    expect(cols.byteOffset).toEqual([0, 0, 0]);
    expect(cols.t.slice(1)).toEqual([1500, 1500]);
  });
});

describe('rows that name their message’s nodes by position', () => {
  it('are given those nodes’ ids, and a position the message does not carry is refused by name', () => {
    const encoder = new TimelineEncoder(new Map([['tool:x', 0]]));
    encoder.add('a', 'tool_call', 1, null, 1, 0, 10, 'tool:x', null);
    encoder.add('b', 'tool_call', 2, null, 2, 11, 10, 'tool:elsewhere', null);
    const cols = JSON.parse(JSON.stringify(encoder.finish())) as TimelineColumns;
    expect(cols.nodeId).toEqual([0, 'tool:elsewhere']);
    expect(timelineRows(cols, ['tool:x']).map((r) => r.nodeId)).toEqual(['tool:x', 'tool:elsewhere']);
    expect(() => timelineRows(cols, [])).toThrow('a timeline row refers to node #0, not in its message');
    expect(() => timelineRows(cols)).toThrow(/not in its message/);
  });
});
