/**
 * A session's timeline in the page: columns (one array per field), sorted by seq then line, read
 * by index. A 100k-event session keeps 100k small values per column instead of 100k objects, and
 * a row object is made only for the few rows on screen (`entry(i)`).
 *
 * Versions share their columns: a live append pushes onto the same arrays and returns a new
 * `Timeline` of the new length, so the previous value stays valid (it reads only its first
 * `length` rows) and selectors still see a new reference. Anything else (a row out of order, an
 * event moved by a correction) builds new columns.
 */
import type { TimelineEntry } from '../../../src-shared/bridge/contract';
import {
  decodeTimeline,
  nodeIdAt,
  type TimelineColumns,
  type TimelineRow,
} from '../../../src-shared/bridge/timeline-columns';
import type { LineageNode } from '../../../src-shared/lineage/types';
import { eventIdOf, type NodeLookup } from './shared-ids';

interface Columns {
  eventId: string[];
  kind: string[];
  seq: (number | null)[];
  t: (number | null)[];
  lineNo: number[];
  byteOffset: number[];
  byteLength: number[];
  nodeId: (string | null)[];
  actor: (string | null)[];
  /** eventId → row, made on first use and kept up to date by appends. */
  index: Map<string, number> | null;
}

const emptyColumns = (): Columns => ({
  eventId: [],
  kind: [],
  seq: [],
  t: [],
  lineNo: [],
  byteOffset: [],
  byteLength: [],
  nodeId: [],
  actor: [],
  index: null,
});

/** A row's node id and event id as the row's node holds them (shared-ids.ts). */
function shareIds(r: TimelineRow, nodeOf: NodeLookup): void {
  const node = r.nodeId === null ? undefined : nodeOf(r.nodeId);
  if (!node) return;
  r.nodeId = node.id;
  r.eventId = eventIdOf(node, r.eventId);
}

function pushRow(c: Columns, r: TimelineRow): void {
  c.index?.set(r.eventId, c.eventId.length);
  c.eventId.push(r.eventId);
  c.kind.push(r.kind);
  c.seq.push(r.seq);
  c.t.push(r.t);
  c.lineNo.push(r.lineNo);
  c.byteOffset.push(r.byteOffset);
  c.byteLength.push(r.byteLength);
  c.nodeId.push(r.nodeId);
  c.actor.push(r.actor);
}

/** Events without a seq sort after numbered ones; ties by line number. */
export function compareRows(
  a: { seq: number | null; lineNo: number },
  b: { seq: number | null; lineNo: number },
): number {
  const sa = a.seq ?? Number.POSITIVE_INFINITY;
  const sb = b.seq ?? Number.POSITIVE_INFINITY;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return a.lineNo - b.lineNo;
}

export class Timeline {
  static readonly empty = new Timeline(emptyColumns(), 0);

  private constructor(
    private readonly cols: Columns,
    readonly length: number,
  ) {}

  /**
   * From a snapshot's columns (file order). The columns are taken over and decoded in place
   * (differences summed, table indexes turned into their strings): no row object per event and
   * no second set of columns (1.2M rows opening the bench's big log; the caller drops the
   * snapshot). Sorted only when the file is not in seq order. `nodeOf`: the session's nodes, whose
   * strings the rows share (shared-ids.ts); `messageNodes`: the snapshot's nodes in wire order,
   * which rows refer to by position (timeline-columns' `nodeId`).
   */
  static fromColumns(
    wire: TimelineColumns,
    nodeOf?: NodeLookup,
    messageNodes?: readonly LineageNode[],
  ): Timeline {
    const n = wire.length;
    const { kinds, actors, seq, t, lineNo, byteOffset, byteLength } = wire;
    const kindIndex = wire.kind;
    const actorIndex = wire.actor;
    const kind = kindIndex as unknown as string[];
    const actor = actorIndex as unknown as (string | null)[];
    let sorted = true;
    let time = 0;
    let line = 0;
    let end = 0;
    const last = { seq: null as number | null, lineNo: 0 };
    const row = { seq: null as number | null, lineNo: 0 };
    const { eventId } = wire;
    const nodeId = wire.nodeId;
    for (let i = 0; i < n; i++) {
      const ref = nodeId[i];
      const node =
        typeof ref === 'number'
          ? messageNodes?.[ref]
          : nodeOf && ref !== null && ref !== undefined
            ? nodeOf(ref)
            : undefined;
      if (node) {
        nodeId[i] = node.id;
        eventId[i] = eventIdOf(node, eventId[i]!);
      } else if (typeof ref === 'number') nodeId[i] = nodeIdAt(ref); // throws: not in its message
      kind[i] = kinds[kindIndex[i]!]!;
      const a = actorIndex[i]!;
      actor[i] = a < 0 ? null : actors[a]!;
      const dt = t[i];
      if (dt === null || dt === undefined) t[i] = null;
      else t[i] = time += dt;
      lineNo[i] = line += lineNo[i]!;
      const offset = (byteOffset[i] = end + byteOffset[i]!);
      end = offset + byteLength[i]! + 1;
      if (sorted) {
        row.seq = seq[i] ?? null;
        row.lineNo = line;
        if (i > 0 && compareRows(last, row) > 0) sorted = false;
        last.seq = row.seq;
        last.lineNo = line;
      }
    }
    const cols: Columns = {
      eventId,
      kind,
      seq,
      t,
      lineNo,
      byteOffset,
      byteLength,
      // Every position was turned into its node's id above.
      nodeId: nodeId as (string | null)[],
      actor,
      index: null,
    };
    // Only as long as the rows (a column may not be longer; nothing else holds them).
    for (const col of [cols.eventId, kind, seq, t, lineNo, byteOffset, byteLength, cols.nodeId, actor])
      col.length = n;
    const timeline = new Timeline(cols, n);
    if (sorted) return timeline;
    const rows: TimelineRow[] = new Array(n);
    for (let i = 0; i < n; i++) rows[i] = timeline.row(i);
    return Timeline.fromRows(rows.sort(compareRows));
  }

