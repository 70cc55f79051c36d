/**
 * One followed sciagent log in the live app, held by its session worker (worker-sessions.ts): its
 * reader state (slim bodies only, and not even those of settled tool calls), lineage graph,
 * timeline envelopes, problems and tail health, plus the delta accumulated since the last push.
 * Bodies are never kept whole: details are read back from disk by byte range.
 */
import type {
  ProblemEntry,
  SessionDelta,
  SessionListItem,
  SessionPreview,
  SessionSnapshot,
  TailHealth,
  WireLineageDelta,
} from '../../../src-shared/bridge/contract';
import { TimelineEncoder, type TimelineColumns } from '../../../src-shared/bridge/timeline-columns';
import {
  encodeEdges,
  encodeEdgesAt,
  encodeKind,
  encodeNodes,
  rowsBy,
  type RowsOf,
} from '../../../src-shared/bridge/graph-columns';
import type { ClassifiedRecord } from '../../../src-shared/formats/sciagent/classify-line';
import {
  LoggedEvent,
  SessionLog,
  type EventView,
  type LogDelta,
} from '../../../src-shared/formats/sciagent/session-log';
import { num, str } from '../../../src-shared/formats/sciagent/types';
import { grewFrom } from '../../../src-shared/collections/grown-copies';
import { StringInterner } from './intern-strings';
import { Utf8Parts } from './utf8-parts';
import { decodeSnapshotJson } from './decode-snapshot';
import { TimelineEnvelopes } from './timeline-envelopes';
import { SciagentLineageBuilder } from '../../../src-shared/lineage/sciagent/lineage-builder';
import type { Member } from '../../../src-shared/lineage/sciagent/build-nodes';
import type { NodeEntry } from '../../../src-shared/lineage/reactive-graph';
import type { LineageDelta, LineageEdge, LineageNode } from '../../../src-shared/lineage/types';

const MAX_NOTICES = 20;
/**
 * Rows (and nodes of a kind) in a part of a snapshot (see snapshotJson). A part's columns are
 * arrays of this many values: under 16k 8-byte values (V8's 128 KB limit for young objects) they
 * die young. At 32k every column went to the old generation's large objects, where it stayed
 * until a major GC: a 1.2M-event snapshot's worker then peaked ~140 MB above its state after the
 * read, ~80-90 MB with 8k (same time to make it; the page's parse and decode within noise).
 */
const SNAPSHOT_PART_ROWS = 8_192;
/** A node sent again with at least this many events sends only those its pages lack (keptEvents). */
const KEPT_EVENTS_MIN = 64;
/**
 * Past this a page cannot take a snapshot: it arrives as one string, and Chromium's V8 caps a
 * string at ~512 MB. Said plainly instead — before it is made, by its events (the bench's logs
 * take ~170 B of snapshot an event), or after, by its size.
 */
const MAX_SNAPSHOT_BYTES = 500 * 1024 * 1024;
const MAX_SNAPSHOT_EVENTS = 2_500_000;

/**
 * `,"<name>":<first part>` and, past it, `,"<name>More":[<part>,…]`: the parts of `rows` rows,
 * each made (`part(from, to)`), stringified and written before the next is made.
 */
function writeInParts(
  out: Utf8Parts,
  name: string,
  rows: number,
  partRows: number,
  part: (from: number, to: number) => unknown,
): void {
  let n = 0;
  for (let from = 0; from < rows || n === 0; from += partRows) {
    // The separator apart from the JSON: joined, they make a cons string that `write` must
    // flatten first (a copy of the part; encoding one ~10x slower in a micro-benchmark here).
    out.write(n === 0 ? `,"${name}":` : n === 1 ? `,"${name}More":[` : ',');
    out.write(JSON.stringify(part(from, Math.min(rows, from + partRows))));
    n++;
  }
  if (n > 1) out.write(']');
}

const tooBig = (key: string, events: number) =>
  `session ${key} is too big to send in one snapshot (${events} events; about 2.5 million is the ` +
  'limit): open a smaller log, or read it with `lineage-explorer inspect`';
/** A session that grew within this window shows as live. */
export const LIVE_WINDOW_MS = 10_000;

