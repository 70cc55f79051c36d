/**
 * The plain tool calls of a session, kept as rows of columns rather than as graph nodes.
 *
 * Two events in three of a long session are a tool call or its result, and nearly every such pair
 * is plain: one call, one result, no correction, no job named. As a node of the reactive graph
 * each pair cost ~500 bytes (its state, node, data, edge, event-id list, id strings, map entries)
 * and the graph's upkeep on every event; as a row it costs its call id, a slot of an index and a
 * few column cells (~60 bytes), and its node is made only when something reads it (a delta, a
 * snapshot, a detail).
 *
 * What a row holds is read from its events' bodies when they arrive (bodies of settled tool calls
 * are then let go of: `LiveSession.dropSettledTools`), by the same code as the graph's tool nodes
 * (build-nodes' `toolResultOf`, `toolNodeData`), so a row's node is the node the graph would build.
 * Anything else — a second call or result for the id, a correction of either event, a result that
 * names a job (its node publishes `toolJob` and has an edge into the job) — moves the row into the
 * graph (`promote`), which handles every case; the id stays there for good.
 */
import type { EventView } from '../../formats/sciagent/session-log';
import { type JsonObject, str } from '../../formats/sciagent/types';
import type { NodeEntry } from '../reactive-graph';
import type { LineageEdge, LineageNode } from '../types';
import { PagedArray } from '../../formats/columns/paged-array';
import { RowEntry, type RowNodeSource } from './row-entry';
import { RowIndex } from './row-index';
import { StringCodes } from '../../formats/columns/string-codes';
import {
  bareNode,
  sessionEdge,
  type ToolResultSide,
  type ToolSide,
  toolNodeData,
  toolResultOf,
} from './build-nodes';
import type { RowNodes } from './row-table-views';

/** What `find` says of a call id whose node is the graph's (promoted, or never plain)… */
const IN_GRAPH = -1;
/** …and of one not seen yet. */
const UNSEEN = -2;
/** An empty ordinal. */
const NONE = -1;
const TOOL_PREFIX = 'tool:';

export interface ToolTableFacts {
  sessionNode: string;
  sessionEdgePrefix: string;
  /** The log's event at an ordinal, to read and let go (SessionLog.events' `peek`)… */
  eventAt(ordinal: number): EventView | undefined;
  /** …and to keep (its `at`: the log's one object of it, from now on). */
  keptEventAt(ordinal: number): EventView | undefined;
  /** The id and seq of the event at an ordinal, without making it (undefined: no event there). */
  idAt(ordinal: number): string | undefined;
  seqAt(ordinal: number): number | null | undefined;
}

/** Puts a row's events into the graph's node `nodeId`; returns the graph's own copy of the id. */
export type Promote = (nodeId: string, view: EventView) => string;

export class ToolTable implements RowNodes {
  /** Per row: its call id (null once promoted). */
  private readonly callIds: (string | null)[] = [];
  /** Rows by call id, and the call ids the graph has (few). */
  private readonly index = new RowIndex((row) => this.callIds[row] ?? null);
  private readonly inGraph = new Set<string>();
  /** Per row: the ordinals of its call and result (NONE: not yet). */
  private readonly call = new PagedArray(Int32Array);
  private readonly result = new PagedArray(Int32Array);
  /**
   * Per row, what its node shows of each side (build-nodes' ToolSide, ToolResultSide), read as the
   * event arrived: in columns, not an object a side (each was ~100 bytes with its numbers). Its
   * call id is the row's; strings are the log's interned ones; NaN and code 0 stand for null.
   */
  private readonly codes = new StringCodes();
  private readonly callName = new PagedArray(Int32Array);
  private readonly callActor = new PagedArray(Int32Array);
  private readonly resultName = new PagedArray(Int32Array);
  private readonly resultActor = new PagedArray(Int32Array);
  private readonly model = new PagedArray(Int32Array);
  /** 0: no boolean `success`, 1: true, 2: false. */
  private readonly success = new PagedArray(Uint8Array);
  private readonly durationMs = new PagedArray(Float64Array);
  private readonly costUsd = new PagedArray(Float64Array);
  /** Errors (clipped) of the rows whose result has one: few. */
  private readonly errors = new Map<number, string>();
  /** Per row: the position a pass over `entries` gave it (see NodeEntry.position). */
  private readonly positions = new PagedArray(Int32Array);
  /** Rows changed since the last `flushInto`, and whether each row's edge was sent. */
  private pending: number[] = [];
  private readonly queued = new PagedArray(Uint8Array);
  private readonly edgeSent = new PagedArray(Uint8Array);
  private live = 0;
  /** What a pass over every node reads of a row (row-entry.ts). */
  private readonly entrySource: RowNodeSource = {
    kind: 'tool_call',
    idOf: (row) => this.nodeIdOf(row)!,
    nodeOf: (row) => this.node(row),
    nodeWithoutIdsOf: (row, ordinals) => this.nodeOf(row, ordinals, false),
    getPosition: (row) => this.positions.get(row),
    setPosition: (row, position) => this.positions.set(row, position),
    eventsInto: (row, out) => this.eventsInto(row, out),
    ordinalsOf: (row) => this.presentOrdinalsOf(row),
  };

