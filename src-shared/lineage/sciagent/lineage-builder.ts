/**
 * Incremental sciagent lineage: feed it the reader's deltas, get graph deltas back.
 * Appending one event rebuilds that event's node and the few nodes that depend on it.
 */
import type { EventView, LogDelta, SessionLog } from '../../formats/sciagent/session-log';
import { type NodeEntry, ReactiveGraph } from '../reactive-graph';
import type { LineageDelta, LineageEdge, LineageNode } from '../types';
import {
  buildNode,
  buildSubagent,
  SESSION_ANCHOR,
  signatureOf,
  subagentEdges,
  validationOf,
  type BuilderFacts,
  type Member,
} from './build-nodes';
import { JobMembers } from './job-members';
import { membershipOf, nodeIds } from './membership';
import { SubagentAttachments } from './subagent-attachments';
import { SubagentTable } from './subagent-table';
import { ToolTable } from './tool-table';
import { EdgesWithRows, NodesWithRows } from './row-table-views';
import { ValidationTable } from './validation-table';
import { str } from '../../formats/sciagent/types';

export interface LineageBuilderOptions {
  childSessionExists?: (sessionId: string) => boolean | undefined;
}

/** Jobs of at least this many members keep what their last build sorted out (job-members.ts). */
const KEPT_JOB_MEMBERS = 64;

export class SciagentLineageBuilder {
  private readonly graph: ReactiveGraph<Member>;
  /** Plain tool calls, as rows rather than graph nodes (tool-table.ts). */
  private readonly tools: ToolTable;
  /** Plain subagents and produces-validations, the same way (subagent-table.ts, validation-table.ts). */
  private readonly subagents: SubagentTable;
  private readonly validations: ValidationTable;
  /**
   * The node of every placed event (null: a correction, in no node; a number: a row of `tools`;
   * a string: a node of the graph, or a row of `subagents` or `validations`),
   * by the event's ordinal in the log — dense from 0, so an array: no map entry, nor a lookup by
   * event id, per event.
   */
  private readonly membership: (string | number | null)[] = [];
  /** The graph's nodes and edges with the rows' (made when read). */
  readonly nodes: ReadonlyMap<string, LineageNode>;
  readonly edges: ReadonlyMap<string, LineageEdge>;
  private readonly promote = (nodeId: string, view: EventView): string => this.graph.addMember(nodeId, view);
  private readonly setMembership = (ordinal: number, nodeId: string): void => {
    this.membership[ordinal] = nodeId;
  };
  private maxCorrectionSeq: number | null = null;
  /** Reused by nodeWithEventsOf (it never nests). */
  private readonly members: Member[] = [];
  private readonly attachments = new SubagentAttachments();
  /** What each big job's last build sorted out of its members (a few per session; kept for its life). */
  private readonly jobs = new Map<string, JobMembers>();