interface PendingDelta {
  fromVersion: number;
  reset: boolean;
  /** Last state of each touched node/edge (null: removed); folded into a LineageDelta on take. */
  nodes: Map<string, LineageNode | null>;
  edges: Map<string, LineageEdge | null>;
  /** Events added; encoded when the delta is taken. */
  added: EventView[];
  /** Events changed by a correction (maybe moved to another node), sent again. */
  corrected: EventView[];
  problems: ProblemEntry[];
}

export class LiveSession {
  private log: SessionLog;
  private lineage: SciagentLineageBuilder;
  private strings = new StringInterner();
  // The log's events are the timeline (in file order), so it is encoded from them when asked for;
  // of their bodies it keeps only what a row shows (time, actor), since bodies may be let go.
  private envelopes = new TimelineEnvelopes();
  /** Bodies the log could not read back, as far as the tail health has said (see readLine). */
  private reloadFailuresTold = 0;
  private problems: ProblemEntry[] = [];
  private readonly verdicts = new Map<string, string>();
  /**
   * Counts of `verdicts` by verdict, kept as they change: the list row is made every 150 ms while
   * a log is read, and counting a 1M-event log's 150k verdicts each time cost ~1 s of its read.
   */
  private readonly verdictCounts = new Map<string, number>();
  private readonly models = new Set<string>();
  private firstTs: string | null = null;
  private lastTs: string | null = null;
  private lastSeq: number | null = null;
  private version = 0;
  private pending: PendingDelta | null = null;
  /**
   * Whether a client has taken a snapshot (and so follows the deltas). Until then no delta is
   * gathered: nobody would receive it, and the first snapshot has everything. Reading a big log
   * nobody opened then costs no node/timeline bookkeeping, and no delta encoding.
   */
  private followed = false;
  /** Event ids of the big nodes as last sent (see keptEvents), by node id. */
  private readonly sentEventIds = new Map<string, readonly string[]>();
  /** Reused by dropSettledTools (a tool node's events). */
  private readonly settling: EventView[] = [];
  /** When the log last grew after its first read (Date.now()); `live` is worked out from it. */
  lastGrowthAt = 0;
  status: SessionListItem['status'] = 'loading';
  fileBytes = 0;
  readonly health: TailHealth = { bytesRead: 0, fileBytes: 0, linesSkipped: 0, notices: [] };

  constructor(
    readonly key: string,
    readonly sessionId: string,
    private readonly childSessionExists: (id: string) => boolean | undefined,
    /**
     * Reads a line of the log's file back by byte range. Given, the session lets go of the bodies
     * of tool calls and results once their node has both (SessionLog.dropBody): ~136 B an event
     * of a big log (80% of its events), read back on the rare occasion one is needed again (a
     * correction of one of them).
     */
    private readonly readLine?: (byteOffset: number, byteLength: number) => Uint8Array | null,
  ) {
    this.log = this.newLog();
    this.lineage = this.newLineage();
  }

  /** Records parsed by a worker from the bytes up to `committedOffset`. */
  apply(records: readonly ClassifiedRecord[], committedOffset: number, fileBytes: number): void {
    this.strings.records(records);
    const delta = this.log.pushRecords(records);
    const lineageDelta = this.lineage.apply(delta, this.followed, this.status === 'loading');
    const pending = this.followed ? this.pendingDelta() : null;
    if (pending) {
      foldInto(pending, lineageDelta);
      for (const view of delta.added) pending.added.push(view);
      for (const view of delta.corrected) pending.corrected.push(view);
    }
    for (const view of delta.added) {
      this.noteSummary(view);
      this.envelopes.note(view);
    }
    for (const view of delta.corrected) {
      this.noteSummary(view);
      this.envelopes.note(view);
    }
    if (this.readLine) {
      this.dropSettledTools(delta.added);
      if (this.log.reloadFailures > this.reloadFailuresTold) {
        this.reloadFailuresTold = this.log.reloadFailures;
        this.notice(
          `${this.reloadFailuresTold} event(s) could not be read back from the file as they were read (it changed, or a value in the line is malformed): their nodes may lack details`,
        );
      }
    }
    const problems =
      delta.parseErrors.length || delta.invalid.length || delta.unsupported.length || delta.duplicates.length
        ? problemsOf(delta)
        : [];
    for (const p of problems) {
      this.problems.push(p);
      pending?.problems.push(p);
    }
    this.health.linesSkipped = this.problems.length;
    // Growth after the first complete read is what makes a session live, not the read itself.
    if (this.status === 'ready' && committedOffset > this.health.bytesRead && records.length)
      this.lastGrowthAt = Date.now();
    this.health.bytesRead = committedOffset;
    this.health.fileBytes = this.fileBytes = Math.max(fileBytes, committedOffset);
  }

