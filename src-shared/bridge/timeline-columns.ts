/**
 * The timeline on the wire: one array per field instead of one object per event, repeated
 * strings (kinds, actors) as indexes into a table, and the integers that grow line by line (time,
 * line, byte offset) as the difference from the row before. A 100k-event timeline is ~7 MB
 * of JSON this way instead of ~22 MB of objects, and the page decodes it without a copy per row.
 */
import { key, type JsonSink } from './json-sink';

/** One event of the timeline: envelope only, never the body. */
export interface TimelineRow {
  eventId: string;
  kind: string;
  seq: number | null;
  /** `ts` as milliseconds since the epoch; null when missing or unreadable. */
  t: number | null;
  lineNo: number;
  byteOffset: number;
  byteLength: number;
  /** The lineage node the event belongs to, when any. */
  nodeId: string | null;
  actor: string | null;
}

export interface TimelineColumns {
  /** Rows in this message. */
  length: number;
  /**
   * In a delta: its first `fresh` rows are events no earlier message carried (appended as they
   * are); the others may replace a row the page holds (an event a correction changed).
   */
  fresh?: number;
  eventId: string[];
  /** Index into `kinds`. */
  kind: number[];
  kinds: string[];
  /** As written (a seq may be fractional: no differences, which could round). */
  seq: (number | null)[];
  /** Difference from the previous row's non-null time (the first: from 0); null stays null. */
  t: (number | null)[];
  lineNo: number[];
  /** Difference from the end of the previous row (its offset + length + 1 for the newline). */
  byteOffset: number[];
  byteLength: number[];
  nodeId: (string | null)[];
  /** Index into `actors`, -1 for none. */
  actor: number[];
  actors: string[];
}

/** Interns strings into a table as they are met. */
class Table {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();
  of(value: string): number {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(value);
      this.index.set(value, i);
    }
    return i;
  }
}

/** Builds the columns row by row (main side). */
export class TimelineEncoder {
  private readonly cols: TimelineColumns;
  private readonly kinds = new Table();
  private readonly actors = new Table();
  private lastT = 0;
  private lastLine = 0;
  private lastEnd = 0;

  constructor() {
    this.cols = {
      length: 0,
      eventId: [],
      kind: [],
      kinds: this.kinds.values,
      seq: [],
      t: [],
      lineNo: [],
      byteOffset: [],
      byteLength: [],
      nodeId: [],
      actor: [],
      actors: this.actors.values,
    };
  }

  push(row: TimelineRow): void {
    this.add(
      row.eventId,
      row.kind,
      row.seq,
      row.t,
      row.lineNo,
      row.byteOffset,
      row.byteLength,
      row.nodeId,
      row.actor,
    );
  }

  /**
   * One row from its fields (no row object: a session's snapshot pushes one per event, 1.2M on
   * the bench's big log).
   */
  add(
    eventId: string,
    kind: string,
    seq: number | null,
    t: number | null,
    lineNo: number,
    byteOffset: number,
    byteLength: number,
    nodeId: string | null,
    actor: string | null,
  ): void {
    const c = this.cols;
    c.length++;
    c.eventId.push(eventId);
    c.kind.push(this.kinds.of(kind));
    c.seq.push(seq);
    if (t === null) c.t.push(null);
    else {
      c.t.push(t - this.lastT);
      this.lastT = t;
    }
    c.lineNo.push(lineNo - this.lastLine);
    this.lastLine = lineNo;
    c.byteOffset.push(byteOffset - this.lastEnd);
    this.lastEnd = byteOffset + byteLength + 1;
    c.byteLength.push(byteLength);
    c.nodeId.push(nodeId);
    c.actor.push(actor === null ? -1 : this.actors.of(actor));
  }

  /** The rows pushed so far are fresh (see TimelineColumns.fresh). */
  markFresh(): void {
    this.cols.fresh = this.cols.length;
  }

  finish(): TimelineColumns {
    return this.cols;
  }
}

/** How to read a timeline row's fields from something else than a `TimelineRow` (a session's event). */
export interface TimelineFields<V> {
  eventId(v: V): string;
  kind(v: V): string;
  seq(v: V): number | null;
  t(v: V): number | null;
  lineNo(v: V): number;
  byteOffset(v: V): number;
  byteLength(v: V): number;
  nodeId(v: V): string | null;
  actor(v: V): string | null;
}