  constructor(
    private readonly log: SessionLog,
    readonly sessionId: string,
    options: LineageBuilderOptions = {},
  ) {
    const facts: BuilderFacts = {
      sessionId,
      sessionNode: nodeIds.session(sessionId),
      sessionEdgePrefix: `${nodeIds.session(sessionId)}->`,
      view: (eventId) => log.events.get(eventId),
      maxCorrectionSeq: () => this.maxCorrectionSeq,
      childSessionExists: options.childSessionExists ?? (() => undefined),
      attachedSubagent: (eventId) => this.attachments.of(eventId),
      subagentRow: (id) => this.subagents.has(id),
      jobMembers: (jobId, count) => {
        // A small job is sorted out afresh (most jobs: a few launches): kept for each, its lists
        // were ~2.5 KB a job, 12 MB of a 1.2M-event session of 5,000 jobs.
        if (count < KEPT_JOB_MEMBERS) return new JobMembers();
        let members = this.jobs.get(jobId);
        if (!members) this.jobs.set(jobId, (members = new JobMembers(true)));
        return members;
      },
    };
    this.graph = new ReactiveGraph<Member>(
      (id, members, ctx) => buildNode(id, members, ctx, facts),
      signatureOf,
    );
    this.graph.addMember(nodeIds.session(sessionId), SESSION_ANCHOR);
    this.tools = new ToolTable({
      sessionNode: facts.sessionNode,
      sessionEdgePrefix: facts.sessionEdgePrefix,
      eventAt: (ordinal) => log.events.peek(ordinal),
      keptEventAt: (ordinal) => log.events.at(ordinal),
      idAt: (ordinal) => log.idAt(ordinal),
      seqAt: (ordinal) => log.seqAt(ordinal),
    });
    this.subagents = new SubagentTable({
      sessionEdgePrefix: facts.sessionEdgePrefix,
      eventAt: (ordinal) => log.events.at(ordinal),
      build: (id, views) => buildSubagent(id, views, facts),
      edges: (id, childNode) => subagentEdges(facts, id, childNode),
    });
    // A row's subagent exists for good once attached to (an attachment names a spawned subagent,
    // and its spawn stays its member): a row's edge is made from what is there when it is read.
    const ownerExists = (owner: string) => this.subagents.has(owner) || this.graph.nodes.has(owner);
    this.validations = new ValidationTable({
      eventAt: (ordinal) => log.events.at(ordinal),
      build: (id, view) => validationOf(id, view, facts, ownerExists),
    });
    const tables = [this.tools, this.subagents, this.validations];
    this.nodes = new NodesWithRows(this.graph.nodes, tables);
    this.edges = new EdgesWithRows(this.graph.edges, tables);
  }

  /** How many tool nodes are kept as rows (plain: one call, one result, no correction, no job). */
  get toolRows(): number {
    return this.tools.size;
  }

  /** How many subagents are kept as rows (plain: see subagent-table.ts). */
  get subagentRows(): number {
    return this.subagents.size;
  }

  /** How many produces-validations are kept as rows (uncorrected: see validation-table.ts). */
  get validationRows(): number {
    return this.validations.size;
  }

  /** How many node builds the graph has run (what a change cost, for tests). */
  get rebuilds(): number {
    return this.graph.rebuilds;
  }

  /** The node an event belongs to (null for corrections). */
  nodeOf(eventId: string): string | null {
    const view = this.log.events.get(eventId);
    return view ? this.nodeOfView(view) : null;
  }

  /** The same for an event of the log at hand (no lookup by id). */
  nodeOfView(view: EventView): string | null {
    const node = this.membership[view.event.ordinal];
    return typeof node === 'number' ? this.tools.nodeIdOf(node) : (node ?? null);
  }

  /**
   * The node of a placed event and the events it is made of (appended to `events`), without a
   * lookup of any event by id; undefined when the event is in no node that is drawn.
   */
  nodeWithEventsOf(view: EventView, events: EventView[]): LineageNode | undefined {
    const nodeId = this.membership[view.event.ordinal];
    if (typeof nodeId === 'number') {
      this.tools.eventsInto(nodeId, events);
      return this.tools.node(nodeId);
    }
    if (!nodeId) return undefined;
    const row = this.subagents.rowOf(nodeId);
    if (row >= 0) {
      this.subagents.eventsInto(row, events);
      return this.subagents.built(row).node!;
    }
    const validation = this.validations.rowOf(nodeId);
    if (validation >= 0) {
      this.validations.eventsInto(validation, events);
      return this.validations.built(validation).node!;
    }
    const members = this.members;
    const node = this.graph.nodeWithMembers(nodeId, members);
    for (const m of members) if (m !== SESSION_ANCHOR) events.push(m);
    members.length = 0;
    return node;
  }

