/**
 * The plain produces-validations of a session, kept as rows rather than as graph nodes (as
 * tool-table.ts keeps plain tool calls and subagent-table.ts plain subagents).
 *
 * A validation is one event and one node, with one edge: from the subagent it attaches to by name
 * (SubagentAttachments), or from the session when there is none. Seven subagents in ten are
 * followed by one (~21k in the bench's 850k-event log). As a row it is its node id and its event's
 * ordinal; its node and edge are made when read, by build-nodes' own `validationOf`.
 *
 * Plain: not corrected. A correction moves the row into the graph for good. What a row shows
 * depends on its attachment: the lineage builder `touch`es a row whose subagent changed (a spawn
 * of its name came or was renamed), and the next delta sends its node again, with its new edge and
 * the removal of the edge it had.
 */
import type { EventView } from '../../formats/sciagent/session-log';
import { PagedArray } from '../../formats/columns/paged-array';
import type { BuildResult, NodeEntry } from '../reactive-graph';
import type { LineageDelta, LineageEdge, LineageNode } from '../types';
import { RowEntry, type RowNodeSource } from './row-entry';
import { RowIndex } from './row-index';
import type { Promote } from './tool-table';
import type { RowNodes } from './row-table-views';

export interface ValidationTableFacts {
  /** The log's event at an ordinal (validations are kept as objects: read, never made). */
  eventAt(ordinal: number): EventView | undefined;
  /** The validation's node and its edge (build-nodes' validationOf, its subagent's existence known). */
  build(nodeId: string, view: EventView): BuildResult;
}

export class ValidationTable implements RowNodes {
  /** Per row: its node id (`validation:<event id>`; null once promoted). */
  private readonly ids: (string | null)[] = [];
  private readonly index = new RowIndex((row) => this.ids[row] ?? null);
  private readonly ordinal = new PagedArray(Int32Array);
  /**
   * Per row: the source of the edge a delta last sent for it (undefined: none sent) — the node id
   * string its edge holds (the session's, or its subagent's), not the edge's own id.
   */
  private readonly sentSources: (string | undefined)[] = [];
  private readonly positions = new PagedArray(Int32Array);
  /** Rows changed since the last `flushInto`. */
  private pending: number[] = [];
  private readonly queued = new PagedArray(Uint8Array);
  private live = 0;
  /** What a pass over every node reads of a row (row-entry.ts). */
  private readonly entrySource: RowNodeSource = {
    kind: 'validation',
    idOf: (row) => this.ids[row]!,
    nodeOf: (row) => this.built(row).node!,
    getPosition: (row) => this.positions.get(row),
    setPosition: (row, position) => this.positions.set(row, position),
    eventsInto: (row, out) => this.eventsInto(row, out),
    ordinalsOf: (row) => [this.ordinal.get(row)],
  };

  constructor(private readonly facts: ValidationTableFacts) {}

  /** Rows held (plain validations): one node and one edge each. */
  get size(): number {
    return this.live;
  }

  /** Keeps an uncorrected validation as a row; returns its node id, or null (the graph's). */
  place(view: EventView, nodeId: string): string | null {
    if (view.corrections.length > 0 || this.index.get(nodeId) >= 0) return null;
    const row = this.ids.length;
    this.ids.push(nodeId);
    this.sentSources.push(undefined);
    this.ordinal.set(row, view.event.ordinal);
    this.index.add(nodeId, row);
    this.live++;
    this.queue(row);
    return nodeId;
  }

  /** Row `nodeId`'s subagent may have changed: its node and edge are sent again. */
  touch(nodeId: string): void {
    const row = this.index.get(nodeId);
    if (row >= 0) this.queue(row);
  }

  /**
   * Moves row `nodeId` (if it is one) into the graph (a correction of its event); returns whether
   * it was a row.
   */
  intoGraph(
    nodeId: string,
    promote: Promote,
    setMembership: (ordinal: number, node: string) => void,
  ): boolean {
    const row = this.index.get(nodeId);
    if (row < 0) return false;
    const ordinal = this.ordinal.get(row);
    const view = this.facts.eventAt(ordinal);
    if (view) setMembership(ordinal, promote(nodeId, view));
    this.ids[row] = null;
    this.sentSources[row] = undefined;
    this.live--;
    return true;
  }

