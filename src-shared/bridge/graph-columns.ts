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
import type { LineageEdge, LineageNode } from '../lineage/types';
import type { WireNode } from './contract';

/** Values as written, or strings as indexes into a table (-1: null / absent). */
export type Column = { values: unknown[] } | { table: string[]; index: number[] };

/** Nodes of one kind (they share their data keys). */
export interface KindColumns {
  kind: LineageNode['kind'];
  length: number;
  id: string[];
  label: Column;
  seq: (number | null)[];
  eventIds: string[][];
  /** Data fields by key; a row without the field (or null there) has null. */
  data: Record<string, Column>;
  /** Sparse: [row, value] for the rows that have them. */
  corrections: [number, LineageNode['corrections']][];
  stale: number[];
  missing: number[];
}

export interface NodeColumns {
  length: number;
  kinds: KindColumns[];
}

export interface EdgeColumns {
  length: number;
  source: Column;
  target: string[];
  /** Reasons joined by "\n" (reasons never contain one). */
  reasons: Column;
  /** Sparse: [row, id] where the id is not "source->target". */
  ids: [number, string][];
}

/** A string column becomes a table when its values repeat enough to pay for it. */
function column(values: unknown[]): Column {
  const table: string[] = [];
  const seen = new Map<string, number>();
  const index: number[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      index[i] = -1;
      continue;
    }
    if (typeof v !== 'string') return { values };
    let at = seen.get(v);
    if (at === undefined) {
      at = table.length;
      table.push(v);
      seen.set(v, at);
      if (table.length > 16 && table.length * 2 > values.length) return { values };
    }
    index[i] = at;
  }
  return { table, index };
}

function read(col: Column, i: number): unknown {
  if ('values' in col) return col.values[i] ?? null;
  const at = col.index[i]!;
  return at < 0 ? null : col.table[at];
}

export function encodeNodes(nodes: Iterable<LineageNode>): NodeColumns {
  const byKind = new Map<LineageNode['kind'], LineageNode[]>();
  let length = 0;
  for (const n of nodes) {
    const list = byKind.get(n.kind);
    if (list) list.push(n);
    else byKind.set(n.kind, [n]);
    length++;
  }
  return { length, kinds: [...byKind].map(([kind, list]) => encodeKind(kind, list)) };
}

function encodeKind(kind: LineageNode['kind'], list: LineageNode[]): KindColumns {
  const keys = new Set<string>();
  for (const n of list)
    for (const k in n.data) if (n.data[k] !== null && n.data[k] !== undefined) keys.add(k);
  const data: Record<string, Column> = {};
  for (const k of keys) data[k] = column(list.map((n) => n.data[k] ?? null));
  const out: KindColumns = {
    kind,
    length: list.length,
    id: list.map((n) => n.id),
    label: column(list.map((n) => n.label)),
    seq: list.map((n) => n.seq),
    eventIds: list.map((n) => n.eventIds),
    data,
    corrections: [],
    stale: [],
    missing: [],
  };
  list.forEach((n, i) => {
    if (n.corrections.length) out.corrections.push([i, n.corrections]);
    if (n.stale) out.stale.push(i);
    if (n.missing) out.missing.push(i);
  });
  return out;
}

export function decodeNodes(cols: NodeColumns): WireNode[] {
  const out: WireNode[] = [];
  for (const k of cols.kinds) decodeKind(k, out);
  return out;
}

function decodeKind(cols: KindColumns, out: WireNode[]): void {
  const keys = Object.keys(cols.data);
  const first = out.length;
  for (let i = 0; i < cols.length; i++) {
    const data: Record<string, unknown> = {};
    for (const k of keys) {
      const v = read(cols.data[k]!, i);
      if (v !== null) data[k] = v;
    }
    out.push({
      id: cols.id[i]!,
      kind: cols.kind,
      label: read(cols.label, i) as string,
      eventIds: cols.eventIds[i]!,
      seq: cols.seq[i] ?? null,
      data,
    });
  }
  for (const [i, c] of cols.corrections) out[first + i]!.corrections = c;
  for (const i of cols.stale) out[first + i]!.stale = true;
  for (const i of cols.missing) out[first + i]!.missing = true;
}

export function encodeEdges(edges: Iterable<LineageEdge>): EdgeColumns {
  const list = [...edges];
  const ids: [number, string][] = [];
  list.forEach((e, i) => {
    if (e.id !== `${e.source}->${e.target}`) ids.push([i, e.id]);
  });
  return {
    length: list.length,
    source: column(list.map((e) => e.source)),
    target: list.map((e) => e.target),
    reasons: column(list.map((e) => e.reasons.join('\n'))),
    ids,
  };
}

export function decodeEdges(cols: EdgeColumns): LineageEdge[] {
  const out: LineageEdge[] = new Array(cols.length);
  for (let i = 0; i < cols.length; i++) {
    const source = read(cols.source, i) as string;
    const target = cols.target[i]!;
    const reasons = read(cols.reasons, i) as string;
    out[i] = {
      id: `${source}->${target}`,
      source,
      target,
      reasons: (reasons ? reasons.split('\n') : []) as LineageEdge['reasons'],
    };
  }
  for (const [i, id] of cols.ids) out[i]!.id = id;
  return out;
}