  /**
   * Every node's entry in node order (ReactiveGraph.nodeEntries), for a snapshot: it reads each
   * node's members from its entry and places it there, without a map of node ids.
   */
  *nodeEntries(): IterableIterator<NodeEntry<Member>> {
    yield* this.graph.nodeEntries();
    yield* this.tools.entries();
    yield* this.subagents.entries();
    yield* this.validations.entries();
  }

  /**
   * Every edge (`edges`' order) with the position a pass over `nodeEntries` gave its target (-1:
   * no node), for a snapshot. A tool row's edge targets the row itself: its position is the row's,
   * not looked up by an id made for it (most of a big session's edges; ~0.4 s at 850k events).
   */
  *edgesWithTargetPositions(): IterableIterator<[LineageEdge, number]> {
    for (const edge of this.graph.edges.values()) yield [edge, this.positionOf(edge.target)];
    for (const row of this.tools.rows()) yield [this.tools.edge(row), this.tools.getPosition(row)];
    yield* this.subagents.edgesWithTargetPositions();
    yield* this.validations.edgesWithTargetPositions();
  }

  /** The position a pass over `nodeEntries` gave node `id`; -1 when it has no node. */
  positionOf(nodeId: string): number {
    const position = this.graph.positionOf(nodeId);
    if (position >= 0) return position;
    const subagent = this.subagents.rowOf(nodeId);
    if (subagent >= 0) return this.subagents.positionOf(subagent, nodeId);
    const validation = this.validations.rowOf(nodeId);
    if (validation >= 0) return this.validations.getPosition(validation);
    const row = this.tools.rowOf(nodeId);
    return row < 0 ? -1 : this.tools.getPosition(row);
  }

  /**
   * Whether the event is a tool call or result whose node has both (appended to `events`, when
   * so): nothing reads their bodies again unless a correction changes one (LiveSession). 'row':
   * the node is a tool row, which holds its events by ordinal (nothing holds their objects).
   */
  settledToolEvents(view: EventView, events: EventView[]): 'row' | 'node' | null {
    const place = this.membership[view.event.ordinal];
    if (typeof place === 'number') {
      if (!this.tools.settled(place)) return null;
      this.tools.eventsInto(place, events);
      return 'row';
    }
    const node = this.nodeWithEventsOf(view, events);
    if (node?.data['hasCall'] === true && node.data['hasResult'] === true) return 'node';
    events.length = 0;
    return null;
  }

  /**
   * An entry's node's events as their ordinals in the log, in the order of its `eventIds`, found
   * among its members (no lookup by event id: hashing 1.2M ids for a snapshot cost its worker
   * ~0.3 s); an id where an event is not a member of its node (an extra's) is looked up in the
   * log. `onMember` is told the ordinal of each of its own events (those the timeline says belong
   * to it).
   */
  ordinalsOfEntry(
    entry: NodeEntry<Member>,
    onMember: (ordinal: number) => void,
    node: LineageNode = entry.node!,
  ): (string | number)[] {
    const known = entry.ordinals?.();
    if (known) {
      for (const ordinal of known) onMember(ordinal);
      return known;
    }
    const members = this.members;
    entry.membersInto(members);
    for (const m of members) if (m !== SESSION_ANCHOR) onMember(m.event.ordinal);
    // Most nodes have one to a few members (searched: their ids are the members' own strings, so
    // === is a pointer test); a job can have thousands (a map, not a search per event).
    let byId: Map<string, number> | null = null;
    if (members.length > FEW_MEMBERS) {
      byId = new Map();
      for (const m of members) if (m !== SESSION_ANCHOR) byId.set(m.event.eventId, m.event.ordinal);
    }
    const out: (string | number)[] = new Array(node.eventIds.length);
    for (let i = 0; i < node.eventIds.length; i++) {
      const id = node.eventIds[i]!;
      let ordinal = byId?.get(id);
      if (!byId)
        for (const m of members)
          if (m !== SESSION_ANCHOR && m.event.eventId === id) {
            ordinal = m.event.ordinal;
            break;
          }
      out[i] = ordinal ?? this.log.events.get(id)?.event.ordinal ?? id;
    }
    members.length = 0;
    return out;
  }