  constructor(private readonly facts: ToolTableFacts) {}

  /** Rows held (plain tool nodes). */
  get size(): number {
    return this.live;
  }

  /**
   * Keeps a tool call or result as (part of) a row when its node is plain; returns the row, or
   * null when the event belongs to the graph (the caller places it there). `promote` moves a row
   * this event would make not plain into the graph first.
   */
  place(
    view: EventView,
    promote: Promote,
    setMembership: (ordinal: number, node: string) => void,
  ): number | null {
    const { body, event } = view;
    const callId = str(body['tool_call_id']);
    if (callId === null) return null; // its node is `tool:event:<id>`: the graph's
    const row = this.find(callId);
    if (row === IN_GRAPH) return null;
    const isCall = event.kind === 'tool_call';
    const side = isCall ? null : toolResultOf(body);
    const plain = view.corrections.length === 0 && (side === null || side.jobId === null);
    if (row === UNSEEN) {
      if (!plain) {
        this.inGraph.add(callId);
        return null;
      }
      return this.add(callId, event.ordinal, isCall, body, side);
    }
    const slots = isCall ? this.call : this.result;
    if (plain && slots.get(row) === NONE) {
      slots.set(row, event.ordinal);
      if (side) this.setResult(row, side);
      else this.setCall(row, body);
      this.queue(row);
      return row;
    }
    this.promote(row, promote, setMembership);
    return null;
  }

  /**
   * Moves a row into the graph (a correction arrived for one of its events): its events become
   * members of the graph's node of the same id, and the graph sends that node from now on.
   */
  promote(row: number, promote: Promote, setMembership: (ordinal: number, node: string) => void): void {
    const callId = this.callIds[row]!;
    const nodeId = TOOL_PREFIX + callId;
    for (const ordinal of this.ordinalsOf(row)) {
      const view = this.facts.keptEventAt(ordinal);
      if (view) setMembership(ordinal, promote(nodeId, view));
    }
    this.inGraph.add(callId);
    this.callIds[row] = null;
    this.errors.delete(row);
    this.live--;
  }

  /**
   * The graph takes an event into tool node `nodeId` (one the table did not keep, or moved there by
   * a correction): a row of that id goes into the graph with it, and the id stays there.
   */
  intoGraph(nodeId: string, promote: Promote, setMembership: (ordinal: number, node: string) => void): void {
    const callId = nodeId.slice(TOOL_PREFIX.length);
    const row = this.find(callId);
    if (row === UNSEEN) this.inGraph.add(callId);
    else if (row !== IN_GRAPH) this.promote(row, promote, setMembership);
  }

  /** The row's node id, or null when it is no longer a row. */
  nodeIdOf(row: number): string | null {
    const callId = this.callIds[row];
    return callId == null ? null : TOOL_PREFIX + callId;
  }

  /** The row of a node id (`tool:<call id>`), or -1. */
  rowOf(nodeId: string): number {
    if (!nodeId.startsWith(TOOL_PREFIX)) return -1;
    const row = this.find(nodeId.slice(TOOL_PREFIX.length));
    return row < 0 ? -1 : row;
  }

