/**
 * The plain subagents of a session, kept as rows rather than as graph nodes (as tool-table.ts keeps
 * plain tool calls).
 *
 * A long session spawns tens of thousands of subagents: the bench's 850k-event log ~30k, each with
 * its completion, an observation and a child session. As graph nodes each cost the engine two
 * states, two nodes with their data, two edges with their id strings and the map entries of all
 * of them (~60 MB and ~0.6 s of that read). As a row a subagent is its node id and its events'
 * ordinals; its nodes and edges are made when something reads them (a delta, a snapshot, a
 * detail), by build-nodes' own `buildSubagent` over its events — the node the graph would build.
 *
 * Plain: a spawn, then at most one completion naming it by `spawn_event_id`, and the observations
 * attached to it by name (SubagentAttachments), none of them corrected, its child session named by
 * no other subagent. An uncorrected observation may move between rows (`removeObservation`, then
 * `place`). Anything else — a completion before its spawn or a second one, a correction of any of
 * its events, a child session another subagent names — moves the row into the graph (`promote`),
 * which handles every case; the id stays there for good.
 * Nothing in the graph looks a subagent up but a produces-validation (whether its subagent exists):
 * `has` answers that for rows, unwatched — a row leaves only for the graph, where it exists too.
 */
import type { EventView } from '../../formats/sciagent/session-log';
import { compareEvents } from '../../formats/sciagent/session-log';
import { str } from '../../formats/sciagent/types';
import { PagedArray } from '../../formats/columns/paged-array';
import type { BuildResult, NodeEntry } from '../reactive-graph';
import type { LineageEdge, LineageNode } from '../types';
import { RowEntry, type RowNodeSource } from './row-entry';
import { RowIndex } from './row-index';
import type { Promote } from './tool-table';
import type { RowNodes } from './row-table-views';

/** An empty ordinal. */
const NONE = -1;
const CHILD_PREFIX = 'child:';
/** Which of a row's edges were sent (edgeSent bits). */
const SESSION_EDGE = 1;
const CHILD_EDGE = 2;

export interface SubagentTableFacts {
  /** `session:<id>->`: the prefix of the edges from the session. */
  sessionEdgePrefix: string;
  /** The log's event at an ordinal (subagent events are kept as objects: read, never made). */
  eventAt(ordinal: number): EventView | undefined;
  /** build-nodes' subagent builder: the node, its child session node and its edges… */
  build(nodeId: string, views: readonly EventView[]): BuildResult;
  /** …and its edges alone (`subagentEdges`), without the nodes. */
  edges(nodeId: string, childNode: string | null): LineageEdge[];
}

export class SubagentTable implements RowNodes {
  /** Per row: its node id (`subagent:<spawn event id>`; null once promoted). */
  private readonly ids: (string | null)[] = [];
  private readonly index = new RowIndex((row) => this.ids[row] ?? null);
  /** Node ids the graph has (a completion came first, a row was promoted): few. */
  private readonly inGraph = new Set<string>();
  /** Per row: the child session its completion names (null: none yet, or none named). */
  private readonly childIds: (string | null)[] = [];
  private readonly children = new RowIndex((row) => (this.ids[row] === null ? null : this.childIds[row]!));
  /** Child sessions the graph's subagents name: a row naming one goes into the graph. */
  private readonly graphChildren = new Set<string>();
  private childCount = 0;
  /** Per row: its events' ordinals (NONE: not yet); observations after the first in `more`. */
  private readonly spawn = new PagedArray(Int32Array);
  private readonly completion = new PagedArray(Int32Array);
  private readonly observation = new PagedArray(Int32Array);
  private readonly more = new Map<number, number[]>();
  /** Per row: the positions a pass over `entries` gave its node and its child's. */
  private readonly positions = new PagedArray(Int32Array);
  private readonly childPositions = new PagedArray(Int32Array);
  /** Rows changed since the last `flushInto`, and which of each row's edges were sent. */
  private pending: number[] = [];
  private readonly queued = new PagedArray(Uint8Array);
  private readonly edgeSent = new PagedArray(Uint8Array);
  private live = 0;
  private lastBuiltRow = -1;
  private lastBuilt: BuildResult | null = null;
  /** What a pass over every node reads of a row's subagent, and of its child session (row-entry.ts). */
  private readonly subagentSource: RowNodeSource = {
    kind: 'subagent',
    idOf: (row) => this.ids[row]!,
    nodeOf: (row) => this.built(row).node!,
    getPosition: (row) => this.positions.get(row),
    setPosition: (row, position) => this.positions.set(row, position),
    eventsInto: (row, out) => this.eventsInto(row, out),
    ordinalsOf: (row) => this.ordinalsOf(row),
  };
  private readonly childSource: RowNodeSource = {
    kind: 'child_session',
    idOf: (row) => this.childNodeIdOf(row)!,
    nodeOf: (row) => this.built(row).extras[0]!,
    getPosition: (row) => this.childPositions.get(row),
    setPosition: (row, position) => this.childPositions.set(row, position),
    eventsInto: () => {}, // no events of its own
    ordinalsOf: () => [],
  };

