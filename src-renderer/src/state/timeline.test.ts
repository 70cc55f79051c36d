import { describe, expect, it } from 'vitest';
import {
  encodeTimeline,
  TimelineEncoder,
  type TimelineRow,
} from '../../../src-shared/bridge/timeline-columns';
import { Timeline } from './timeline';

const row = (seq: number, nodeId = `n${seq}`): TimelineRow => ({
  eventId: `e${seq}`,
  kind: 'tool_call',
  seq,
  t: 1000 * seq,
  lineNo: seq,
  byteOffset: 100 * seq,
  byteLength: 99,
  nodeId,
  actor: null,
});
const ids = (t: Timeline) => Array.from({ length: t.length }, (_, i) => t.eventId(i));

describe('Timeline.merge', () => {
  it('appends fresh rows, and replaces the row of an event sent again (a correction moved it)', () => {
    const start = Timeline.fromColumns(encodeTimeline([row(1), row(2)]));
    // A delta: two new events (fresh), then event 1 again, now in another node.
    const encoder = new TimelineEncoder();
    encoder.push(row(3));
    encoder.push(row(4));
    encoder.markFresh();
    encoder.push(row(1, 'moved'));
    const next = start.merge(encoder.finish());
    expect(ids(next)).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(next.nodeId(0)).toBe('moved');
    expect(ids(start)).toEqual(['e1', 'e2']); // the older version reads as before
  });

  it('appends a delta of fresh rows to what it holds (the live case), sharing the columns', () => {
    const start = Timeline.fromColumns(encodeTimeline([row(1)]));
    const encoder = new TimelineEncoder();
    encoder.push(row(2));
    encoder.markFresh();
    const next = start.merge(encoder.finish());
    expect(ids(next)).toEqual(['e1', 'e2']);
    expect(next.extends(start)).toBe(true);
    expect(next.indexOf('e2')).toBe(1);
  });
});

describe('Timeline.indexNear', () => {
  const timeline = Timeline.fromColumns(encodeTimeline(Array.from({ length: 1000 }, (_, i) => row(i + 1))));

  it('finds an event near a row, far from it (through the index), or says it is not there', () => {
    expect(timeline.indexNear('e13', 9)).toBe(12); // a few rows on
    expect(timeline.indexNear('e5', 9)).toBe(4); // a few rows back
    expect(timeline.indexNear('e900', 9)).toBe(899); // beyond the radius
    expect(timeline.indexNear('nope', 9)).toBe(-1);
  });

  it('reads only the rows of its own version', () => {
    const encoder = new TimelineEncoder();
    encoder.push(row(1001));
    encoder.markFresh();
    timeline.merge(encoder.finish()); // a newer version appends to the shared columns
    expect(timeline.indexNear('e1001', 998)).toBe(-1);
  });
});

describe('Timeline.fromColumns', () => {
  const entries = (t: Timeline) => Array.from({ length: t.length }, (_, i) => t.entry(i));
  const rows: TimelineRow[] = [
    { ...row(1), actor: 'agent ✓' },
    { ...row(2), t: null, nodeId: null },
    { ...row(2.5), eventId: 'é-𝄞', kind: 'llm_call', lineNo: 7, byteOffset: 2000 },
    { ...row(3), seq: null, lineNo: 9, byteOffset: 2500, byteLength: 0 },
  ];

  it('gives back every field of every row, in file order when it is sorted', () => {
    expect(entries(Timeline.fromColumns(encodeTimeline(rows)))).toEqual(rows);
  });

  it('sorts a file whose seqs go back (events without a seq last, ties by line)', () => {
    const shuffled = [
      rows[3]!,
      { ...row(5), lineNo: 10, byteOffset: 3000 },
      { ...row(4), lineNo: 11, byteOffset: 3200 },
    ];
    const back = entries(Timeline.fromColumns(encodeTimeline(shuffled)));
    expect(back.map((r) => r.eventId)).toEqual(['e4', 'e5', 'e3']);
    expect(back[2]).toEqual(shuffled[0]);
  });

  it('an empty session', () => {
    expect(Timeline.fromColumns(encodeTimeline([])).length).toBe(0);
  });
});
