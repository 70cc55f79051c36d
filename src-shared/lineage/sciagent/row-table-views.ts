/**
 * The graph's nodes and edges together with the rows of the lineage's row tables (tool-table.ts,
 * subagent-table.ts, validation-table.ts), as the read-only maps the lineage builder has always
 * offered: the graph's first, in its order, then each table's rows in the order they were made.
 * A row's nodes and edges are made when read.
 */
import type { LineageEdge, LineageNode } from '../types';

/** What a row table shows as nodes and edges (each made when read). */
export interface RowNodes {
  readonly nodeCount: number;
  readonly edgeCount: number;
  nodeById(id: string): LineageNode | undefined;
  edgeById(id: string): LineageEdge | undefined;
  nodeIds(): Iterable<string>;
  nodes(): Iterable<LineageNode>;
  edges(): Iterable<LineageEdge>;
}

abstract class GraphAndRows<V> implements ReadonlyMap<string, V> {
  constructor(
    protected readonly graph: ReadonlyMap<string, V>,
    protected readonly tables: readonly RowNodes[],
  ) {}

  protected abstract count(table: RowNodes): number;
  protected abstract valueIn(table: RowNodes, id: string): V | undefined;
  protected abstract valuesOf(table: RowNodes): Iterable<V>;
  protected abstract idOf(value: V): string;

  get size(): number {
    let size = this.graph.size;
    for (const table of this.tables) size += this.count(table);
    return size;
  }

  get(id: string): V | undefined {
    const value = this.graph.get(id);
    if (value !== undefined) return value;
    for (const table of this.tables) {
      const row = this.valueIn(table, id);
      if (row !== undefined) return row;
    }
    return undefined;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  *values(): MapIterator<V> {
    yield* this.graph.values();
    for (const table of this.tables) yield* this.valuesOf(table);
  }

  *keys(): MapIterator<string> {
    yield* this.graph.keys();
    for (const table of this.tables) for (const value of this.valuesOf(table)) yield this.idOf(value);
  }

  *entries(): MapIterator<[string, V]> {
    yield* this.graph.entries();
    for (const table of this.tables)
      for (const value of this.valuesOf(table)) yield [this.idOf(value), value];
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, id: string, map: ReadonlyMap<string, V>) => void): void {
    for (const [id, value] of this.entries()) fn(value, id, this);
  }
}

export class NodesWithRows extends GraphAndRows<LineageNode> {
  protected count(table: RowNodes): number {
    return table.nodeCount;
  }

  protected valueIn(table: RowNodes, id: string): LineageNode | undefined {
    return table.nodeById(id);
  }

  protected valuesOf(table: RowNodes): Iterable<LineageNode> {
    return table.nodes();
  }

  protected idOf(node: LineageNode): string {
    return node.id;
  }

  /** Node ids without making the rows' nodes. */
  override *keys(): MapIterator<string> {
    yield* this.graph.keys();
    for (const table of this.tables) yield* table.nodeIds();
  }
}

export class EdgesWithRows extends GraphAndRows<LineageEdge> {
  protected count(table: RowNodes): number {
    return table.edgeCount;
  }

  protected valueIn(table: RowNodes, id: string): LineageEdge | undefined {
    return table.edgeById(id);
  }

  protected valuesOf(table: RowNodes): Iterable<LineageEdge> {
    return table.edges();
  }

  protected idOf(edge: LineageEdge): string {
    return edge.id;
  }
}