  constructor(private readonly facts: SubagentTableFacts) {}

  /** Rows held (plain subagents). */
  get size(): number {
    return this.live;
  }

  /** Nodes the rows show: each row's, and its child session's once completed with one. */
  get nodeCount(): number {
    return this.live + this.childCount;
  }

  /** The row's child session node id (null: none). */
  childNodeIdOf(row: number): string | null {
    const childId = this.childIds[row];
    return childId == null ? null : CHILD_PREFIX + childId;
  }

  /** Whether node `nodeId` is a row's subagent. */
  has(nodeId: string): boolean {
    return this.index.get(nodeId) >= 0;
  }

  /**
   * Keeps a subagent event as (part of) a row when its subagent stays plain; returns the row's
   * node id (the table's one string of it), or null when the event belongs to the graph: the
   * caller then puts it there through `intoGraph`, which promotes a row of that id first.
   */
  place(view: EventView, nodeId: string): string | null {
    if (view.corrections.length > 0 || this.inGraph.has(nodeId)) return null;
    const { event } = view;
    if (event.kind === 'subagent_spawned')
      return this.index.get(nodeId) >= 0 ? null : this.add(nodeId, event.ordinal);
    const row = this.index.get(nodeId);
    if (row < 0) return null;
    if (event.kind === 'subagent_observation') {
      if (this.observation.get(row) === NONE) this.observation.set(row, event.ordinal);
      else {
        const list = this.more.get(row);
        if (list) list.push(event.ordinal);
        else this.more.set(row, [event.ordinal]);
      }
    } else if (event.kind === 'subagent_completed') {
      if (this.completion.get(row) !== NONE) return null;
      const childId = str(view.body['child_session_id']);
      if (childId !== null) {
        if (this.graphChildren.has(childId) || this.children.get(childId) >= 0) return null;
        this.childIds[row] = childId;
        this.children.add(childId, row);
        this.childCount++;
      }
      this.completion.set(row, event.ordinal);
    } else return null;
    this.queue(row);
    return this.ids[row]!;
  }

  /** Takes observation `ordinal` out of row `nodeId` (it attaches to another subagent now). */
  removeObservation(nodeId: string, ordinal: number): void {
    const row = this.index.get(nodeId);
    if (row < 0) return;
    const more = this.more.get(row);
    if (this.observation.get(row) === ordinal) this.observation.set(row, more?.shift() ?? NONE);
    else if (more?.includes(ordinal)) more.splice(more.indexOf(ordinal), 1);
    else return;
    if (more?.length === 0) this.more.delete(row);
    this.queue(row);
  }

