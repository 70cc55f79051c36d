/**
 * Lineage nodes and edges on the wire, in columns: one array per field, and a string column
 * whose values repeat (kinds, tool names, actors, models, an edge's source and reasons) as a
 * table plus indexes. A 100k-event session has ~50k nodes, three quarters of them tool calls with
 * the same dozen keys and a handful of distinct strings: as objects they were ~17 MB of JSON
 * (every key repeated per node), as columns ~6 MB, and edges ~6 MB → ~2 MB. Less for main to
 * stringify and the page to parse, on the critical path of opening a big session.
 *
 * What travels is what `WireNode` says: null data fields, empty corrections and false flags are
 * left out; decoding gives nodes without them (`fromWireNode` puts the defaults back).
 */
import { lowerBound } from '../collections/sorted-search';
import type { LineageEdge, LineageNode } from '../lineage/types';
import type { WireNode } from './contract';
import { nodeIdAt, type NodePositions } from './timeline-columns';
import { NO_CORRECTIONS } from './wire-node';

/** Values as written, or strings as indexes into a table (-1: null / absent). */
export type Column = { values: unknown[] } | { table: string[]; index: number[] };

/**
 * A node column whose every value is its node's id from character `idFrom` on (a tool call's
 * `toolCallId` in `tool:<id>`, an artifact's `path` and label, a subagent's `spawnEventId`): the
 * strings are not sent a second time. `absent`: the rows that have none (null), ascending.
 */
export interface IdTailColumn {
  idFrom: number;
  absent: number[];
}

/** What a node field travels as: a Column, or an IdTailColumn where the values are ids' tails. */
export type NodeColumn = Column | IdTailColumn;

/** Nodes of one kind (they share their data keys). */
export interface KindColumns {
  kind: LineageNode['kind'];
  length: number;
  id: string[];
  label: NodeColumn;
  seq: (number | null)[];
  /**
   * Per node, its events: a number is the position of the event's row in the timeline the same
   * message carries (its `eventId` column), a string an event the message has no row for. A UUID
   * per event was ~40 of a 1.2M-event snapshot's 240 MB, and the page compared it with its row's.
   */
  eventIds: (string | number)[][];
  /**
   * Deltas only, sparse, present when not empty: [row, n] for a node sent again whose first n
   * events are the first n of the copy its receiver holds (the last one sent); `eventIds` then
   * lists only the events after them. A cluster job gains a launch at a time among tens of
   * thousands: sent whole, it made a live append's message ~480 KB (100k-event session).
   */
  keptEvents?: [number, number][];
  /** Data fields by key; a row without the field (or null there) has null. */
  data: Record<string, NodeColumn>;
  /** Sparse: [row, value] for the rows that have them. */
  corrections: [number, LineageNode['corrections']][];
  stale: number[];
  missing: number[];
}

export interface NodeColumns {
  length: number;
  /** In order; a kind may come in several parts (a big snapshot is written a part at a time). */
  kinds: KindColumns[];
}

export interface EdgeColumns {
  length: number;
  source: Column;
  /** A node id, or the position of the node in the message's nodes (as a timeline row's node). */
  target: (string | number)[];
  /** Reasons joined by "\n" (reasons never contain one). */
  reasons: Column;
  /** Sparse: [row, id] where the id is not "source->target". */
  ids: [number, string][];
}

/**
 * Builds a Column row by row (rows never set are null): a string column becomes a table when its
 * values repeat enough to pay for it. Strings go into a table while they
 * repeat; past 16 distinct strings, once they are more than half the rows seen (ids, paths) or
 * of all rows, or at the first value that is not a string, the column becomes plain values.
 * Deciding early matters on a big session: a column of 600k distinct ids used to fill a map of
 * 300k strings before giving up on it.
 */
class ColumnBuilder {
  private values: unknown[] | null = null;
  private readonly table: string[] = [];
  private readonly seen = new Map<string, number>();
  // Grown by pushes, never made `new Array(length)`: a holey array is ~2x slower to stringify.
  private readonly index: number[] = [];

  constructor(private readonly length: number) {}