  /**
   * Applies one reader delta and returns the graph delta it causes. `wanted` false: nobody reads
   * the returned delta (a session nobody follows); tool rows' nodes are then not made for it.
   * `firstRead`: the log is being read for the first time, and a big node (a cluster job) may
   * lag behind its events until `settle` (ReactiveGraph.flush).
   */
  apply(delta: LogDelta, wanted = true, firstRead = false): LineageDelta {
    for (const view of delta.added) this.place(view);
    for (const view of delta.corrected) {
      this.place(view);
      const nodeId = this.membership[view.event.ordinal];
      if (typeof nodeId === 'string') this.graph.markDirty(nodeId);
    }
    // A target may arrive after its correction (added already corrected) or before it.
    for (const view of delta.added) this.noteCorrections(view);
    for (const view of delta.corrected) this.noteCorrections(view);
    const out = this.graph.flush(firstRead);
    const into = wanted ? { nodes: out.upsertedNodes, edges: out.upsertedEdges } : null;
    this.tools.flushInto(into);
    this.subagents.flushInto(into);
    this.validations.flushInto(wanted ? out : null);
    return out;
  }

  /** Rebuilds the nodes a first read let lag (`apply`'s firstRead); null when none did. */
  settle(): LineageDelta | null {
    return this.graph.hasWaiting ? this.graph.flush() : null;
  }

  private noteCorrections(view: EventView): void {
    // A view's corrections are in seq order, those without one last: its highest seq is the last
    // one that has a seq (a lookup per correction, for each new one, made one event corrected
    // thousands of times quadratic).
    const list = view.corrections;
    for (let i = list.length - 1; i >= 0; i--) {
      const seq = list[i]!.seq;
      if (seq === null) continue;
      if (this.maxCorrectionSeq === null || seq > this.maxCorrectionSeq) {
        this.maxCorrectionSeq = seq;
        this.graph.touch('corrections', '');
      }
      return;
    }
  }

  /** Puts an event in the node its (corrected) view belongs to, moving it if that changed. */
  private place(view: EventView): void {
    const eventId = view.event.eventId;
    const kind = view.event.kind;
    const ordinal = view.event.ordinal;
    if (kind === 'tool_call' || kind === 'tool_result') {
      const row = this.membership[ordinal];
      // A row's event placed again (a correction changed it): its row goes into the graph first.
      if (typeof row === 'number') this.tools.promote(row, this.promote, this.setMembership);
      else if (row === undefined) {
        const placed = this.tools.place(view, this.promote, this.setMembership);
        if (placed !== null) {
          this.membership[ordinal] = placed;
          return;
        }
      }
    }
    const name = attachedByName(kind) ? str(view.body['subagent_name']) : null;
    let next = membershipOf(view, this.sessionId);
    // Attached with a null name too: a correction that removes the name detaches the event.
    if (kind === 'subagent_observation')
      next = this.attachments.attach(name, view.event.seq, eventId) ?? next;
    if (kind === 'produces_validation_passed' || kind === 'produces_validation_failed')
      this.attachments.attach(name, view.event.seq, eventId);
    const prev = this.membership[ordinal] as string | null | undefined;
    if (
      kind === 'subagent_observation' &&
      prev &&
      prev !== next &&
      next &&
      this.moveObservation(view, prev, next)
    )
      return;
    // A row's event placed again (corrected, or attached elsewhere): the row goes into the graph
    // first, which handles every case.
    if (prev?.startsWith(SUBAGENT_PREFIX)) this.subagents.intoGraph(prev, this.promote, this.setMembership);
    else if (prev?.startsWith(VALIDATION_PREFIX))
      this.validations.intoGraph(prev, this.promote, this.setMembership);
    else if (prev === undefined && next !== null && subagentKind(kind)) {
      const placed = this.subagents.place(view, next);
      if (placed !== null) {
        this.membership[ordinal] = placed;
        if (kind === 'subagent_spawned') this.addSpawn(name, view, placed);
        return;
      }
    } else if (prev === undefined && next?.startsWith(VALIDATION_PREFIX)) {
      const placed = this.validations.place(view, next);
      if (placed !== null) {
        this.membership[ordinal] = placed;
        return;
      }
    }
    if (kind === 'subagent_completed') {
      const childId = str(view.body['child_session_id']);
      if (childId !== null) this.subagents.childIntoGraph(childId, this.promote, this.setMembership);
    }
    if (prev !== next || prev === undefined) {
      if (prev) this.graph.removeMember(prev, view);
      if (next?.startsWith('tool:')) this.tools.intoGraph(next, this.promote, this.setMembership);
      else if (next?.startsWith(SUBAGENT_PREFIX))
        this.subagents.intoGraph(next, this.promote, this.setMembership);
      else if (next?.startsWith(VALIDATION_PREFIX))
        this.validations.intoGraph(next, this.promote, this.setMembership);
      // The graph's own copy of the node id: one string per node, not one per event.
      this.membership[ordinal] = next ? (next = this.graph.addMember(next, view)) : next;
    }
    if (kind === 'subagent_spawned' && next) this.addSpawn(name, view, next);
  }