  /**
   * The graph takes an event into subagent node `nodeId`: a row of that id goes into the graph
   * first (its events become members of the graph's node of the same id), and the id stays there.
   * Returns whether a row was moved.
   */
  intoGraph(
    nodeId: string,
    promote: Promote,
    setMembership: (ordinal: number, node: string) => void,
  ): boolean {
    this.inGraph.add(nodeId);
    const row = this.index.get(nodeId);
    if (row < 0) return false;
    for (const ordinal of this.ordinalsOf(row)) {
      const view = this.facts.eventAt(ordinal);
      if (view) setMembership(ordinal, promote(nodeId, view));
    }
    const childId = this.childIds[row];
    if (childId != null) {
      this.graphChildren.add(childId);
      this.childCount--;
    }
    this.ids[row] = null;
    this.more.delete(row);
    if (this.lastBuiltRow === row) this.lastBuiltRow = -1;
    this.live--;
    return true;
  }

  /**
   * A completion the graph takes names child session `childId`: a row naming it goes into the
   * graph (two owners of one child node are the graph's to count), and later rows never take it.
   */
  childIntoGraph(
    childId: string,
    promote: Promote,
    setMembership: (ordinal: number, node: string) => void,
  ): void {
    this.graphChildren.add(childId);
    const row = this.children.get(childId);
    if (row >= 0) this.intoGraph(this.ids[row]!, promote, setMembership);
  }

  /** The row of a node id (`subagent:…` or a row's `child:…`), or -1. */
  rowOf(nodeId: string): number {
    if (nodeId.startsWith(CHILD_PREFIX)) return this.children.get(nodeId.slice(CHILD_PREFIX.length));
    return this.index.get(nodeId);
  }

  /** The row's events, in reading order. */
  eventsInto(row: number, out: EventView[]): void {
    for (const view of this.viewsOf(row)) out.push(view);
  }

  /**
   * What the row shows, built now: its node, its child session's, its edges. The last row built is
   * kept until it changes: a pass over every node reads a row's node and then its child's.
   */
  built(row: number): BuildResult {
    if (this.lastBuiltRow === row) return this.lastBuilt!;
    const built = this.facts.build(this.ids[row]!, this.viewsOf(row));
    this.lastBuiltRow = row;
    this.lastBuilt = built;
    return built;
  }

  // What row-table-views' maps read (RowNodes): a row's subagent and child session, and their edges.
  get edgeCount(): number {
    return this.nodeCount;
  }

  /** Node `nodeId` (a row's subagent or its child session). */
  nodeById(nodeId: string): LineageNode | undefined {
    const row = this.rowOf(nodeId);
    if (row < 0) return undefined;
    const built = this.built(row);
    return nodeId.startsWith(CHILD_PREFIX) ? built.extras[0] : built.node!;
  }

  /** Edge `edgeId` (from the session to a row, or from a row to its child session). */
  edgeById(edgeId: string): LineageEdge | undefined {
    const prefix = this.facts.sessionEdgePrefix;
    const source = edgeId.startsWith(prefix)
      ? edgeId.slice(prefix.length)
      : edgeId.slice(0, edgeId.indexOf('->'));
    const row = source.startsWith(CHILD_PREFIX) ? -1 : this.index.get(source);
    return row < 0 ? undefined : this.edgesOf(row).find((e) => e.id === edgeId);
  }

  *nodeIds(): IterableIterator<string> {
    for (const row of this.rows()) {
      yield this.ids[row]!;
      const child = this.childNodeIdOf(row);
      if (child !== null) yield child;
    }
  }

  /** The rows held, in the order they were made. */
  *rows(): IterableIterator<number> {
    for (let row = 0; row < this.ids.length; row++) if (this.ids[row] != null) yield row;
  }

  /** Every row's nodes (its subagent's, then its child session's). */
  *nodes(): IterableIterator<LineageNode> {
    for (const row of this.rows()) {
      const built = this.built(row);
      yield built.node!;
      if (built.extras.length) yield built.extras[0]!;
    }
  }

