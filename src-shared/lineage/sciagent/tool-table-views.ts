/**
 * The graph's nodes and edges together with the tool table's rows (tool-table.ts), as the read-only
 * maps the lineage builder has always offered: the graph's first, in its order, then the rows in
 * the order they were made. A row's node and edge are made when read.
 */
import type { LineageEdge, LineageNode } from '../types';
import type { ToolTable } from './tool-table';

abstract class GraphAndRows<V> implements ReadonlyMap<string, V> {
  constructor(
    protected readonly graph: ReadonlyMap<string, V>,
    protected readonly tools: ToolTable,
  ) {}

  protected abstract rowOf(id: string): number;
  protected abstract valueOf(row: number): V;
  protected abstract idOf(row: number): string;

  get size(): number {
    return this.graph.size + this.tools.size;
  }

  get(id: string): V | undefined {
    const value = this.graph.get(id);
    if (value !== undefined) return value;
    const row = this.rowOf(id);
    return row < 0 ? undefined : this.valueOf(row);
  }

  has(id: string): boolean {
    return this.graph.has(id) || this.rowOf(id) >= 0;
  }

  *values(): MapIterator<V> {
    yield* this.graph.values();
    for (const row of this.tools.rows()) yield this.valueOf(row);
  }

  *keys(): MapIterator<string> {
    yield* this.graph.keys();
    for (const row of this.tools.rows()) yield this.idOf(row);
  }

  *entries(): MapIterator<[string, V]> {
    yield* this.graph.entries();
    for (const row of this.tools.rows()) yield [this.idOf(row), this.valueOf(row)];
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, id: string, map: ReadonlyMap<string, V>) => void): void {
    for (const [id, value] of this.entries()) fn(value, id, this);
  }
}

export class NodesWithRows extends GraphAndRows<LineageNode> {
  protected rowOf(id: string): number {
    return this.tools.rowOf(id);
  }

  protected valueOf(row: number): LineageNode {
    return this.tools.node(row);
  }

  protected idOf(row: number): string {
    return this.tools.nodeIdOf(row)!;
  }
}

export class EdgesWithRows extends GraphAndRows<LineageEdge> {
  protected rowOf(id: string): number {
    return this.tools.rowOfEdge(id);
  }

  protected valueOf(row: number): LineageEdge {
    return this.tools.edge(row);
  }

  protected idOf(row: number): string {
    return this.tools.edge(row).id;
  }
}
