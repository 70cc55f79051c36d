/**
 * The timeline on the wire: one array per field instead of one object per event, repeated
 * strings (kinds, actors) as indexes into a table, and the integers that grow line by line (time,
 * line, byte offset) as the difference from the row before. A 100k-event timeline is ~7 MB
 * of JSON this way instead of ~22 MB of objects, and the page decodes it without a copy per row.
 */
import { StringTable } from '../formats/columns/string-codes';

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
  /**
   * A number: the node at that position of the nodes the same message carries, in the order
   * `decodeNodes` gives them (a snapshot's `nodes`, a delta's `upsertedNodes`: see `nodeIdsOf`);
   * a string: a node the message does not carry. A 35-character id per row was a sixth of a
   * snapshot's JSON, and a lookup by a fresh string per row on the page.
   */
  nodeId: (string | number | null)[];
  /** Index into `actors`, -1 for none. */
  actor: number[];
  actors: string[];
}

/** Columns of no rows yet, their rows' kinds and actors to be indexes into these tables. */
function noRows(kinds: string[], actors: string[]): TimelineColumns {
  return {
    length: 0,
    eventId: [],
    kind: [],
    kinds,
    seq: [],
    t: [],
    lineNo: [],
    byteOffset: [],
    byteLength: [],
    nodeId: [],
    actor: [],
    actors,
  };
}

/**
 * Where a message's nodes are, by id (what its timeline rows and its edges refer to): a Map the
 * encoder filled, or the session's own record of a snapshot's positions (no map of every id).
 */
export interface NodePositions {
  get(nodeId: string): number | undefined;
}

/**
 * Builds the columns row by row (serve side). `nodeIndex`: the positions of the nodes the message
 * carries (graph-columns' `encodeNodes`), for rows to refer to them.
 */
export class TimelineEncoder {
  private cols: TimelineColumns;
  private readonly kinds = new StringTable();
  private readonly actors = new StringTable();
  private lastT = 0;
  private lastLine = 0;
  private lastEnd = 0;

  constructor(private readonly nodeIndex?: NodePositions) {
    // Columns grown by pushes: made `new Array(rows)` up front they are holey, and a holey
    // array is ~2x slower to stringify (a 1.2M-row snapshot: +0.2 s), more than the growth costs.
    this.cols = noRows(this.kinds.values, this.actors.values);
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
    /** The node's id, or its position in the message's nodes when the caller knows it. */
    nodeId: string | number | null,
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
    c.nodeId.push(
      nodeId === null || typeof nodeId === 'number' ? nodeId : (this.nodeIndex?.get(nodeId) ?? nodeId),
    );
    c.actor.push(actor === null ? -1 : this.actors.of(actor));
  }

  /** The rows pushed so far are fresh (see TimelineColumns.fresh). */
  markFresh(): void {
    this.cols.fresh = this.cols.length;
  }

  finish(): TimelineColumns {
    return this.cols;
  }

  /**
   * The rows added since the last take, as columns of their own; the next rows go on from them
   * (their differences from these rows, and the tables these rows' indexes point into, which only
   * grow). A big snapshot is written a part at a time this way (`joinTimelineParts`).
   */
  take(): TimelineColumns {
    const part = this.cols;
    // The tables as they are now (the part's indexes point into them), not as they will grow.
    part.kinds = [...this.kinds.values];
    part.actors = [...this.actors.values];
    this.cols = noRows(this.kinds.values, this.actors.values);
    return part;
  }
}

/**
 * Parts a TimelineEncoder took, in order, as the one set of columns it would have finished:
 * each part's values follow from the part before it, and the last part's tables hold every
 * earlier part's (they only grow).
 */
export function joinTimelineParts(parts: readonly TimelineColumns[]): TimelineColumns {
  if (parts.length === 1) return parts[0]!;
  const last = parts[parts.length - 1]!;
  const joined = noRows(last.kinds, last.actors);
  for (const part of parts) {
    joined.length += part.length;
    for (const key of JOINED_COLUMNS) {
      const into = joined[key] as unknown[];
      for (const value of part[key]) into.push(value);
    }
  }
  return joined;
}

const JOINED_COLUMNS = [
  'eventId',
  'kind',
  'seq',
  't',
  'lineNo',
  'byteOffset',
  'byteLength',
  'nodeId',
  'actor',
] as const satisfies readonly (keyof TimelineColumns)[];

export function encodeTimeline(rows: Iterable<TimelineRow>): TimelineColumns {
  const encoder = new TimelineEncoder();
  for (const row of rows) encoder.push(row);
  return encoder.finish();
}

export function emptyTimelineColumns(): TimelineColumns {
  return new TimelineEncoder().finish();
}

/**
 * Calls `sink` with every row in order, absolute values restored (page side). `nodeIds`: the ids
 * of the nodes the same message carries (`nodeIdsOf`), which rows may refer to by position.
 */
export function decodeTimeline(
  cols: TimelineColumns,
  sink: (row: TimelineRow) => void,
  nodeIds?: readonly string[],
): void {
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
      nodeId: nodeIdAt(cols.nodeId[i], nodeIds),
      actor: actor < 0 ? null : cols.actors[actor]!,
    });
  }
}

export function timelineRows(cols: TimelineColumns, nodeIds?: readonly string[]): TimelineRow[] {
  const out: TimelineRow[] = [];
  decodeTimeline(cols, (row) => out.push(row), nodeIds);
  return out;
}

/**
 * A row's (or an edge's, `what`) node id: as written, or the id of the message's node it refers to
 * by position.
 */
export function nodeIdAt(
  value: string | number | null | undefined,
  nodeIds?: readonly string[],
  what = 'a timeline row',
): string | null {
  if (typeof value !== 'number') return value ?? null;
  const id = nodeIds?.[value];
  if (id === undefined) throw new Error(`${what} refers to node #${value}, not in its message`);
  return id;
}