  /** Rows are set in increasing order; rows skipped are null. */
  set(i: number, v: unknown): void {
    if (v === null || v === undefined) return;
    if (this.values) {
      pad(this.values, i, null).push(v);
      return;
    }
    if (typeof v !== 'string') {
      pad(this.toValues(), i, null).push(v);
      return;
    }
    let at = this.seen.get(v);
    if (at === undefined) {
      at = this.table.length;
      this.table.push(v);
      this.seen.set(v, at);
      if (at >= 16 && (at * 2 > i + 1 || at * 2 > this.length)) {
        pad(this.toValues(), i, null).push(v);
        return;
      }
    }
    pad(this.index, i, -1).push(at);
  }

  finish(): Column {
    return this.values
      ? { values: pad(this.values, this.length, null) }
      : { table: this.table, index: pad(this.index, this.length, -1) };
  }

  private toValues(): unknown[] {
    const { table, index } = this;
    const values: unknown[] = [];
    for (const at of index) values.push(at < 0 ? null : table[at]);
    this.seen.clear();
    return (this.values = values);
  }
}

/**
 * Builds a node field's column: an IdTailColumn while every value is its node's id from one
 * character on — 9 of an 850k-event snapshot's 143 MB were tool call ids sent again after their
 * nodes' ids — else (from the first value that is not) a ColumnBuilder's column, the rows before
 * it replayed from the ids.
 */
class NodeColumnBuilder {
  private from = -1;
  private readonly absent: number[] = [];
  /** The row after the last one set. */
  private next = 0;
  private plain: ColumnBuilder | null = null;

  /** `ids`: the nodes' ids by row, as far as rows have been set (encodeKind's `id`). */
  constructor(
    private readonly length: number,
    private readonly ids: readonly string[],
  ) {}

  /** Rows are set in increasing order; rows skipped are null. `id`: row i's node id. */
  set(i: number, v: unknown, id: string): void {
    if (v === null || v === undefined) return;
    if (this.plain === null) {
      if (typeof v === 'string' && this.isTail(v, id)) {
        while (this.next < i) this.absent.push(this.next++);
        this.next = i + 1;
        return;
      }
      this.toPlain();
    }
    this.plain!.set(i, v);
  }

  finish(): NodeColumn {
    if (this.plain) return this.plain.finish();
    while (this.next < this.length) this.absent.push(this.next++);
    return { idFrom: this.from, absent: this.absent };
  }

  private isTail(v: string, id: string): boolean {
    if (this.from < 0) {
      if (!id.endsWith(v)) return false;
      this.from = id.length - v.length;
      return true;
    }
    return id.length - v.length === this.from && id.endsWith(v);
  }

  private toPlain(): void {
    const plain = (this.plain = new ColumnBuilder(this.length));
    if (this.from < 0) return;
    let a = 0;
    for (let row = 0; row < this.next; row++) {
      if (this.absent[a] === row) a++;
      else plain.set(row, this.ids[row]!.slice(this.from));
    }
  }
}

/** `list` filled with `filler` up to `length` entries. */
function pad<T>(list: T[], length: number, filler: T): T[] {
  while (list.length < length) list.push(filler);
  return list;
}

/** Row i of a node column; `id`: the row's node id (an IdTailColumn's values are its tails). */
function readNodeField(col: NodeColumn, i: number, id: string): unknown {
  if (!('idFrom' in col)) return read(col, i);
  const { absent } = col;
  return absent[lowerBound(absent, i, (row) => row)] === i ? null : id.slice(col.idFrom);
}

function read(col: Column, i: number): unknown {
  if ('values' in col) return col.values[i] ?? null;
  const at = col.index[i]!;
  return at < 0 ? null : col.table[at];
}

/**
 * A node's events as the positions of their rows in the message's timeline (an id where an event
 * has no row there), in the order of its `eventIds`, from its `from`th. `at`: the node's place in
 * the list being encoded.
 */
export type RowsOf = (node: LineageNode, from: number, at: number) => (string | number)[];

/**
 * `index`, when given, is filled with each node's position in the order `decodeNodes` gives them,
 * for the message's timeline rows and edges to refer to them (`TimelineEncoder`, `encodeEdges`).
 * `keptOf` (deltas): how many of a node's first events its receiver holds already (`keptEvents`).
 */