  /**
   * Files a spawn under its (corrected) name; the events that attach to it now (or no longer:
   * a rename moves the events it owned by name) are placed again.
   */
  private addSpawn(name: string | null, view: EventView, nodeId: string): void {
    for (const moved of this.attachments.addSpawn(name, view.event.seq, nodeId)) {
      const movedView = this.log.events.get(moved);
      if (!movedView) continue;
      if (movedView.event.kind === 'subagent_observation') this.place(movedView);
      else {
        const validation = this.membership[movedView.event.ordinal];
        if (typeof validation === 'string') this.validationChanged(validation);
      }
    }
  }

  /**
   * An uncorrected observation attached elsewhere now (a spawn of its name came, or was renamed),
   * from or to a subagent row: it leaves one node and joins the other without moving either row
   * into the graph — two writers' logs read an observation before its own spawn every so often.
   * False when neither node is a row, or the observation is corrected (the graph's, then).
   */
  private moveObservation(view: EventView, prev: string, next: string): boolean {
    const fromRow = this.subagents.has(prev);
    const toRow = this.subagents.has(next);
    if ((!fromRow && !toRow) || view.corrections.length > 0) return false;
    const ordinal = view.event.ordinal;
    if (fromRow) this.subagents.removeObservation(prev, ordinal);
    else this.graph.removeMember(prev, view);
    const placed = toRow ? this.subagents.place(view, next) : null;
    this.membership[ordinal] = placed ?? this.graph.addMember(next, view);
    return true;
  }

  /** Validation `nodeId`'s subagent changed: a row is sent again, a graph node rebuilt. */
  private validationChanged(nodeId: string): void {
    if (this.validations.rowOf(nodeId) >= 0) this.validations.touch(nodeId);
    else this.graph.markDirty(nodeId);
  }
}

const SUBAGENT_PREFIX = 'subagent:';
const VALIDATION_PREFIX = 'validation:';

/** Kinds a subagent row may hold (subagent-table.ts). */
function subagentKind(kind: string): boolean {
  return kind === 'subagent_spawned' || kind === 'subagent_completed' || kind === 'subagent_observation';
}

/** Up to this many members, a node's events are found by a search of them (see ordinalsOfEntry). */
const FEW_MEMBERS = 8;

/** Kinds that name a subagent (only these read `subagent_name`: not looked up on every event). */
function attachedByName(kind: string): boolean {
  return (
    kind === 'subagent_spawned' ||
    kind === 'subagent_observation' ||
    kind === 'produces_validation_passed' ||
    kind === 'produces_validation_failed'
  );
}
