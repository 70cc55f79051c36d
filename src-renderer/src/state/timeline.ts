/**
 * A session's timeline in the page: columns (one array per field) in the order rows arrived, read
 * by index in seq-then-line order. A 100k-event session keeps 100k small values per column instead
 * of 100k objects, and a row object is made only for the few rows on screen (`entry(i)`). When the
 * arrival order is not the sorted one (a file out of order, rows that sort among those held), a
 * `RowOrder` maps each display position to its row.
 *
 * Versions share their columns: a live append pushes onto the same arrays and returns a new
 * `Timeline` of the new length, so the previous value stays valid (it reads only its first
 * `length` rows) and selectors still see a new reference. New rows that sort among those held
 * are pushed the same way, with a new order. An event sent again (a correction moved it) builds
 * new columns.
 */
import type { TimelineEntry } from '../../../src-shared/bridge/contract';
import {
  decodeTimeline,
  nodeIdAt,
  type TimelineColumns,
  type TimelineRow,
} from '../../../src-shared/bridge/timeline-columns';
import type { LineageNode } from '../../../src-shared/lineage/types';
import { partitionPoint } from '../../../src-shared/collections/sorted-search';
import { RowIndex } from '../../../src-shared/lineage/sciagent/row-index';
import { RowOrder } from './row-order';
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
  /**
   * eventId → row (arrival position) of the first `indexed` rows: made whole on first use (or
   * ahead of it, a slice at a time: `indexAhead`), then kept whole by appends. Not a Map: Chromium's
   * V8 internalizes every string used as a Map key, and each full GC of the page walks V8's string
   * table in its pause — a 400k-event session's index put 400k ids there, and that pause went
   * from ~67 to ~120 ms (a Chromium trace: `V8.GC_MC_EVACUATE_UPDATE_POINTERS_TO_NEW_ROOTS`).
   * A RowIndex keeps row numbers in an Int32Array and reads the ids back from `eventId`.
   */
  index: RowIndex | null;
  indexed: number;
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
  indexed: 0,
});

/** A row's node id and event id as the row's node holds them (shared-ids.ts). */
function shareIds(r: TimelineRow, nodeOf: NodeLookup): void {
  const node = r.nodeId === null ? undefined : nodeOf(r.nodeId);
  if (!node) return;
  r.nodeId = node.id;
  r.eventId = eventIdOf(node, r.eventId);
}