export function encodeNodes(
  nodes: Iterable<LineageNode>,
  index?: Map<string, number>,
  rowsOf?: RowsOf,
  keptOf?: (node: LineageNode) => number,
): NodeColumns {
  const byKind = nodesByKind(nodes, index);
  let length = 0;
  for (const list of byKind.values()) length += list.length;
  return { length, kinds: [...byKind].map(([kind, list]) => encodeKind(kind, list, rowsOf, keptOf)) };
}

/**
 * Nodes grouped by kind, in the order `decodeNodes` gives them; `index`, when given, is filled
 * with each node's position in that order. A big message's kinds may then be encoded a part at a
 * time (`encodeKind` on consecutive slices: `kinds` may name a kind more than once).
 */
export function nodesByKind(
  nodes: Iterable<LineageNode>,
  index?: Map<string, number>,
): Map<LineageNode['kind'], LineageNode[]> {
  const byKind = new Map<LineageNode['kind'], LineageNode[]>();
  for (const n of nodes) {
    const list = byKind.get(n.kind);
    if (list) list.push(n);
    else byKind.set(n.kind, [n]);
  }
  if (index) {
    let at = 0;
    for (const list of byKind.values()) for (const n of list) index.set(n.id, at++);
  }
  return byKind;
}

/** `rowsOf` for encodeNodes from a lookup of an event's row. */
export function rowsBy(rowOf: (eventId: string) => number | undefined): RowsOf {
  return (node, from) => {
    const out: (string | number)[] = [];
    const ids = node.eventIds;
    for (let i = from; i < ids.length; i++) out.push(rowOf(ids[i]!) ?? ids[i]!);
    return out;
  };
}

/** The ids of a message's nodes in the order `decodeNodes` gives them (what rows and edges refer to). */
export function nodeIdsOf(cols: NodeColumns): string[] {
  const ids: string[] = [];
  for (const k of cols.kinds) for (const id of k.id) ids.push(id);
  return ids;
}

/**
 * One pass over the kind's nodes, each field written straight into its column: no list of values
 * per data key, no column of a key built only to be dropped (a 1.2M-event session's snapshot
 * spent 2 s here, and its garbage was a good part of the worker's 3 s of GC).
 */
export function encodeKind(
  kind: LineageNode['kind'],
  list: LineageNode[],
  rowsOf?: RowsOf,
  keptOf?: (node: LineageNode) => number,
): KindColumns {
  const length = list.length;
  const id: string[] = [];
  const seq: (number | null)[] = [];
  const eventIds: (string | number)[][] = [];
  const label = new NodeColumnBuilder(length, id);
  // Keys in the order they are first met, as the page's nodes have them.
  const data = new Map<string, NodeColumnBuilder>();
  const corrections: KindColumns['corrections'] = [];
  const stale: number[] = [];
  const missing: number[] = [];
  const keptEvents: [number, number][] = [];
  for (let i = 0; i < length; i++) {
    const n = list[i]!;
    id.push(n.id);
    seq.push(n.seq);
    const kept = keptOf ? keptOf(n) : 0;
    if (kept) keptEvents.push([i, kept]);
    eventIds.push(rowsOf ? rowsOf(n, kept, i) : kept ? n.eventIds.slice(kept) : n.eventIds);
    label.set(i, n.label, n.id);
    const d = n.data;
    for (const k in d) {
      const v = d[k];
      if (v === null || v === undefined) continue;
      let col = data.get(k);
      if (!col) data.set(k, (col = new NodeColumnBuilder(length, id)));
      col.set(i, v, n.id);
    }
    if (n.corrections.length) corrections.push([i, n.corrections]);
    if (n.stale) stale.push(i);
    if (n.missing) missing.push(i);
  }
  const columns: Record<string, NodeColumn> = {};
  for (const [k, col] of data) columns[k] = col.finish();
  const labels = label.finish();
  const cols: KindColumns = {
    kind,
    length,
    id,
    label: labels,
    seq,
    eventIds,
    data: columns,
    corrections,
    stale,
    missing,
  };
  if (keptEvents.length) cols.keptEvents = keptEvents;
  return cols;
}

/** Nodes decoded with their first events taken from the list held for them (see takeEventsKeptFrom). */
const keptFromHeld = new WeakMap<object, { held: readonly string[]; kept: number }>();

