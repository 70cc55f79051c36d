/**
 * The graph's nodes and edges together with the rows of the tool and subagent tables
 * (tool-table.ts, subagent-table.ts), as the read-only maps the lineage builder has always
 * offered: the graph's first, in its order, then the tool rows, then the subagent rows, each in
 * the order they were made. A row's nodes and edges are made when read.
 */
import type { LineageEdge, LineageNode } from '../types';
import type { SubagentTable } from './subagent-table';
import type { ToolTable } from './tool-table';

abstract class GraphAndRows<V> implements ReadonlyMap<string, V> {
  constructor(
    protected readonly graph: ReadonlyMap<string, V>,
    protected readonly tools: ToolTable,
    protected readonly subagents: SubagentTable,
  ) {}

  /** The value of `id` kept as a row of either table. */
  protected abstract rowValue(id: string): V | undefined;
  /** Every row's value with its id, tool rows first. */
  protected abstract rowEntries(): IterableIterator<[string, V]>;
  abstract get size(): number;

  get(id: string): V | undefined {
    return this.graph.get(id) ?? this.rowValue(id);
  }

  has(id: string): boolean {
    return this.graph.has(id) || this.rowValue(id) !== undefined;
  }

  *values(): MapIterator<V> {
    yield* this.graph.values();
    for (const [, value] of this.rowEntries()) yield value;
  }

  *keys(): MapIterator<string> {
    yield* this.graph.keys();
    for (const [id] of this.rowEntries()) yield id;
  }

  *entries(): MapIterator<[string, V]> {
    yield* this.graph.entries();
    yield* this.rowEntries();
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, id: string, map: ReadonlyMap<string, V>) => void): void {
    for (const [id, value] of this.entries()) fn(value, id, this);
  }
}

export class NodesWithRows extends GraphAndRows<LineageNode> {
  get size(): number {
    return this.graph.size + this.tools.size + this.subagents.nodeCount;
  }

  protected rowValue(id: string): LineageNode | undefined {
    const tool = this.tools.rowOf(id);
    if (tool >= 0) return this.tools.node(tool);
    const subagent = this.subagents.rowOf(id);
    return subagent < 0 ? undefined : this.subagents.nodeById(subagent, id);
  }

  protected *rowEntries(): IterableIterator<[string, LineageNode]> {
    for (const row of this.tools.rows()) yield [this.tools.nodeIdOf(row)!, this.tools.node(row)];
    for (const node of this.subagents.nodes()) yield [node.id, node];
  }
}

export class EdgesWithRows extends GraphAndRows<LineageEdge> {
  constructor(
    graph: ReadonlyMap<string, LineageEdge>,
    tools: ToolTable,
    subagents: SubagentTable,
    private readonly sessionEdgePrefix: string,
  ) {
    super(graph, tools, subagents);
  }

  get size(): number {
    return this.graph.size + this.tools.size + this.subagents.nodeCount;
  }

  protected rowValue(id: string): LineageEdge | undefined {
    const tool = this.tools.rowOfEdge(id);
    if (tool >= 0) return this.tools.edge(tool);
    const subagent = this.subagents.rowOfEdge(id, this.sessionEdgePrefix);
    return subagent < 0 ? undefined : this.subagents.edgesOf(subagent).find((e) => e.id === id);
  }

  protected *rowEntries(): IterableIterator<[string, LineageEdge]> {
    for (const row of this.tools.rows()) {
      const edge = this.tools.edge(row);
      yield [edge.id, edge];
    }
    for (const edge of this.subagents.edges()) yield [edge.id, edge];
  }
}