  private static fromRows(sortedRows: readonly TimelineRow[]): Timeline {
    const cols = emptyColumns();
    for (const r of sortedRows) pushRow(cols, r);
    return new Timeline(cols, sortedRows.length);
  }

  /**
   * With a delta's rows: new events, and events seen again (they replace their old row). `nodeOf`:
   * the session's nodes, whose strings the rows share (shared-ids.ts); `nodeIds`: the ids of the
   * delta's nodes in wire order, which rows refer to by position (timeline-columns' `nodeId`).
   */
  merge(wire: TimelineColumns, nodeOf?: NodeLookup, nodeIds?: readonly string[]): Timeline {
    if (wire.length === 0) return this;
    const incoming: TimelineRow[] = [];
    decodeTimeline(
      wire,
      (r) => {
        if (nodeOf) shareIds(r, nodeOf);
        incoming.push(r);
      },
      nodeIds,
    );
    // Rows past the fresh ones may be events we hold: only they are looked up (the index of a
    // 1.2M-row timeline need not even be made while a log is first read).
    const fresh = wire.fresh ?? 0;
    const seenBefore = incoming.some((r, i) => i >= fresh && this.indexOf(r.eventId) >= 0);
    incoming.sort(compareRows);
    const last = this.length ? this.row(this.length - 1) : null;
    // The live case: every row is new and sorts after what we have. Rows beyond our length exist
    // when an older version was appended to; then the shared columns cannot take more.
    const appendable =
      this.length === this.cols.eventId.length &&
      (last === null || compareRows(last, incoming[0]!) <= 0) &&
      !seenBefore;
    if (appendable) {
      for (const r of incoming) pushRow(this.cols, r);
      return new Timeline(this.cols, this.length + incoming.length);
    }
    const replaced = new Set(incoming.map((r) => r.eventId));
    const rows: TimelineRow[] = [];
    for (let i = 0; i < this.length; i++) if (!replaced.has(this.cols.eventId[i]!)) rows.push(this.row(i));
    for (const r of incoming) rows.push(r);
    return Timeline.fromRows(rows.sort(compareRows));
  }

  /** Whether this is `prev` with rows appended (they share their columns). */
  extends(prev: Timeline): boolean {
    return this.cols === prev.cols && this.length >= prev.length;
  }

  eventId(i: number): string {
    return this.cols.eventId[i]!;
  }
  kind(i: number): string {
    return this.cols.kind[i]!;
  }
  seq(i: number): number | null {
    return this.cols.seq[i]!;
  }
  /** Milliseconds since the epoch, or null. */
  t(i: number): number | null {
    return this.cols.t[i]!;
  }
  nodeId(i: number): string | null {
    return this.cols.nodeId[i]!;
  }

  /** The row of `eventId`, or -1. */
  indexOf(eventId: string): number {
    let index = this.cols.index;
    if (!index) {
      index = new Map();
      for (let i = 0; i < this.cols.eventId.length; i++) index.set(this.cols.eventId[i]!, i);
      this.cols.index = index;
    }
    const i = index.get(eventId);
    return i !== undefined && i < this.length ? i : -1;
  }

  /**
   * The row of `eventId`, looked for within `radius` rows of row `near` before the index: a row on
   * screen finds its tool call's other event (the result, usually a few rows on) without the
   * index of every row, which cost a 1.2M-event session ~0.5 s to make and then an entry per
   * appended row while the log was read.
   */
  indexNear(eventId: string, near: number, radius = 256): number {
    const ids = this.cols.eventId;
    const end = Math.min(this.length, near + radius + 1);
    for (let i = Math.max(0, near); i < end; i++) if (ids[i] === eventId) return i;
    for (let i = Math.min(near, this.length) - 1, lo = Math.max(0, near - radius); i >= lo; i--)
      if (ids[i] === eventId) return i;
    return this.indexOf(eventId);
  }

  /** First row whose node is `nodeId`, or -1 (a scan: for user actions, not for rendering). */
  firstOfNode(nodeId: string): number {
    for (let i = 0; i < this.length; i++) if (this.cols.nodeId[i] === nodeId) return i;
    return -1;
  }

  /** Row `i` as an object (made on demand: for the rows on screen). */
  entry(i: number): TimelineEntry {
    return this.row(i);
  }

  private row(i: number): TimelineRow {
    const c = this.cols;
    return {
      eventId: c.eventId[i]!,
      kind: c.kind[i]!,
      seq: c.seq[i]!,
      t: c.t[i]!,
      lineNo: c.lineNo[i]!,
      byteOffset: c.byteOffset[i]!,
      byteLength: c.byteLength[i]!,
      nodeId: c.nodeId[i]!,
      actor: c.actor[i]!,
    };
  }
}