/**
 * How many of a decoded node's first event ids are the very strings of `held` (the list
 * `heldEventIds` gave for it, as `keptEvents` said): 0 when none, or when `held` is another list.
 * Asked once: the answer is forgotten (it held the old list, a cluster job's tens of thousands).
 */
export function takeEventsKeptFrom(node: object, held: readonly string[]): number {
  const entry = keptFromHeld.get(node);
  if (!entry) return 0;
  keptFromHeld.delete(node);
  return entry.held === held ? entry.kept : 0;
}

/**
 * `rowEventIds`: the `eventId` column of the timeline the same message carries, which nodes' events
 * may refer to by position; a node then holds the very string its row has. `heldEventIds`: the
 * events of the copy of a node the receiver holds, for a node sent with events kept
 * (`keptEvents`); without it, or without such a copy, such a message cannot be decoded.
 */
export function decodeNodes(
  cols: NodeColumns,
  rowEventIds?: readonly string[],
  heldEventIds?: (nodeId: string) => readonly string[] | undefined,
): WireNode[] {
  const out: WireNode[] = [];
  for (const k of cols.kinds) decodeKind(k, out, rowEventIds, heldEventIds);
  return out;
}

/** In place (the message's own list, as the timeline's columns are taken over): positions become ids. */
function eventIdsAt(ids: (string | number)[], rowEventIds?: readonly string[]): string[] {
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (typeof id === 'string') continue;
    const at = rowEventIds?.[id];
    if (at === undefined) throw new Error(`a node refers to timeline row #${id}, not in its message`);
    ids[i] = at;
  }
  return ids as string[];
}

/** Field by field (a column's kind of storage checked once per column, not once per node). */
function decodeKind(
  cols: KindColumns,
  out: WireNode[],
  rowEventIds?: readonly string[],
  heldEventIds?: (nodeId: string) => readonly string[] | undefined,
): void {
  const first = out.length;
  const labels = cols.label;
  // With the defaults (fromWireNode's) in the literal: set afterwards, they took a property
  // array of their own per node (~25 bytes, 2.5 MB of the page's heap at 100k events).
  for (let i = 0; i < cols.length; i++)
    out.push({
      id: cols.id[i]!,
      kind: cols.kind,
      label: readNodeField(labels, i, cols.id[i]!) as string,
      eventIds: eventIdsAt(cols.eventIds[i]!, rowEventIds),
      seq: cols.seq[i] ?? null,
      data: {},
      corrections: NO_CORRECTIONS,
      stale: false,
      missing: false,
    });
  // Key by key, row by row: every node still gets its keys in the same order.
  for (const [k, col] of Object.entries(cols.data)) {
    if ('idFrom' in col) {
      // Sliced from the ids the nodes hold (V8 keeps a slice of 13 characters or more as a view).
      const { idFrom, absent } = col;
      for (let i = 0, a = 0; i < cols.length; i++) {
        if (absent[a] === i) a++;
        else out[first + i]!.data[k] = cols.id[i]!.slice(idFrom);
      }
    } else if ('values' in col) {
      const values = col.values;
      for (let i = 0; i < cols.length; i++) {
        const v = values[i];
        if (v !== null && v !== undefined) out[first + i]!.data[k] = v;
      }
    } else {
      const { table, index } = col;
      for (let i = 0; i < cols.length; i++) {
        const at = index[i]!;
        if (at >= 0) out[first + i]!.data[k] = table[at];
      }
    }
  }
  for (const [i, kept] of cols.keptEvents ?? []) {
    const node = out[first + i]!;
    const held = heldEventIds?.(node.id);
    if (!held || held.length < kept)
      throw new Error(
        `node ${node.id} was sent with its first ${kept} events kept, but ${held ? `${held.length} are held` : 'it is not held'}`,
      );
    // One copy (a cluster job's tens of thousands of ids, sent again with each launch): the held
    // list whole when the node kept all of it, as it does when it only grew.
    node.eventIds = (held.length === kept ? held : held.slice(0, kept)).concat(node.eventIds);
    keptFromHeld.set(node, { held, kept });
  }
  for (const [i, c] of cols.corrections) out[first + i]!.corrections = c;
  for (const i of cols.stale) out[first + i]!.stale = true;
  for (const i of cols.missing) out[first + i]!.missing = true;
}

