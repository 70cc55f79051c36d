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

  it('changes a row sent again that keeps its place in a copy of what changed, as a rebuild would', () => {
    const rows = Array.from({ length: 50 }, (_, i) => row(i + 1));
    const start = Timeline.fromColumns(encodeTimeline(rows));
    // A correction moved event 20 to another node and gave event 30 another actor; one new event.
    const encoder = new TimelineEncoder();
    encoder.push(row(51));
    encoder.markFresh();
    encoder.push(row(20, 'moved'));
    encoder.push({ ...row(30), actor: 'subagent:x' });
    const next = start.merge(encoder.finish());
    const rebuilt = Timeline.fromColumns(
      encodeTimeline([
        ...rows.slice(0, 19),
        row(20, 'moved'),
        ...rows.slice(20, 29),
        { ...row(30), actor: 'subagent:x' },
        ...rows.slice(30),
        row(51),
      ]),
    );
    const entries = (t: Timeline) => Array.from({ length: t.length }, (_, i) => t.entry(i));
    expect(entries(next)).toEqual(entries(rebuilt));
    expect(next.indexOf('e30')).toBe(29);
    // The older version reads as it did, after the change and after more appends to the new one.
    const later = next.merge(encodeTimeline([row(52)]));
    expect(later.length).toBe(52);
    expect(entries(start)).toEqual(rows);
    expect(later.extends(next)).toBe(true); // appended to the new columns as any live append
  });

  it('leaves out a row sent again as it is held (a correction of a field rows do not show)', () => {
    const start = Timeline.fromColumns(encodeTimeline([row(1), row(2)]));
    const encoder = new TimelineEncoder();
    encoder.push(row(3));
    encoder.markFresh();
    encoder.push(row(1));
    const next = start.merge(encoder.finish());
    expect(ids(next)).toEqual(['e1', 'e2', 'e3']);
    // The live case still: the columns are shared and grown, not built again.
    expect(next.extends(start)).toBe(true);
    // Only that row: the same timeline.
    const again = new TimelineEncoder();
    again.markFresh();
    again.push(row(2));
    expect(next.merge(again.finish())).toBe(next);
    // Any column that differs still replaces the row.
    const other = new TimelineEncoder();
    other.markFresh();
    other.push({ ...row(2), actor: 'subagent:x' });
    const changed = next.merge(other.finish());
    expect(changed.extends(next)).toBe(false);
    expect(changed.entry(1).actor).toBe('subagent:x');
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

describe('Timeline, a session two processes write (two seq counters: rows that sort among those held)', () => {
  /** A delta of fresh rows. */
  const delta = (...rows: TimelineRow[]) => {
    const encoder = new TimelineEncoder();
    for (const r of rows) encoder.push(r);
    encoder.markFresh();
    return encoder.finish();
  };
  /** Writer A's seqs 1…, writer B's 1… too: B's rows sort among A's (ties by line). */
  const at = (seq: number, lineNo: number) => ({ ...row(seq), eventId: `e${seq}@${lineNo}`, lineNo });
  const seqLines = (t: Timeline) =>
    Array.from({ length: t.length }, (_, i) => `${t.seq(i)}@${t.entry(i).lineNo}`);

  it('puts each new row in its place, keeps every older version as it was, and finds rows by id', () => {
    const a = Timeline.fromColumns(encodeTimeline([at(1, 1), at(2, 2), at(3, 3), at(4, 4)]));
    const b = a.merge(delta(at(1, 5))); // B's first line sorts after A's seq 1
    const c = b.merge(delta(at(2, 6), at(5, 7))); // one among the rows held, one at the end
    const d = c.merge(delta(at(6, 8))); // in order again: appended to the same order
    expect(seqLines(b)).toEqual(['1@1', '1@5', '2@2', '3@3', '4@4']);
    expect(seqLines(c)).toEqual(['1@1', '1@5', '2@2', '2@6', '3@3', '4@4', '5@7']);
    expect(seqLines(d)).toEqual([...seqLines(c), '6@8']);
    expect(seqLines(a)).toEqual(['1@1', '2@2', '3@3', '4@4']);
    expect(seqLines(b)).toEqual(['1@1', '1@5', '2@2', '3@3', '4@4']);
    expect(d.extends(a)).toBe(true); // the same columns: the rows arrived since a are d's new ones
    const arrived: string[] = [];
    d.eachArrived(a.length, (_t, _kind, _node, eventId) => arrived.push(eventId));
    expect(arrived).toEqual(['e1@5', 'e2@6', 'e5@7', 'e6@8']);
    for (const [i, id] of ['e1@1', 'e1@5', 'e2@2', 'e2@6', 'e3@3', 'e4@4', 'e5@7', 'e6@8'].entries()) {
      expect(d.eventId(i)).toBe(id);
      expect(d.indexOf(id)).toBe(i);
      expect(d.indexNear(id, 0, 1)).toBe(i); // far ones through the index
    }
    expect(c.indexOf('e6@8')).toBe(-1); // a newer version's row
    expect(b.indexOf('e1@5')).toBe(1);
  });

  it('gives a file out of order read whole the same rows as a live session given them one by one', () => {
    const rows: TimelineRow[] = [];
    let seed = 7;
    const counters = [0, 0];
    let writer = 0;
    for (let line = 1; line <= 400; line++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      if (seed % 100 < 15) writer = 1 - writer;
      rows.push(at(++counters[writer]!, line));
    }
    let live = Timeline.fromColumns(encodeTimeline(rows.slice(0, 50)));
    for (let i = 50; i < rows.length; i += 1 + (i % 3))
      live = live.merge(delta(...rows.slice(i, i + 1 + (i % 3))));
    const whole = Timeline.fromColumns(encodeTimeline(rows));
    expect(seqLines(live)).toEqual(seqLines(whole));
    expect(seqLines(whole)).toEqual(
      rows
        .slice()
        .sort((x, y) => x.seq! - y.seq! || x.lineNo - y.lineNo)
        .map((r) => `${r.seq}@${r.lineNo}`),
    );
    for (let i = 0; i < whole.length; i += 37) expect(live.indexOf(whole.eventId(i))).toBe(i);
  });

  it('finds every row through an index made ahead a slice at a time while rows kept coming', () => {
    const rows: TimelineRow[] = [];
    const counters = [0, 0];
    for (let line = 1; line <= 300; line++) rows.push(at(++counters[line % 7 < 3 ? 1 : 0]!, line));
    let live = Timeline.fromColumns(encodeTimeline(rows.slice(0, 100)));
    expect(live.outOfOrder).toBe(true);
    const versions: Timeline[] = [live];
    for (let i = 100; i < rows.length; i += 2) {
      // A slice of one row between appends of two: the index stays partial, and grows.
      const before = live.indexedRows;
      expect(live.indexAhead(1)).toBe(false);
      expect(live.indexedRows).toBe(before + 1);
      live = live.merge(delta(...rows.slice(i, i + 2)));
      versions.push(live);
    }
    expect(live.indexedRows).toBeLessThan(live.length); // still partial when first asked
    for (const version of versions.filter((_, i) => i % 10 === 0 || i === versions.length - 1))
      for (let i = 0; i < version.length; i++) expect(version.indexOf(version.eventId(i))).toBe(i);
    expect(live.indexedRows).toBe(live.length);
    // Whole, it is kept whole by appends.
    const more = live.merge(delta(at(500, 301)));
    expect(more.indexedRows).toBe(more.length);
    expect(more.indexOf('e500@301')).toBe(more.length - 1);
  });

  it('an event sent again still takes its new place (the columns are built anew)', () => {
    const a = Timeline.fromColumns(encodeTimeline([at(1, 1), at(3, 3)])).merge(delta(at(2, 4)));
    const encoder = new TimelineEncoder();
    encoder.markFresh();
    encoder.push({ ...at(3, 3), seq: 0 }); // corrected: now first
    const b = a.merge(encoder.finish());
    expect(seqLines(b)).toEqual(['0@3', '1@1', '2@4']);
    expect(seqLines(a)).toEqual(['1@1', '2@4', '3@3']);
  });
});