  /**
   * The first read is done. Said in a delta too (with nothing else in it but the nodes that lagged
   * behind the read: a cluster job, see ReactiveGraph.flush), so that a page holding this session
   * learns it from the same stream as the data, never before the last of it.
   */
  markReady(): void {
    if (this.status !== 'loading') return;
    this.status = 'ready';
    // Big nodes that lagged behind the read (a cluster job) are built now, before anyone is told.
    const settled = this.lineage.settle();
    if (this.followed) {
      const pending = this.pendingDelta();
      if (settled) foldInto(pending, settled);
    }
  }

  /** The file shrank or was replaced: everything derived from it is dropped. */
  reset(reason: string): void {
    this.log = this.newLog();
    this.sentEventIds.clear(); // the delta that says so makes its pages start over
    this.envelopes = new TimelineEnvelopes();
    this.reloadFailuresTold = 0;
    this.lineage = this.newLineage();
    this.strings = new StringInterner();
    this.problems = [];
    this.verdicts.clear();
    this.verdictCounts.clear();
    this.models.clear();
    this.firstTs = this.lastTs = null;
    this.lastSeq = null;
    this.health.bytesRead = 0;
    this.health.linesSkipped = 0;
    this.notice(`file ${reason}; read again from the start`);
    if (!this.followed) return;
    this.pending = {
      fromVersion: this.version,
      reset: true,
      nodes: new Map([...this.lineage.nodes.values()].map((n) => [n.id, n])),
      edges: new Map(),
      added: [],
      corrected: [],
      problems: [],
    };
  }

  notice(message: string): void {
    this.health.notices.push({ at: new Date().toISOString(), message });
    if (this.health.notices.length > MAX_NOTICES) this.health.notices.shift();
  }

  /** The changes since the last call, or null when there are none. */
  takeDelta(): SessionDelta | null {
    const pending = this.pending;
    if (!pending) return null;
    this.pending = null;
    this.version++;
    // Rows and edges refer to the delta's own nodes by position (timeline-columns' `nodeId`), and
    // nodes to the delta's rows (graph-columns' `eventIds`).
    const rows = this.rowsOf(pending);
    const rowIndex = new Map<string, number>();
    for (let i = 0; i < rows.length; i++) rowIndex.set(rows[i]!.event.eventId, i);
    const nodeIndex = new Map<string, number>();
    for (const [id, n] of pending.nodes) if (!n) this.sentEventIds.delete(id);
    const lineage = toWireDelta(
      pending,
      nodeIndex,
      rowsBy((id) => rowIndex.get(id)),
      (node) => this.keptEvents(node),
    );
    return {
      key: this.key,
      fromVersion: pending.fromVersion,
      version: this.version,
      reset: pending.reset,
      summary: this.listItem(),
      lineage,
      timeline: this.encodeTimeline(rows, pending.added.length, nodeIndex),
      problems: pending.problems,
      health: { ...this.health, notices: [...this.health.notices] },
    };
  }

  /**
   * How many of a big node's first events its receivers hold already (graph-columns'
   * `keptEvents`): those of the copy last sent, when the node still starts with them. Every page
   * that follows holds that copy (it took a snapshot or every delta since, and a gap makes it take
   * a snapshot again).
   */
  private keptEvents(node: LineageNode): number {
    const ids = node.eventIds;
    if (ids.length < KEPT_EVENTS_MIN) {
      this.sentEventIds.delete(node.id);
      return 0;
    }
    const sent = this.sentEventIds.get(node.id);
    this.sentEventIds.set(node.id, ids);
    if (!sent || sent.length > ids.length) return 0;
    // A cluster job's ids grow at the end (grown-copies.ts): tens of thousands compared otherwise.
    if (grewFrom(ids, sent)) return sent.length;
    for (let i = 0; i < sent.length; i++) if (sent[i] !== ids[i]) return 0;
    return sent.length;
  }