  /** Whether the row has both its call and its result. */
  settled(row: number): boolean {
    return this.callIds[row] != null && this.call.get(row) !== NONE && this.result.get(row) !== NONE;
  }

  /** The row's events, in reading order. */
  eventsInto(row: number, out: EventView[]): void {
    for (const ordinal of this.ordinalsOf(row)) {
      const view = this.facts.eventAt(ordinal);
      if (view) out.push(view);
    }
  }

  /**
   * The row's node, made now (the same node the graph's buildTool makes of its events). Its event
   * ids and seq are read where the log keeps them: most rows' events are kept as numbers, and a
   * snapshot made both of every row's events objects again (four times over) for this.
   */
  node(row: number): LineageNode {
    return this.nodeOf(row, this.presentOrdinalsOf(row), true);
  }

  /**
   * The row's node from its events' ordinals (`presentOrdinalsOf`); `withIds` false leaves its
   * `eventIds` empty, for a pass that writes them from the ordinals (NodeEntry.nodeWithoutIds).
   */
  nodeOf(row: number, ordinals: readonly number[], withIds: boolean): LineageNode {
    const eventIds: string[] = [];
    let seq: number | null = null;
    for (const ordinal of ordinals) {
      if (withIds) eventIds.push(this.facts.idAt(ordinal)!);
      const s = this.facts.seqAt(ordinal) ?? null;
      if (s !== null && (seq === null || s < seq)) seq = s;
    }
    const node = bareNode(TOOL_PREFIX + this.callIds[row]!, 'tool_call', eventIds, seq);
    toolNodeData(node, this.callSide(row), this.resultSide(row));
    return node;
  }

  /** The row's one edge: from the session. */
  edge(row: number): LineageEdge {
    return sessionEdge(this.facts, TOOL_PREFIX + this.callIds[row]!);
  }

  /** The row of an edge id (`<session>->tool:<call id>`), or -1. */
  rowOfEdge(edgeId: string): number {
    const prefix = this.facts.sessionEdgePrefix;
    return edgeId.startsWith(prefix) ? this.rowOf(edgeId.slice(prefix.length)) : -1;
  }

  /** The rows held, in the order they were made. */
  *rows(): IterableIterator<number> {
    for (let row = 0; row < this.callIds.length; row++) if (this.callIds[row] != null) yield row;
  }

  // What row-table-views' maps read (RowNodes): a node and an edge a row.
  get nodeCount(): number {
    return this.live;
  }

  get edgeCount(): number {
    return this.live;
  }

  nodeById(id: string): LineageNode | undefined {
    const row = this.rowOf(id);
    return row < 0 ? undefined : this.node(row);
  }

  edgeById(id: string): LineageEdge | undefined {
    const row = this.rowOfEdge(id);
    return row < 0 ? undefined : this.edge(row);
  }

  *nodeIds(): IterableIterator<string> {
    for (const row of this.rows()) yield this.nodeIdOf(row)!;
  }

  *nodes(): IterableIterator<LineageNode> {
    for (const row of this.rows()) yield this.node(row);
  }

  *edges(): IterableIterator<LineageEdge> {
    for (const row of this.rows()) yield this.edge(row);
  }

  /** Entries for a pass over every node (ReactiveGraph.nodeEntries' kind). */
  *entries(): IterableIterator<NodeEntry<EventView>> {
    for (const row of this.rows()) yield new RowEntry(this.entrySource, row);
  }

  getPosition(row: number): number {
    return this.positions.get(row);
  }

  /**
   * The nodes (and first edges) of the rows changed since the last call, into a graph delta; with
   * `into` null, nobody reads the delta (no node is made).
   */
  flushInto(into: { nodes: LineageNode[]; edges: LineageEdge[] } | null): void {
    for (const row of this.pending) {
      this.queued.set(row, 0);
      if (this.callIds[row] == null) continue; // moved into the graph meanwhile: it sends it
      if (into === null) {
        this.edgeSent.set(row, 1); // what a reader takes later is a snapshot, which has it
        continue;
      }
      const { nodes, edges } = into;
      nodes.push(this.node(row));
      if (!this.edgeSent.get(row)) {
        this.edgeSent.set(row, 1);
        edges.push(this.edge(row));
      }
    }
    this.pending = [];
  }