  /** The row's edges (from the session, then to its child session), without building its nodes. */
  edgesOf(row: number): LineageEdge[] {
    return this.facts.edges(this.ids[row]!, this.childNodeIdOf(row));
  }

  /**
   * Every row's edges: those from the session first, then those to child sessions (runs of one
   * source, which a snapshot's edge columns send once a run).
   */
  *edges(): IterableIterator<LineageEdge> {
    for (const [edge] of this.edgesWithTargetPositions()) yield edge;
  }

  /**
   * Entries for a pass over every node (ReactiveGraph.nodeEntries' kind): a row's subagent, then
   * its child session.
   */
  *entries(): IterableIterator<NodeEntry<EventView>> {
    for (const row of this.rows()) {
      yield new RowEntry(this.subagentSource, row);
      if (this.childIds[row] != null) yield new RowEntry(this.childSource, row);
    }
  }

  /** Every row's edges (`edges`' order) with the position a pass over `entries` gave their targets. */
  *edgesWithTargetPositions(): IterableIterator<[LineageEdge, number]> {
    for (const row of this.rows()) yield [this.edgesOf(row)[0]!, this.positions.get(row)];
    for (const row of this.rows())
      if (this.childIds[row] != null) yield [this.edgesOf(row)[1]!, this.childPositions.get(row)];
  }

  /** The position a pass over `entries` gave node `nodeId` of row `row`. */
  positionOf(row: number, nodeId: string): number {
    return nodeId.startsWith(CHILD_PREFIX) ? this.childPositions.get(row) : this.positions.get(row);
  }

  /**
   * The nodes (and first edges) of the rows changed since the last call, into a graph delta; with
   * `into` null, nobody reads the delta (no node is made).
   */
  flushInto(into: { nodes: LineageNode[]; edges: LineageEdge[] } | null): void {
    for (const row of this.pending) {
      this.queued.set(row, 0);
      if (this.ids[row] == null) continue; // moved into the graph meanwhile: it sends it
      const wanted = this.childIds[row] != null ? SESSION_EDGE | CHILD_EDGE : SESSION_EDGE;
      if (into === null) {
        this.edgeSent.set(row, wanted); // what a reader takes later is a snapshot, which has them
        continue;
      }
      const built = this.built(row);
      into.nodes.push(built.node!, ...built.extras);
      const sent = this.edgeSent.get(row);
      if (!(sent & SESSION_EDGE)) into.edges.push(built.edges[0]!);
      if (wanted & CHILD_EDGE && !(sent & CHILD_EDGE)) into.edges.push(built.edges[1]!);
      this.edgeSent.set(row, wanted);
    }
    this.pending = [];
  }

  /** The row's events' ordinals in reading order (the order of its node's `eventIds`). */
  private ordinalsOf(row: number): number[] {
    return this.viewsOf(row).map((view) => view.event.ordinal);
  }

  private add(nodeId: string, ordinal: number): string {
    const row = this.ids.length;
    this.ids.push(nodeId);
    this.childIds.push(null);
    this.spawn.set(row, ordinal);
    this.completion.set(row, NONE);
    this.observation.set(row, NONE);
    this.index.add(nodeId, row);
    this.live++;
    this.queue(row);
    return nodeId;
  }

  private viewsOf(row: number): EventView[] {
    const views: EventView[] = [];
    const push = (ordinal: number) => {
      const view = ordinal === NONE ? undefined : this.facts.eventAt(ordinal);
      if (view) views.push(view);
    };
    push(this.spawn.get(row));
    push(this.observation.get(row));
    for (const ordinal of this.more.get(row) ?? []) push(ordinal);
    push(this.completion.get(row));
    return views.sort((a, b) => compareEvents(a.event, b.event));
  }

  private queue(row: number): void {
    if (this.lastBuiltRow === row) this.lastBuiltRow = -1;
    if (this.queued.get(row)) return;
    this.queued.set(row, 1);
    this.pending.push(row);
  }
}