  /** The row of a node id, or -1. */
  rowOf(nodeId: string): number {
    return this.index.get(nodeId);
  }

  /** The row's node and edge, built now. */
  built(row: number): BuildResult {
    return this.facts.build(this.ids[row]!, this.viewOf(row)!);
  }

  /** The row's event (in a list, as a node's events are asked for). */
  eventsInto(row: number, out: EventView[]): void {
    const view = this.viewOf(row);
    if (view) out.push(view);
  }

  // What row-table-views' maps read (RowNodes): a node and an edge a row.
  get nodeCount(): number {
    return this.live;
  }

  get edgeCount(): number {
    return this.live;
  }

  nodeById(nodeId: string): LineageNode | undefined {
    const row = this.index.get(nodeId);
    return row < 0 ? undefined : this.built(row).node!;
  }

  /** Edge `edgeId` (`<source>-><validation node>`): the row's, when its source is that. */
  edgeById(edgeId: string): LineageEdge | undefined {
    const at = edgeId.lastIndexOf('->');
    const row = at < 0 ? -1 : this.index.get(edgeId.slice(at + 2));
    const edge = row < 0 ? undefined : this.built(row).edges[0]!;
    return edge?.id === edgeId ? edge : undefined;
  }

  *nodeIds(): IterableIterator<string> {
    for (const row of this.rows()) yield this.ids[row]!;
  }

  /** The rows held, in the order they were made. */
  *rows(): IterableIterator<number> {
    for (let row = 0; row < this.ids.length; row++) if (this.ids[row] != null) yield row;
  }

  *nodes(): IterableIterator<LineageNode> {
    for (const row of this.rows()) yield this.built(row).node!;
  }

  *edges(): IterableIterator<LineageEdge> {
    for (const row of this.rows()) yield this.built(row).edges[0]!;
  }

  /** Entries for a pass over every node (ReactiveGraph.nodeEntries' kind). */
  *entries(): IterableIterator<NodeEntry<EventView>> {
    for (const row of this.rows()) yield new RowEntry(this.entrySource, row);
  }

  /** Every row's edge with the position a pass over `entries` gave its row. */
  *edgesWithTargetPositions(): IterableIterator<[LineageEdge, number]> {
    for (const row of this.rows()) yield [this.built(row).edges[0]!, this.positions.get(row)];
  }

  getPosition(row: number): number {
    return this.positions.get(row);
  }

  /**
   * The nodes and edges of the rows changed since the last call, into a graph delta (an edge whose
   * source changed is removed); with `into` null, nobody reads the delta (no node is made, and
   * what a reader takes later is a snapshot).
   */
  flushInto(into: Pick<LineageDelta, 'upsertedNodes' | 'upsertedEdges' | 'removedEdges'> | null): void {
    for (const row of this.pending) {
      this.queued.set(row, 0);
      if (this.ids[row] == null) continue; // moved into the graph meanwhile: it sends it
      const built = this.built(row);
      const edge = built.edges[0]!;
      const sent = this.sentSources[row];
      this.sentSources[row] = edge.source;
      if (into === null) continue;
      into.upsertedNodes.push(built.node!);
      if (sent === edge.source) continue;
      // Edge ids are `<source>-><target>` (build-nodes' edge and sessionEdge).
      if (sent !== undefined) into.removedEdges.push(`${sent}->${edge.target}`);
      into.upsertedEdges.push(edge);
    }
    this.pending = [];
  }

  private viewOf(row: number): EventView | undefined {
    return this.facts.eventAt(this.ordinal.get(row));
  }

  private queue(row: number): void {
    if (this.queued.get(row)) return;
    this.queued.set(row, 1);
    this.pending.push(row);
  }
}