  hasPending(): boolean {
    return this.pending !== null;
  }

  /** Timeline rows in the pending delta (what its size, and the cost of sending it, go by). */
  pendingRows(): number {
    return this.pending ? this.pending.added.length + this.pending.corrected.length : 0;
  }

  /**
   * The session whole (every node, edge and event), as its JSON in UTF-8 parts, from which point
   * on deltas are gathered for it; with the changes that were pending (folded into it).
   *
   * Written a part at a time, never held whole as columns or as one string: the nodes of a kind,
   * the edges and the timeline's rows in parts of `partRows` (a kind may come in several parts;
   * edges and rows past the first part go in `edgesMore` and `timelineMore`). At 1.2M events the
   * columns (~265 MB) and the string (~200 MB) made at once took the worker ~900 MB above what it
   * keeps. Each part is stringified and encoded as it is made; the garbage is one part's. `onPart`
   * is given each 8 MB of it as soon as it is written (the worker sends it on at once); `json` is
   * the rest. A session too big for a page is refused before anything is written (by its events);
   * past MAX_SNAPSHOT_BYTES anyway, the parts sent fail at the end (the page's socket is closed).
   */
  snapshotJson(
    atLeast = 0,
    partRows = SNAPSHOT_PART_ROWS,
    onPart?: (part: Uint8Array) => void,
  ): { json: Uint8Array[]; version: number; delta: SessionDelta | null } {
    const events = this.log.events;
    // Refused before a byte of it goes out (its parts are sent on as they are written).
    if (events.size > MAX_SNAPSHOT_EVENTS) throw new Error(tooBig(this.key, events.size));
    const delta = this.takeDelta();
    this.follow(atLeast);
    const out = new Utf8Parts(onPart);
    const head = {
      key: this.key,
      version: this.version,
      summary: this.listItem(),
      problems: this.problems,
      health: { ...this.health, notices: [...this.health.notices] },
    } satisfies Omit<SessionSnapshot, 'nodes' | 'edges' | 'edgesMore' | 'timeline' | 'timelineMore'>;
    out.write(JSON.stringify(head).slice(0, -1)); // its closing brace comes last
    // Rows and edges refer to the snapshot's nodes by position (timeline-columns' `nodeId`), and
    // nodes to its rows: every event's, in the log's order, so an event's row is its ordinal. A
    // node's position is kept on the graph's own entry for it, and each row's node position in
    // `rowNode` as the nodes are written (from their members): a 1.2M-event session's map of
    // ~600k node ids to positions, and a lookup of each node's members by id, were ~1 s of its
    // snapshot and ~40 MB more of its worker's memory while it was made.
    const { byKind, count } = this.placeNodes();
    const positions = { get: (id: string) => positionOrUndefined(this.lineage.positionOf(id)) };
    const rowNode = new Int32Array(events.size).fill(-1);
    this.sentEventIds.clear();
    out.write(`,"nodes":{"length":${count},"kinds":[`);
    let parts = 0;
    for (const [kind, entries] of byKind)
      for (let at = 0; at < entries.length; at += partRows) {
        const slice = entries.slice(at, at + partRows);
        const rowsOf: RowsOf = (node, _from, i) => {
          if (node.eventIds.length >= KEPT_EVENTS_MIN) this.sentEventIds.set(node.id, node.eventIds);
          const entry = slice[i]!;
          return this.lineage.ordinalsOfEntry(entry, (ordinal) => (rowNode[ordinal] = entry.position), node);
        };
        // A tool row's node without its event ids: `rowsOf` writes them from its ordinals (and a
        // row has too few events for `sentEventIds`).
        const nodes = slice.map((entry) => entry.nodeWithoutIds?.() ?? entry.node!);
        if (parts++) out.write(',');
        out.write(JSON.stringify(encodeKind(kind, nodes, rowsOf)));
      }
    out.write(']}');
    const edges = this.lineage.edgesWithTargetPositions();
    writeInParts(out, 'edges', this.lineage.edges.size, partRows, (from, to) => {
      const part = take(edges, to - from);
      return encodeEdgesAt(
        part.map(([edge]) => edge),
        part.map(([, position]) => position),
      );
    });
    const encoder = new TimelineEncoder(positions);
    writeInParts(out, 'timeline', events.size, partRows, (from, to) => {
      for (let i = from; i < to; i++) {
        const position = rowNode[i]!;
        this.addRow(encoder, events.peek(i)!, position < 0 ? undefined : position);
      }
      return encoder.take();
    });
    out.write('}');
    if (out.bytes > MAX_SNAPSHOT_BYTES) throw new Error(tooBig(this.key, events.size));
    return { json: out.finish(), version: this.version, delta };
  }