/**
 * The JSON of `encodeTimeline` over `rows`, written column by column into `sink` (a snapshot:
 * see json-sink.ts). `rows()` is walked once per column and must give the same rows each time.
 */
export function writeTimeline<V>(
  length: number,
  rows: () => Iterable<V>,
  f: TimelineFields<V>,
  sink: JsonSink,
): void {
  const kinds = new Table();
  const actors = new Table();
  sink.raw(`{"length":${length},"eventId":`);
  sink.array(rows(), (v) => f.eventId(v));
  sink.raw(key('kind'));
  sink.array(rows(), (v) => kinds.of(f.kind(v)));
  sink.raw(key('kinds'));
  sink.value(kinds.values);
  sink.raw(key('seq'));
  sink.array(rows(), (v) => f.seq(v));
  let lastT = 0;
  sink.raw(key('t'));
  sink.array(rows(), (v) => {
    const t = f.t(v);
    if (t === null) return null;
    const dt = t - lastT;
    lastT = t;
    return dt;
  });
  let lastLine = 0;
  sink.raw(key('lineNo'));
  sink.array(rows(), (v) => {
    const line = f.lineNo(v);
    const d = line - lastLine;
    lastLine = line;
    return d;
  });
  let lastEnd = 0;
  sink.raw(key('byteOffset'));
  sink.array(rows(), (v) => {
    const offset = f.byteOffset(v);
    const d = offset - lastEnd;
    lastEnd = offset + f.byteLength(v) + 1;
    return d;
  });
  sink.raw(key('byteLength'));
  sink.array(rows(), (v) => f.byteLength(v));
  sink.raw(key('nodeId'));
  sink.array(rows(), (v) => f.nodeId(v));
  sink.raw(key('actor'));
  sink.array(rows(), (v) => {
    const actor = f.actor(v);
    return actor === null ? -1 : actors.of(actor);
  });
  sink.raw(key('actors'));
  sink.value(actors.values);
  sink.raw('}');
}

/** `TimelineRow`s read as they are (tests; what the other writers are checked against). */
export const rowFields: TimelineFields<TimelineRow> = {
  eventId: (r) => r.eventId,
  kind: (r) => r.kind,
  seq: (r) => r.seq,
  t: (r) => r.t,
  lineNo: (r) => r.lineNo,
  byteOffset: (r) => r.byteOffset,
  byteLength: (r) => r.byteLength,
  nodeId: (r) => r.nodeId,
  actor: (r) => r.actor,
};

export function encodeTimeline(rows: Iterable<TimelineRow>): TimelineColumns {
  const encoder = new TimelineEncoder();
  for (const row of rows) encoder.push(row);
  return encoder.finish();
}

export function emptyTimelineColumns(): TimelineColumns {
  return new TimelineEncoder().finish();
}

/** Calls `sink` with every row in order, absolute values restored (page side). */
export function decodeTimeline(cols: TimelineColumns, sink: (row: TimelineRow) => void): void {
  let t = 0;
  let line = 0;
  let end = 0;
  for (let i = 0; i < cols.length; i++) {
    const dt = cols.t[i];
    if (dt !== null && dt !== undefined) t += dt;
    line += cols.lineNo[i]!;
    const byteOffset = end + cols.byteOffset[i]!;
    const byteLength = cols.byteLength[i]!;
    end = byteOffset + byteLength + 1;
    const actor = cols.actor[i]!;
    sink({
      eventId: cols.eventId[i]!,
      kind: cols.kinds[cols.kind[i]!]!,
      seq: cols.seq[i] ?? null,
      t: dt === null || dt === undefined ? null : t,
      lineNo: line,
      byteOffset,
      byteLength,
      nodeId: cols.nodeId[i] ?? null,
      actor: actor < 0 ? null : cols.actors[actor]!,
    });
  }
}

export function timelineRows(cols: TimelineColumns): TimelineRow[] {
  const out: TimelineRow[] = [];
  decodeTimeline(cols, (row) => out.push(row));
  return out;
}