/** `nodeIndex`: the positions of the nodes the same message carries (see `encodeNodes`). */
export function encodeEdges(edges: Iterable<LineageEdge>, nodeIndex?: NodePositions): EdgeColumns {
  const list = Array.isArray(edges) ? (edges as LineageEdge[]) : [...edges];
  const targets = list.map((e) => nodeIndex?.get(e.target) ?? -1);
  return encodeEdgesAt(list, targets);
}

/**
 * The same, each edge's target given as its node's position in the message (`targets[i]`, -1: not
 * in it, named by id) by a caller that knows them without a lookup (a snapshot).
 */
export function encodeEdgesAt(list: readonly LineageEdge[], targets: ArrayLike<number>): EdgeColumns {
  const length = list.length;
  const ids: [number, string][] = [];
  const source = new ColumnBuilder(length);
  const target: (string | number)[] = [];
  const reasons = new ColumnBuilder(length);
  for (let i = 0; i < length; i++) {
    const e = list[i]!;
    if (!isJoinedId(e.id, e.source, e.target)) ids.push([i, e.id]);
    source.set(i, e.source);
    const position = targets[i]!;
    target.push(position >= 0 ? position : e.target);
    // Most edges have one reason: no joined string made for them.
    reasons.set(i, joinedReasons(e));
  }
  return { length, source: source.finish(), target, reasons: reasons.finish(), ids };
}

/** Whether `id` is "source->target", without making that string (600k edges in a big session). */
function isJoinedId(id: string, source: string, target: string): boolean {
  const at = source.length;
  return (
    id.length === at + 2 + target.length &&
    id.charCodeAt(at) === 45 /* - */ &&
    id.charCodeAt(at + 1) === 62 /* > */ &&
    id.startsWith(source) &&
    id.endsWith(target)
  );
}

/**
 * Edge parts (a big snapshot's `edges` and `edgesMore`) as one set of columns, their strings as
 * plain values (for readers that want one: tests). A page decodes each part instead, which keeps
 * a part's reasons shared between its edges.
 */
export function joinEdgeParts(parts: readonly EdgeColumns[]): EdgeColumns {
  if (parts.length === 1) return parts[0]!;
  const joined = {
    length: 0,
    source: [] as unknown[],
    target: [] as (string | number)[],
    reasons: [] as unknown[],
  };
  const ids: [number, string][] = [];
  for (const part of parts) {
    for (const [row, id] of part.ids) ids.push([joined.length + row, id]);
    for (let i = 0; i < part.length; i++) {
      joined.source.push(read(part.source, i));
      joined.reasons.push(read(part.reasons, i));
      joined.target.push(part.target[i]!);
    }
    joined.length += part.length;
  }
  const { length, source, target, reasons } = joined;
  return { length, source: { values: source }, target, reasons: { values: reasons }, ids };
}

/** `nodeIds`: the ids of the nodes the same message carries (`nodeIdsOf`), which targets may refer to. */
export function decodeEdges(cols: EdgeColumns, nodeIds?: readonly string[]): LineageEdge[] {
  const out: LineageEdge[] = new Array(cols.length);
  // Reasons from the table are split once and shared by their edges (frozen: nobody may change one).
  const shared = 'table' in cols.reasons ? cols.reasons.table.map(splitReasons) : null;
  for (let i = 0; i < cols.length; i++) {
    const source = read(cols.source, i) as string;
    const target = nodeIdAt(cols.target[i], nodeIds, 'an edge')!;
    let reasons: LineageEdge['reasons'];
    if (shared && 'index' in cols.reasons) {
      const at = cols.reasons.index[i]!;
      reasons = at < 0 ? [] : shared[at]!;
    } else reasons = splitReasons(read(cols.reasons, i) as string | null);
    out[i] = { id: `${source}->${target}`, source, target, reasons };
  }
  for (const [i, id] of cols.ids) out[i]!.id = id;
  return out;
}

function splitReasons(joined: string | null): LineageEdge['reasons'] {
  return (joined ? Object.freeze(joined.split('\n')) : []) as LineageEdge['reasons'];
}

/** An edge's reasons as one string (most have one: no string made for them). */
function joinedReasons(e: LineageEdge): string {
  return e.reasons.length === 1 ? e.reasons[0]! : e.reasons.join('\n');
}