  /** The same, decoded, its edges' and timeline's parts joined (for callers in this process: tests). */
  snapshot(atLeast = 0): { snapshot: SessionSnapshot; delta: SessionDelta | null } {
    const { json, delta } = this.snapshotJson(atLeast);
    return { snapshot: decodeSnapshotJson(json), delta };
  }

  /**
   * The newest `rows` events and the row, for a page to show while this session's snapshot is
   * made and sent. Changes nothing: the session is not followed for it.
   */
  preview(rows: number): SessionPreview {
    const events = this.log.events;
    const from = Math.max(0, events.size - rows);
    const nodes = new Map<string, LineageNode>();
    for (let i = from; i < events.size; i++) {
      const nodeId = this.lineage.nodeOfView(events.peek(i)!);
      const node = nodeId === null ? undefined : this.lineage.nodes.get(nodeId);
      if (node) nodes.set(node.id, node);
    }
    const nodeIndex = new Map<string, number>();
    const rowOf = (id: string) => {
      const ordinal = events.peekGet(id)?.event.ordinal;
      return ordinal !== undefined && ordinal >= from ? ordinal - from : undefined;
    };
    const wireNodes = encodeNodes(nodes.values(), nodeIndex, rowsBy(rowOf));
    const encoder = new TimelineEncoder(nodeIndex);
    for (let i = from; i < events.size; i++) this.addRow(encoder, events.peek(i)!);
    return {
      key: this.key,
      summary: this.listItem(),
      timeline: encoder.finish(),
      nodes: wireNodes,
      health: { ...this.health, notices: [...this.health.notices] },
    };
  }

  /**
   * From now on deltas are gathered (a client holds this session, or held one it replaces).
   * Versions continue after `atLeast`: the highest a client may hold of the session this one
   * replaces (closed, or lost with its worker).
   */
  follow(atLeast = 0): void {
    if (this.followed) return;
    this.followed = true;
    // Nothing was gathered before: this is a new version, so that no delta of an earlier version
    // can be taken for one that follows it.
    this.version = Math.max(this.version, atLeast) + 1;
  }

  listItem(): SessionListItem {
    const verdicts = { verified: 0, refuted: 0, insufficient: 0, warning: 0 };
    for (const v of Object.keys(verdicts) as (keyof typeof verdicts)[])
      verdicts[v] = this.verdictCounts.get(v) ?? 0;
    return {
      key: this.key,
      source: 'sciagent',
      sessionId: this.sessionId,
      path: this.key,
      status: this.status,
      live: Date.now() - this.lastGrowthAt < LIVE_WINDOW_MS,
      fileBytes: this.fileBytes,
      bytesRead: this.health.bytesRead,
      events: this.log.events.size,
      parseErrors: this.log.parseErrors.length,
      verdicts,
      models: [...this.models].sort(),
      firstTs: this.firstTs,
      lastTs: this.lastTs,
      lastSeq: this.lastSeq,
      notice: this.health.notices.at(-1)?.message ?? null,
    };
  }

  /** The lineage as the session holds it (tests check what a snapshot carries against it). */
  lineageNodes(): Iterable<LineageNode> {
    return this.lineage.nodes.values();
  }

  lineageEdges(): Iterable<LineageEdge> {
    return this.lineage.edges.values();
  }

  /** Where an event sits in the file, and the corrections applied to it (for the detail view). */
  locate(eventId: string): EventView | undefined {
    return this.log.events.peekGet(eventId);
  }

  /** The line number of the problem or event starting at `byteOffset` (0 when unknown). */
  lineNoAt(byteOffset: number): number {
    const problem = this.problems.find((p) => p.byteOffset === byteOffset);
    if (problem) return problem.lineNo;
    for (const view of this.log.events.values())
      if (view.event.byteOffset === byteOffset) return view.event.lineNo;
    return 0;
  }