function pushRow(c: Columns, r: TimelineRow): void {
  if (c.index && c.indexed === c.eventId.length) c.index.set(r.eventId, c.indexed++);
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

/** Whether two rows say the same in every column. */
function sameRow(a: TimelineRow, b: TimelineRow): boolean {
  return (
    a.eventId === b.eventId &&
    a.kind === b.kind &&
    a.seq === b.seq &&
    a.t === b.t &&
    a.lineNo === b.lineNo &&
    a.byteOffset === b.byteOffset &&
    a.byteLength === b.byteLength &&
    a.nodeId === b.nodeId &&
    a.actor === b.actor
  );
}

/** Events without a seq sort after numbered ones; ties by line number. */
export function compareRows(
  a: { seq: number | null; lineNo: number },
  b: { seq: number | null; lineNo: number },
): number {
  return compareSeqLine(a.seq, a.lineNo, b.seq, b.lineNo);
}

function compareSeqLine(seqA: number | null, lineA: number, seqB: number | null, lineB: number): number {
  const sa = seqA ?? Number.POSITIVE_INFINITY;
  const sb = seqB ?? Number.POSITIVE_INFINITY;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return lineA - lineB;
}

export class Timeline {
  static readonly empty = new Timeline(emptyColumns(), 0);

  private constructor(
    private readonly cols: Columns,
    readonly length: number,
    /** Display position → row, or null when the rows are in the order they came. */
    private readonly order: RowOrder | null = null,
  ) {}

  /** The row (arrival position) shown at display position `i`. */
  private rowAt(i: number): number {
    return this.order ? this.order.at(i) : i;
  }

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
      indexed: 0,
    };
    // Only as long as the rows (a column may not be longer; nothing else holds them).
    for (const col of [cols.eventId, kind, seq, t, lineNo, byteOffset, byteLength, cols.nodeId, actor])
      col.length = n;
    if (sorted) return new Timeline(cols, n);
    return new Timeline(
      cols,
      n,
      RowOrder.sorted(n, (a, b) => compareSeqLine(seq[a]!, lineNo[a]!, seq[b]!, lineNo[b]!)),
    );
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
    // 1.2M-row timeline need not even be made while a log is first read). One that reads exactly as
    // the row held changes nothing and is left out: a correction re-sends the event it corrects,
    // whose row usually stays as it was (a size, a status). One that still sorts where it did (the
    // same seq and line: a correction moved it to another node, gave it another time) is found by
    // them, without the index, and changed in a copy of the columns; only one whose place changed
    // makes every row be built again (at 400k events 0.2–0.8 s in Node, for each such correction
    // appended live, against a few milliseconds for the copy).
    const fresh = wire.fresh ?? 0;
    let seenBefore = false;
    const patches: [number, TimelineRow][] = [];
    let kept = fresh;
    for (let i = fresh; i < incoming.length; i++) {
      const r = incoming[i]!;
      const inPlace = this.atSeqLine(r);
      if (inPlace >= 0) {
        const held = this.rowAt(inPlace);
        if (!sameRow(this.row(held), r)) patches.push([held, r]);
        continue;
      }
      if (this.indexOf(r.eventId) >= 0) seenBefore = true;
      incoming[kept++] = r;
    }
    incoming.length = kept;
    if (seenBefore) return this.rebuilt(incoming);
    return (patches.length ? this.patched(patches) : this).withNew(incoming);
  }

  /**
   * With rows of events not held. The live case appends them to the shared columns; rows beyond
   * our length exist when an older version was appended to, and then every row is built again.
   */
  private withNew(incoming: TimelineRow[]): Timeline {
    if (incoming.length === 0) return this;
    incoming.sort(compareRows);
    const newest =
      this.length === this.cols.eventId.length && (!this.order || this.order.endsAt(this.length));
    if (!newest) return this.rebuilt(incoming);
    const n = this.length;
    const last = n ? this.row(this.rowAt(n - 1)) : null;
    for (const r of incoming) pushRow(this.cols, r);
    // They sort after what we have (one process writing): appended as they are.
    if (last === null || compareRows(last, incoming[0]!) <= 0)
      return new Timeline(this.cols, n + incoming.length, this.order?.append(n, incoming.length));
    // Some sort among the rows held (two processes writing): each goes in its place.
    const before = incoming.map((r) => this.insertionPoint(r));
    const order = (this.order ?? RowOrder.identity(n)).inserting(n, before);
    return new Timeline(this.cols, n + incoming.length, order);
  }

  /** Every row built again, those of `incoming`'s events replaced by theirs (in their places). */
  private rebuilt(incoming: readonly TimelineRow[]): Timeline {
    const replaced = new Set(incoming.map((r) => r.eventId));
    const rows: TimelineRow[] = [];
    for (let i = 0; i < this.length; i++) {
      const r = this.rowAt(i);
      if (!replaced.has(this.cols.eventId[r]!)) rows.push(this.row(r));
    }
    for (const r of incoming) rows.push(r);
    return Timeline.fromRows(rows.sort(compareRows));
  }

  /**
   * The display position of the row held for `r`'s event where `r` sorts (the same seq and line),
   * or -1: the event is not held, or its row sorts elsewhere now.
   */
  private atSeqLine(r: TimelineRow): number {
    return this.atKey(r.seq, r.lineNo, (m) => this.cols.eventId[m] === r.eventId);
  }

  /**
   * This timeline with held rows changed where they are (arrival position, new row: each sorting
   * where the old one did). A column a change writes to is copied first, the others are shared
   * (an event's id, seq and line are what found it: never written), and so is the index of event
   * ids (no row moved); this version keeps what it reads. Copying all nine columns, and growing
   * them again on the next append, was ~0.6 s of a correction at 400k events.
   */
  private patched(patches: readonly [number, TimelineRow][]): Timeline {
    const c = this.cols;
    const n = this.length;
    // Rows beyond our length (an older version was appended to): a set of columns of our own.
    if (n !== c.eventId.length) return this.rebuilt(patches.map(([, r]) => r));
    const cols: Columns = { ...c };
    const copied = new Set<string>();
    const write = <K extends 'kind' | 't' | 'byteOffset' | 'byteLength' | 'nodeId' | 'actor'>(
      name: K,
      at: number,
      value: Columns[K][number],
    ) => {
      if (cols[name][at] === value) return;
      if (!copied.has(name)) {
        copied.add(name);
        cols[name] = cols[name].slice() as Columns[K];
      }
      (cols[name] as Columns[K][number][])[at] = value;
    };
    for (const [at, r] of patches) {
      write('kind', at, r.kind);
      write('t', at, r.t);
      write('byteOffset', at, r.byteOffset);
      write('byteLength', at, r.byteLength);
      write('nodeId', at, r.nodeId);
      write('actor', at, r.actor);
    }
    return new Timeline(cols, n, this.order?.inserting(n, []) ?? null);
  }

  /** The display position before which row `r` goes (after rows that sort equal). */
  private insertionPoint(r: TimelineRow): number {
    const { seq, lineNo } = this.cols;
    return partitionPoint(this.length, (i) => {
      const m = this.rowAt(i);
      return compareSeqLine(seq[m]!, lineNo[m]!, r.seq, r.lineNo) <= 0;
    });
  }

  /**
   * Whether this is `prev` with rows added (they share their columns): its rows arrived at
   * `prev.length`… are the new ones (see `eachArrived`), wherever they sort.
   */
  extends(prev: Timeline): boolean {
    return this.cols === prev.cols && this.length >= prev.length;
  }

  /**
   * Each row in the order rows arrived, from arrival position `from` (with `extends`: the rows a
   * newer version added), for what does not depend on their order.
   */
  eachArrived(
    from: number,
    fn: (t: number | null, kind: string, nodeId: string | null, eventId: string) => void,
  ): void {
    const c = this.cols;
    for (let r = from; r < this.length; r++) fn(c.t[r]!, c.kind[r]!, c.nodeId[r]!, c.eventId[r]!);
  }

  eventId(i: number): string {
    return this.cols.eventId[this.rowAt(i)]!;
  }
  kind(i: number): string {
    return this.cols.kind[this.rowAt(i)]!;
  }
  seq(i: number): number | null {
    return this.cols.seq[this.rowAt(i)]!;
  }
  /** Milliseconds since the epoch, or null. */
  t(i: number): number | null {
    return this.cols.t[this.rowAt(i)]!;
  }
  nodeId(i: number): string | null {
    return this.cols.nodeId[this.rowAt(i)]!;
  }

  /** The row of `eventId`, or -1. */
  indexOf(eventId: string): number {
    this.indexAhead(Number.POSITIVE_INFINITY);
    const index = this.cols.index!;
    const r = index.get(eventId);
    if (r < 0 || r >= this.length) return -1;
    return this.order ? this.displayOf(r) : r;
  }

  /**
   * Extends the index of event ids by up to `rows` rows; whether it is now whole. The index of a
   * 300k-row timeline took a page ~150 ms to make, in the frame of the first lookup that needed it
   * — for rows two processes wrote, the first live append (a tool call's result sorted far from
   * its call): the first 15 appended lines were painted 150 → 30 ms late. Made ahead, in idle
   * slices (timeline-index-ahead.ts), it is whole by then.
   */
  indexAhead(rows: number): boolean {
    const c = this.cols;
    const index = (c.index ??= new RowIndex((row) => c.eventId[row] ?? null));
    const end = Math.min(c.eventId.length, c.indexed + rows);
    for (let i = c.indexed; i < end; i++) index.set(c.eventId[i]!, i);
    c.indexed = end;
    return end === c.eventId.length;
  }

  /** Rows in the index of event ids so far (see indexAhead). */
  get indexedRows(): number {
    return this.cols.indexed;
  }

  /** Whether the rows are shown in another order than they came (two processes wrote them). */
  get outOfOrder(): boolean {
    return this.order !== null;
  }

  /**
   * The display position of row `r` (arrival position), found by its seq and line: the rows are
   * shown sorted by them. An array of every row's display position, made for each new order, cost
   * a page O(events) for each line two processes wrote (a 300k-event session: ~1 ms of every
   * append, and the array's memory).
   */
  private displayOf(r: number): number {
    return this.atKey(this.cols.seq[r]!, this.cols.lineNo[r]!, (m) => m === r);
  }

  /**
   * The display position of the first row that sorts at `atSeq` and `atLine` and that `is`
   * accepts (given its arrival position), or -1. Rows of one seq and line (never two in one file)
   * are looked through, not assumed away.
   */
  private atKey(atSeq: number | null, atLine: number, is: (m: number) => boolean): number {
    const { seq, lineNo } = this.cols;
    let i = partitionPoint(this.length, (j) => {
      const m = this.rowAt(j);
      return compareSeqLine(seq[m]!, lineNo[m]!, atSeq, atLine) < 0;
    });
    for (; i < this.length; i++) {
      const m = this.rowAt(i);
      if (compareSeqLine(seq[m]!, lineNo[m]!, atSeq, atLine) !== 0) break;
      if (is(m)) return i;
    }
    return -1;
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
    for (let i = Math.max(0, near); i < end; i++) if (ids[this.rowAt(i)] === eventId) return i;
    for (let i = Math.min(near, this.length) - 1, lo = Math.max(0, near - radius); i >= lo; i--)
      if (ids[this.rowAt(i)] === eventId) return i;
    return this.indexOf(eventId);
  }

  /** First row whose node is `nodeId`, or -1 (a scan: for user actions, not for rendering). */
  firstOfNode(nodeId: string): number {
    for (let i = 0; i < this.length; i++) if (this.cols.nodeId[this.rowAt(i)] === nodeId) return i;
    return -1;
  }

  /** Row `i` as an object (made on demand: for the rows on screen). */
  entry(i: number): TimelineEntry {
    return this.row(this.rowAt(i));
  }

  /** The row arrived at `r`, as an object. */
  private row(r: number): TimelineRow {
    const c = this.cols;
    return {
      eventId: c.eventId[r]!,
      kind: c.kind[r]!,
      seq: c.seq[r]!,
      t: c.t[r]!,
      lineNo: c.lineNo[r]!,
      byteOffset: c.byteOffset[r]!,
      byteLength: c.byteLength[r]!,
      nodeId: c.nodeId[r]!,
      actor: c.actor[r]!,
    };
  }
}