  private add(
    callId: string,
    ordinal: number,
    isCall: boolean,
    body: JsonObject,
    side: ToolResultSide | null,
  ): number {
    const row = this.callIds.length;
    this.callIds.push(callId);
    this.call.set(row, isCall ? ordinal : NONE);
    this.result.set(row, isCall ? NONE : ordinal);
    if (side) this.setResult(row, side);
    else this.setCall(row, body);
    this.index.add(callId, row);
    this.live++;
    this.queue(row);
    return row;
  }

  private setCall(row: number, body: JsonObject): void {
    this.callName.set(row, this.codes.codeOf(str(body['tool_name'])));
    this.callActor.set(row, this.codes.codeOf(str(body['actor'])));
  }

  private setResult(row: number, side: ToolResultSide): void {
    this.resultName.set(row, this.codes.codeOf(side.toolName));
    this.resultActor.set(row, this.codes.codeOf(side.actor));
    this.model.set(row, this.codes.codeOf(side.model));
    this.success.set(row, side.success === null ? 0 : side.success ? 1 : 2);
    this.durationMs.set(row, side.durationMs ?? Number.NaN);
    this.costUsd.set(row, side.costUsd ?? Number.NaN);
    if (side.error !== null) this.errors.set(row, side.error);
  }

  private callSide(row: number): ToolSide | undefined {
    if (this.call.get(row) === NONE) return undefined;
    const { codes } = this;
    return {
      toolName: codes.stringOf(this.callName.get(row)),
      toolCallId: this.callIds[row]!,
      actor: codes.stringOf(this.callActor.get(row)),
    };
  }

  private resultSide(row: number): ToolResultSide | undefined {
    if (this.result.get(row) === NONE) return undefined;
    const success = this.success.get(row);
    return {
      toolName: this.codes.stringOf(this.resultName.get(row)),
      toolCallId: this.callIds[row]!,
      actor: this.codes.stringOf(this.resultActor.get(row)),
      success: success === 0 ? null : success === 1,
      durationMs: orNull(this.durationMs.get(row)),
      error: this.errors.get(row) ?? null,
      costUsd: orNull(this.costUsd.get(row)),
      model: this.codes.stringOf(this.model.get(row)),
      jobId: null, // a result that names a job is the graph's
    };
  }

  /** The row of a call id, IN_GRAPH, or UNSEEN. */
  private find(callId: string): number {
    const row = this.index.get(callId);
    if (row >= 0) return row;
    return this.inGraph.has(callId) ? IN_GRAPH : UNSEEN;
  }

  private queue(row: number): void {
    if (this.queued.get(row)) return;
    this.queued.set(row, 1);
    this.pending.push(row);
  }

  /** The same as `ordinalsOf`, less any the log has no event at: its node's events, in order. */
  presentOrdinalsOf(row: number): number[] {
    // seqAt: undefined where there is no event (and it makes no id string to say so).
    return this.ordinalsOf(row).filter((ordinal) => this.facts.seqAt(ordinal) !== undefined);
  }

  /**
   * The row's event ordinals in reading order (compareEvents: seq, a missing one last, then the
   * ordinal), its events' seqs read where the log keeps them.
   */
  private ordinalsOf(row: number): number[] {
    const call = this.call.get(row);
    const result = this.result.get(row);
    if (call === NONE) return result === NONE ? [] : [result];
    if (result === NONE) return [call];
    const a = this.facts.seqAt(call);
    const b = this.facts.seqAt(result);
    if (a === undefined || b === undefined) return [call, result];
    const sa = a ?? Number.POSITIVE_INFINITY;
    const sb = b ?? Number.POSITIVE_INFINITY;
    return sa > sb || (sa === sb && call > result) ? [result, call] : [call, result];
  }
}

const orNull = (n: number) => (Number.isNaN(n) ? null : n);