  private newLog(): SessionLog {
    return new SessionLog(this.readLine ? { readLine: this.readLine } : {});
  }

  /**
   * Lets the log drop the bodies of tool calls and results whose node has both: nothing reads them
   * again unless a correction changes one of them (then it is read back from the file). A tool node
   * is built from its call and result only (build-nodes' buildTool: no lookup of other nodes).
   */
  private dropSettledTools(added: readonly EventView[]): void {
    // The node's own members, not its eventIds looked up in the log: two lookups by id an event
    // hashed each id anew (~5% of a 1.2M-event read).
    const events = this.settling;
    for (const view of added) {
      const kind = view.event.kind;
      if (kind !== 'tool_result' && kind !== 'tool_call') continue;
      // Let go of already, with the other event of its node met earlier in this batch (a call
      // and its result read in the same chunk, as most are). Asked again, a tool row would make
      // both events anew from their columns only to find them settled: ~560,000 objects and id
      // strings (~170 MB of garbage) over an 850k-event read.
      if (view instanceof LoggedEvent && !view.bodyHeld) continue;
      const settled = this.lineage.settledToolEvents(view, events);
      if (settled)
        for (const event of events)
          if (event instanceof LoggedEvent && this.log.dropBody(event) && settled === 'row')
            this.log.compact(event);
      events.length = 0;
    }
  }

  private newLineage(): SciagentLineageBuilder {
    return new SciagentLineageBuilder(this.log, this.sessionId, {
      childSessionExists: this.childSessionExists,
    });
  }

  private pendingDelta(): PendingDelta {
    this.pending ??= {
      fromVersion: this.version,
      reset: false,
      nodes: new Map(),
      edges: new Map(),
      added: [],
      corrected: [],
      problems: [],
    };
    return this.pending;
  }

  /**
   * The pending delta's rows, in the order they are sent: the added events first (sent marked
   * fresh: the page appends them without looking for an older row of the same event — 1.2M lookups
   * opening a 1.2M-event log), then the corrected ones not added in this delta (an event added and
   * then corrected before the delta went out is sent once).
   */
  private rowsOf(pending: PendingDelta): EventView[] {
    if (!pending.corrected.length) return pending.added;
    const rows = [...pending.added];
    const seen = new Set<string>();
    for (const view of pending.added) seen.add(view.event.eventId);
    for (const view of pending.corrected) {
      if (seen.has(view.event.eventId)) continue;
      seen.add(view.event.eventId);
      rows.push(view);
    }
    return rows;
  }

  /** `rows` (rowsOf) with the node each event belongs to now, the first `fresh` marked fresh. */
  private encodeTimeline(
    rows: readonly EventView[],
    fresh: number,
    nodeIndex: ReadonlyMap<string, number>,
  ): TimelineColumns {
    const encoder = new TimelineEncoder(nodeIndex);
    for (let i = 0; i < fresh; i++) this.addRow(encoder, rows[i]!);
    encoder.markFresh();
    for (let i = fresh; i < rows.length; i++) this.addRow(encoder, rows[i]!);
    return encoder.finish();
  }

  /**
   * Every node's entry grouped by kind (the order `decodeNodes` gives them), each given its
   * position in that order (read back through `lineage.positionOf` until the next such pass).
   */
  private placeNodes(): { byKind: Map<LineageNode['kind'], NodeEntry<Member>[]>; count: number } {
    const byKind = new Map<LineageNode['kind'], NodeEntry<Member>[]>();
    for (const entry of this.lineage.nodeEntries()) {
      const kind = entry.kind!;
      const list = byKind.get(kind);
      if (list) list.push(entry);
      else byKind.set(kind, [entry]);
    }
    let count = 0;
    for (const list of byKind.values()) for (const entry of list) entry.position = count++;
    return { byKind, count };
  }

  /**
   * The event's timeline row, with the node it belongs to now (`nodePosition`: where that node is
   * in the message, when the caller knows it).
   */
  private addRow(encoder: TimelineEncoder, view: EventView, nodePosition?: number): void {
    const { event } = view;
    encoder.add(
      event.eventId,
      event.kind,
      event.seq,
      this.envelopes.timeOf(view),
      event.lineNo,
      event.byteOffset,
      event.byteLength,
      nodePosition ?? this.lineage.nodeOfView(view),
      this.envelopes.actorOf(view),
    );
  }

  private noteSummary(view: EventView): void {
    const { body, event } = view;
    if (event.kind === 'verification_result') {
      const verdict = str(body['verdict']);
      const before = this.verdicts.get(event.eventId);
      if (verdict && verdict !== before) {
        // A correction can change a verdict: the old one is no longer counted.
        if (before !== undefined) this.verdictCounts.set(before, this.verdictCounts.get(before)! - 1);
        this.verdictCounts.set(verdict, (this.verdictCounts.get(verdict) ?? 0) + 1);
        this.verdicts.set(event.eventId, verdict);
      }
    }
    const model = str(body['model']) ?? (event.kind.startsWith('tool_') ? str(body['actor']) : null);
    if (model) this.models.add(model);
    const ts = str(body['ts']);
    if (ts) {
      if (!this.firstTs || ts < this.firstTs) this.firstTs = ts;
      if (!this.lastTs || ts > this.lastTs) this.lastTs = ts;
    }
    const seq = num(body['seq']);
    if (seq !== null && (this.lastSeq === null || seq > this.lastSeq)) this.lastSeq = seq;
  }
}

const positionOrUndefined = (position: number) => (position < 0 ? undefined : position);

/** The next `n` values of `values` (fewer at its end). */
function take<T>(values: Iterator<T>, n: number): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) {
    const next = values.next();
    if (next.done) break;
    out.push(next.value);
  }
  return out;
}

function foldInto(pending: PendingDelta, delta: LineageDelta): void {
  for (const n of delta.upsertedNodes) pending.nodes.set(n.id, n);
  for (const id of delta.removedNodes) pending.nodes.set(id, null);
  for (const e of delta.upsertedEdges) pending.edges.set(e.id, e);
  for (const id of delta.removedEdges) pending.edges.set(id, null);
}

/**
 * `nodeIndex` is filled with the positions of the delta's nodes, `rowOf` gives its rows' (see
 * graph-columns' `encodeNodes`).
 */
function toWireDelta(
  pending: PendingDelta,
  nodeIndex: Map<string, number>,
  rowsOf: RowsOf,
  keptOf: (node: LineageNode) => number,
): WireLineageDelta {
  const nodes: LineageNode[] = [];
  const removedNodes: string[] = [];
  const edges: LineageEdge[] = [];
  const removedEdges: string[] = [];
  for (const [id, n] of pending.nodes) {
    if (n) nodes.push(n);
    else removedNodes.push(id);
  }
  for (const [id, e] of pending.edges) {
    if (e) edges.push(e);
    else removedEdges.push(id);
  }
  const upsertedNodes = encodeNodes(nodes, nodeIndex, rowsOf, keptOf);
  return { upsertedNodes, removedNodes, upsertedEdges: encodeEdges(edges, nodeIndex), removedEdges };
}

function problemsOf(delta: LogDelta): ProblemEntry[] {
  const out: ProblemEntry[] = [];
  const pos = (p: { lineNo: number; byteOffset: number; byteLength: number }) => ({
    lineNo: p.lineNo,
    byteOffset: p.byteOffset,
    byteLength: p.byteLength,
  });
  const oversized = new Set(delta.oversized.map((o) => o.byteOffset));
  for (const p of delta.parseErrors)
    out.push({
      type: oversized.has(p.byteOffset) ? 'oversized' : 'parse-error',
      ...pos(p),
      message: p.message,
    });
  for (const p of delta.invalid) out.push({ type: 'invalid', ...pos(p), message: p.message });
  for (const p of delta.unsupported)
    out.push({
      type: 'unsupported',
      ...pos(p),
      message: `unsupported schema_version ${JSON.stringify(p.schemaVersion) ?? 'missing'} (${p.kind})`,
    });
  for (const p of delta.duplicates)
    out.push({
      type: 'duplicate',
      ...pos(p),
      message: `duplicate event_id ${p.eventId} (first on line ${p.firstLineNo})`,
    });
  return out.sort((a, b) => a.byteOffset - b.byteOffset);
}
