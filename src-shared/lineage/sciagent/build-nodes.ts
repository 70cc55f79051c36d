/**
 * Node builders of the sciagent lineage graph, one per node kind. Each reads only its own
 * member events (corrected views) and what it looks up by key, and says which edges it owns.
 *
 * Keys published, as (space, name) (what others may look up; whether a node exists is asked
 * with `ctx.exists`):
 *   akey, <path>           an artifact answers to this path (path, path_relative_to_mount)
 *   expect, <path>         a job expects an artifact at this path
 *   toolJob, <jobId>       a tool result names this job in output_summary.job_id
 * Facts outside the graph: (`corrections`, '') is touched when any correction is applied.
 */
import { compareEvents, type EventView } from '../../formats/sciagent/session-log';
import { type JsonObject, num, obj, str } from '../../formats/sciagent/types';
import type { BuildContext, BuildResult, Key } from '../reactive-graph';
import type { EdgeReason, LineageEdge, LineageNode, NodeCorrection } from '../types';
import { type JobMembers, normalizePath } from './job-members';
import { nodeIds } from './membership';

/** A member that keeps the session node alive before any session_end arrives (it has no event). */
export const SESSION_ANCHOR: unique symbol = Symbol('session anchor');

/** What sciagent nodes are made of: their events' corrected views (and the session's anchor). */
export type Member = EventView | typeof SESSION_ANCHOR;

export interface BuilderFacts {
  sessionId: string;
  /** `session:<sessionId>`, made once: every tool and event node has an edge from it. */
  sessionNode: string;
  /**
   * `session:<sessionId>->`, made once: the id of an edge from the session is then one
   * concatenation of two kept strings (a 32-byte pair), where `${source}->${target}` also made a
   * copy or pair of the prefix for every one of tens of thousands of edges.
   */
  sessionEdgePrefix: string;
  view(eventId: string): EventView | undefined;
  /** Highest seq of any applied correction, for stale session-level verdicts. */
  maxCorrectionSeq(): number | null;
  /** Whether a child session exists on disk (undefined: unknown). */
  childSessionExists(sessionId: string): boolean | undefined;
  /** The subagent node an observation or validation attaches to (by name and seq). */
  attachedSubagent(eventId: string): string | null;
  /** Whether subagent node `id` is kept as a row (subagent-table.ts), not in the graph. */
  subagentRow(id: string): boolean;
  /** Where job `jobId`'s `count` members are sorted out (kept from its last build if big: job-members.ts). */
  jobMembers(jobId: string, count: number): JobMembers;
}

const CLIP = 400;

export function clip(value: unknown, max = CLIP): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function buildNode(
  id: string,
  members: readonly Member[],
  ctx: BuildContext,
  facts: BuilderFacts,
): BuildResult {
  const views = memberViews(members);
  // Tool calls first, without cutting a prefix string: nine nodes in ten on a long session.
  if (id.startsWith('tool:')) return buildTool(id, views, ctx, facts);
  switch (id.slice(0, id.indexOf(':'))) {
    case 'session':
      return buildSession(id, views, facts);
    case 'job':
      return buildJob(id, views, ctx, facts);
    case 'artifact':
      return buildArtifact(id, views, ctx, facts);
    case 'verification':
      return buildVerification(id, views, ctx, facts);
    case 'validation':
      return buildValidation(id, views, ctx, facts);
    case 'subagent':
      return buildSubagent(id, views, facts);
    default:
      return buildEvent(id, views, facts);
  }
}

/**
 * The member views in reading order. Members nearly always arrive in that order (a call, then its
 * result): the graph's own list is then used as it is — read only, never kept — and a sorted copy
 * made only when it is not.
 */
function memberViews(members: readonly Member[]): readonly EventView[] {
  if (members.includes(SESSION_ANCHOR))
    return members.filter((m): m is EventView => m !== SESSION_ANCHOR).sort(byReadingOrder);
  const views = members as readonly EventView[];
  for (let i = 1; i < views.length; i++)
    if (byReadingOrder(views[i - 1]!, views[i]!) > 0) return views.slice().sort(byReadingOrder);
  return views;
}

const byReadingOrder = (a: EventView, b: EventView) => compareEvents(a.event, b.event);

/**
 * Shared, frozen empty lists and one-reason lists: most nodes have no correction and most edges
 * one reason, and a big session has hundreds of thousands of each (nothing mutates node data).
 */
const NO_CORRECTIONS = Object.freeze([]) as unknown as NodeCorrection[];
const PLACEHOLDER_DATA: Record<string, unknown> = Object.freeze({});
const ONE_REASON = new Map<EdgeReason, EdgeReason[]>();

function reasonList(reason: EdgeReason): EdgeReason[] {
  let list = ONE_REASON.get(reason);
  if (!list) ONE_REASON.set(reason, (list = Object.freeze([reason]) as unknown as EdgeReason[]));
  return list;
}

/** An artifact's edge from its job: by `job_id`, by `expected_artifacts`, or both (shared lists). */
const JOB_AND_EXPECTED = Object.freeze(['job_id', 'expected_artifacts']) as unknown as EdgeReason[];

function artifactReasons(byJobId: boolean, expected: boolean): EdgeReason[] {
  if (byJobId) return expected ? JOB_AND_EXPECTED : reasonList('job_id');
  return reasonList('expected_artifacts');
}

/** What a node's dependents react to besides its publications: corrections and its seq. */
export function signatureOf(built: BuildResult): string {
  return built.node ? `${built.node.corrections.length}|${built.node.seq}` : '';
}

/**
 * `sorted`: a job's members as job-members.ts keeps them — its event ids and lowest seq kept as it
 * grew, and no correction to gather unless one of them has one (a cluster job: every launch).
 */
function baseNode(
  id: string,
  kind: LineageNode['kind'],
  label: string,
  views: readonly EventView[],
  sorted?: JobMembers,
): LineageNode {
  let corrections = NO_CORRECTIONS;
  if (!sorted || sorted.corrected)
    for (const v of views)
      for (const c of v.corrections) {
        if (corrections === NO_CORRECTIONS) corrections = [];
        corrections.push({
          eventId: v.event.eventId,
          correctionId: c.correctionId,
          reason: c.reason,
          fields: c.fields,
          before: clipObject(c.before),
          after: clipObject(c.after),
        });
      }
  return {
    id,
    kind,
    label,
    eventIds: sorted ? sorted.eventIdsCopy() : views.map((v) => v.event.eventId),
    seq: sorted ? sorted.minSeq : lowestSeq(views),
    data: PLACEHOLDER_DATA, // every builder sets its own
    corrections,
    stale: false,
    missing: false,
  };
}

/** A loop, not Math.min(...): a cluster job can have over 100k launches (spread overflows the stack). */
function lowestSeq(views: Iterable<EventView>): number | null {
  let min: number | null = null;
  for (const v of views) if (v.event.seq !== null && (min === null || v.event.seq < min)) min = v.event.seq;
  return min;
}

function clipObject(o: JsonObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    const text = JSON.stringify(v) ?? 'undefined';
    out[k] = text.length > CLIP ? clip(v) : v;
  }
  return out;
}

function edge(
  source: string,
  target: string,
  reasons: EdgeReason[],
  id = `${source}->${target}`,
): LineageEdge {
  return { id, source, target, reasons };
}

const NONE: readonly never[] = Object.freeze([]);

function result(
  node: LineageNode,
  edges: LineageEdge[],
  publishes: readonly Key[] = NONE,
  extras: readonly LineageNode[] = NONE,
): BuildResult {
  return { node, extras, edges, publishes };
}

export function sessionEdge(
  facts: Pick<BuilderFacts, 'sessionNode' | 'sessionEdgePrefix'>,
  target: string,
  reason: EdgeReason = 'session_id',
): LineageEdge {
  return edge(facts.sessionNode, target, reasonList(reason), facts.sessionEdgePrefix + target);
}

function buildSession(id: string, views: readonly EventView[], facts: BuilderFacts): BuildResult {
  const node = baseNode(id, 'session', facts.sessionId, views);
  const end = views.at(-1)?.body;
  node.data = {
    sessionId: facts.sessionId,
    model: str(end?.['model']),
    iterations: num(end?.['iterations']),
    tokensIn: num(end?.['tokens_in']),
    tokensOut: num(end?.['tokens_out']),
    costUsd: num(end?.['cost_usd']),
    wallSeconds: num(end?.['wall_seconds']),
    exitReason: str(end?.['exit_reason']),
    ended: views.length > 0,
  };
  return result(node, []);
}

function buildTool(
  id: string,
  views: readonly EventView[],
  ctx: BuildContext,
  facts: BuilderFacts,
): BuildResult {
  // The first call and the last result (one loop: this runs for every tool node).
  let call: EventView | undefined;
  let res: EventView | undefined;
  for (const v of views) {
    if (v.event.kind === 'tool_call') call ??= v;
    else if (v.event.kind === 'tool_result') res = v;
  }
  const node = baseNode(id, 'tool_call', '', views);
  const resultSide = res ? toolResultOf(res.body) : undefined;
  toolNodeData(node, call ? toolSideOf(call.body) : undefined, resultSide);
  const jobId = resultSide?.jobId ?? null;
  const edges = [sessionEdge(facts, id)];
  if (jobId === null) return result(node, edges);
  // Its edge into the job it started is its own: made by the job from every tool naming it, a
  // cluster job (every launch of the session) remade tens of thousands of them on each rebuild.
  const job = nodeIds.job(jobId);
  if (ctx.exists(job)) edges.push(edge(id, job, reasonList('output_summary.job_id')));
  return result(node, edges, [['toolJob', jobId]]);
}

/** What a tool node shows of one of its events (read when the event arrives: see tool-table.ts). */
export interface ToolSide {
  toolName: string | null;
  toolCallId: string | null;
  actor: string | null;
}

/** …and of its result. */
export interface ToolResultSide extends ToolSide {
  success: boolean | null;
  durationMs: number | null;
  error: string | null;
  costUsd: number | null;
  model: string | null;
  jobId: string | null;
}

export function toolSideOf(body: JsonObject): ToolSide {
  return {
    toolName: str(body['tool_name']),
    toolCallId: str(body['tool_call_id']),
    actor: str(body['actor']),
  };
}

export function toolResultOf(body: JsonObject): ToolResultSide {
  const output = obj(body['output_summary']);
  // One literal, not a spread of toolSideOf's: this runs for every tool result read.
  return {
    toolName: str(body['tool_name']),
    toolCallId: str(body['tool_call_id']),
    actor: str(body['actor']),
    success: typeof body['success'] === 'boolean' ? body['success'] : null,
    durationMs: num(body['duration_ms']),
    error: clip(body['error'], 200),
    costUsd: num(body['cost_usd']),
    model: str(body['model']),
    jobId: output ? str(output['job_id']) : null,
  };
}

/**
 * Sets a tool node's label, data and `missing` from its call and result: the one place that says
 * what a tool node shows, whether built by the graph (buildTool) or kept as a row (tool-table.ts).
 */
export function toolNodeData(
  node: LineageNode,
  call: ToolSide | undefined,
  res: ToolResultSide | undefined,
): void {
  const toolName = call?.toolName ?? res?.toolName ?? 'tool';
  node.label = toolName;
  node.data = {
    toolName,
    toolCallId: call?.toolCallId ?? res?.toolCallId ?? null,
    actor: call?.actor ?? res?.actor ?? null,
    // The call and result event ids are in `eventIds`; a big session has tens of thousands of
    // tool nodes, so nothing here repeats what the node already says.
    hasCall: Boolean(call),
    hasResult: Boolean(res),
    success: res ? res.success : null,
    durationMs: res ? res.durationMs : null,
    error: res ? res.error : null,
    costUsd: res ? res.costUsd : null,
    model: res ? res.model : null,
    jobId: res ? res.jobId : null,
  };
  // A call with no result yet is still a node; a result with no call is marked missing its call.
  node.missing = !call;
}

/** A node with nothing set but what every node has (for tool-table.ts). */
export function bareNode(
  id: string,
  kind: LineageNode['kind'],
  eventIds: string[],
  seq: number | null,
): LineageNode {
  return {
    id,
    kind,
    label: '',
    eventIds,
    seq,
    data: PLACEHOLDER_DATA,
    corrections: NO_CORRECTIONS,
    stale: false,
    missing: false,
  };
}

function buildJob(
  id: string,
  views: readonly EventView[],
  ctx: BuildContext,
  facts: BuilderFacts,
): BuildResult {
  const jobId = id.slice('job:'.length);
  const members = facts.jobMembers(jobId, views.length).update(views);
  const { launches, statuses, clusterDowns, expected } = members;
  const node = baseNode(id, 'job', jobId, views, members);
  const last = statuses.at(-1);
  node.data = {
    jobId,
    launchCount: launches.length,
    statusCount: statuses.length,
    // Node data stays small: the newest entries; the timeline and detail have every event. Not
    // the launches' commands (up to tens of KB each): the detail reads them with the launch, from
    // disk — a cluster job sent again with each of its launches was ~240 KB of JSON a delta.
    launches: lastN(launches).map((l) => ({
      eventId: l.event.eventId,
      seq: l.event.seq,
      mode: str(l.body['mode']),
      clusterName: str(l.body['cluster_name']),
      clusterJobId: l.body['cluster_job_id'] ?? null,
      managedJobId: l.body['managed_job_id'] ?? null,
      service: str(l.body['service']),
      image: str(l.body['image']),
    })),
    statusHistory: lastN(statuses).map((s) => ({
      eventId: s.event.eventId,
      seq: s.event.seq,
      status: str(s.body['status']),
      statusPrevious: str(s.body['status_previous']),
      skyStatusRaw: str(s.body['sky_status_raw']),
      errorPreview: clip(s.body['error_preview'], 200),
    })),
    status: last ? str(last.body['status']) : null,
    clusterDown: clusterDowns.map((c) => ({
      seq: c.event.seq,
      graceful: c.body['graceful'] ?? null,
      success: c.body['success'] ?? null,
    })),
    costUsd: members.observedCostCount ? members.observedCostSum : members.statusCostMax,
    // The newest: a cluster job's launches can expect tens of thousands (the job node is sent
    // again with every launch); how many there are is said when not all are listed.
    expectedArtifacts: lastN(expected).map((e) => e.pattern),
    ...(expected.length > MAX_LISTED ? { expectedCount: expected.length } : {}),
    inferred: launches.length === 0 && statuses.length === 0,
  };

  // Edge into the job: from the tool calls whose results name it (theirs: buildTool), else from
  // the session.
  const edges: LineageEdge[] = [];
  if (!ctx.published('toolJob', jobId)) edges.push(sessionEdge(facts, id));

  // Expected artifacts never seen become expected-but-missing nodes: one each, or one for all of
  // them past MAX_MISSING_NODES (see expectedMissingNode).
  members.checkExpected(ctx);
  const missing = members.missingCount;
  const extras =
    missing > MAX_MISSING_NODES
      ? [expectedMissingNode(jobId, missing, members.missingLast(MAX_LISTED))]
      : members.missingLast(missing).map((pattern) => expectedNode(jobId, pattern));
  for (const extra of extras) edges.push(edge(id, extra.id, reasonList('expected_artifacts')));
  // A copy: the list grows with the job's next launches, and the graph compares it with this one.
  return result(node, edges, members.publishesCopy(), extras);
}

/**
 * Past this many expected-but-missing artifacts a job has one node for all of them. A cluster
 * job whose launches expect files that never show up (or show up under paths that do not match)
 * had a node and an edge per pattern, every one made and compared again on each rebuild of the
 * job — on every launch and status change appended: a 100k-event session with ~37,500 of them
 * took ~1.1 s per live append and ~4.4 s to open (issue 8).
 */
export const MAX_MISSING_NODES = 200;

function expectedNode(jobId: string, pattern: string): LineageNode {
  return {
    id: nodeIds.expected(jobId, pattern),
    kind: 'artifact',
    label: pattern,
    eventIds: [],
    seq: null,
    data: { path: pattern, jobId, expected: true },
    corrections: [],
    stale: false,
    missing: true,
  };
}

/** One node for a job's many missing expected artifacts: how many, and the newest patterns. */
function expectedMissingNode(jobId: string, missingCount: number, lastMissing: string[]): LineageNode {
  return {
    id: nodeIds.expectedMissing(jobId),
    kind: 'artifact',
    label: `${missingCount} expected artifacts`,
    eventIds: [],
    seq: null,
    data: { jobId, expected: true, missingCount, missingPatterns: lastMissing },
    corrections: [],
    stale: false,
    missing: true,
  };
}

function buildArtifact(
  id: string,
  views: readonly EventView[],
  ctx: BuildContext,
  facts: BuilderFacts,
): BuildResult {
  const last = views.at(-1);
  const path = str(last?.body['path']) ?? id.slice('artifact:'.length);
  const node = baseNode(id, 'artifact', path, views);
  const jobId = str(last?.body['job_id']);
  node.data = {
    path,
    jobId,
    sizeBytes: num(last?.body['size_bytes']),
    sha256: str(last?.body['sha256']),
    contentType: str(last?.body['content_type']),
    mountPath: str(last?.body['mount_path']),
    observations: views.length,
  };
  const keys = artifactKeys(views);
  const edges: LineageEdge[] = [];
  const jobIds = new Set(views.map((v) => str(v.body['job_id'])).filter((j): j is string => j !== null));
  // Per job node: [linked by job_id, expects this artifact]. The edge's reasons are then one of
  // three shared lists (kept by every artifact edge: a grown array each cost ~200 bytes).
  const reasonsBySource = new Map<string, [boolean, boolean]>();
  for (const j of jobIds) {
    const jobNode = nodeIds.job(j);
    if (ctx.exists(jobNode)) reasonsBySource.set(jobNode, [true, false]);
  }
  for (const k of keys)
    for (const jobNode of ctx.lookup('expect', k)) {
      const reasons = reasonsBySource.get(jobNode);
      if (reasons) reasons[1] = true;
      else reasonsBySource.set(jobNode, [false, true]);
    }
  // Ordered as the [source, reasons] pairs always were: by their text (`source,reason,…`).
  const bySource = [...reasonsBySource].map(([source, [byJobId, expected]]) => {
    const reasons = artifactReasons(byJobId, expected);
    return { source, reasons, order: `${source},${reasons.join(',')}` };
  });
  bySource.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  for (const { source, reasons } of bySource) edges.push(edge(source, id, reasons));
  if (edges.length === 0) edges.push(sessionEdge(facts, id));
  return result(
    node,
    edges,
    keys.map((k): Key => ['akey', k]),
  );
}

function artifactKeys(views: readonly EventView[]): string[] {
  const keys = new Set<string>();
  for (const v of views) {
    const path = str(v.body['path']);
    const rel = str(v.body['path_relative_to_mount']);
    if (path) keys.add(normalizePath(path));
    if (rel) keys.add(normalizePath(rel));
  }
  return [...keys];
}

function buildVerification(
  id: string,
  views: readonly EventView[],
  ctx: BuildContext,
  facts: BuilderFacts,
): BuildResult {
  const v = views[0]!;
  const body = v.body;
  const claim = obj(body['claim']);
  const gate = str(body['gate']);
  const verdict = str(body['verdict']);
  const taskId = str(body['task_id']);
  const filePath = claim ? str(claim['file_path']) : null;
  const node = baseNode(id, 'verification', `${gate ?? '?'}: ${verdict ?? '?'}`, views);
  node.data = {
    gate,
    verdict,
    taskId,
    confidence: num(body['confidence']),
    verifier: str(body['verifier']),
    claimKind: claim ? str(claim['kind']) : null,
    filePath,
    issues: Array.isArray(body['issues']) ? body['issues'].length : 0,
  };
  const edges: LineageEdge[] = [];
  const targets: string[] = [];
  if (filePath !== null)
    for (const artifact of [...ctx.lookup('akey', normalizePath(filePath))].sort()) {
      // Only an artifact whose own path equals the claim's file_path.
      if (artifact === nodeIds.artifact(filePath) || ctx.node(artifact)?.data['path'] === filePath) {
        edges.push(edge(artifact, id, reasonList('claim.file_path == artifact.path')));
        targets.push(artifact);
      }
    }
  const jobId = str(body['job_id']) ?? (claim ? str(claim['job_id']) : null);
  if (jobId !== null && ctx.exists(nodeIds.job(jobId))) {
    edges.push(edge(nodeIds.job(jobId), id, reasonList('job_id')));
    targets.push(nodeIds.job(jobId));
  }
  const seq = v.event.seq;
  if (targets.length === 0) {
    // An LLM-gate verdict names no job: it verifies the session's (task's) outcome.
    edges.push(sessionEdge(facts, id, taskId !== null ? 'task_id' : 'session_id'));
    const maxCorrection = facts.maxCorrectionSeq();
    node.stale = seq !== null && maxCorrection !== null && maxCorrection > seq;
    // Stale for good once stale (the newest correction's seq only grows): only a verdict not
    // stale yet watches for corrections. All of them did, and a session of thousands of LLM
    // verdicts rebuilt every one on every correction (200k events: 7.5 s, 5× the 50k read).
    if (!node.stale) ctx.lookup('corrections', '');
  } else {
    node.stale = targets.some((t) =>
      (ctx.node(t)?.corrections ?? []).some((c) => {
        const cSeq = facts.view(c.correctionId)?.event.seq ?? null;
        return seq !== null && cSeq !== null && cSeq > seq;
      }),
    );
  }
  return result(node, edges);
}

function buildValidation(
  id: string,
  views: readonly EventView[],
  ctx: BuildContext,
  facts: BuilderFacts,
): BuildResult {
  // A subagent kept as a row (subagent-table.ts) is not watched: it leaves the table only for the
  // graph, where it exists as long as its spawn (its member for good) — and what a validation
  // attaches to changes only with spawns of its name, which rebuild it (the lineage builder).
  return validationOf(id, views[0]!, facts, (owner) => facts.subagentRow(owner) || ctx.exists(owner));
}

/**
 * A produces-validation's node and its edge: from the subagent it attaches to by name when that
 * exists (`ownerExists`), from the session otherwise.
 */
export function validationOf(
  id: string,
  v: EventView,
  facts: Pick<BuilderFacts, 'sessionNode' | 'sessionEdgePrefix' | 'attachedSubagent'>,
  ownerExists: (owner: string) => boolean,
): BuildResult {
  const name = str(v.body['subagent_name']);
  const passed = v.event.kind === 'produces_validation_passed';
  const node = baseNode(id, 'validation', `produces ${passed ? 'passed' : 'failed'}`, [v]);
  node.data = {
    subagentName: name,
    verdict: str(v.body['verdict']) ?? (passed ? 'passed' : 'failed'),
    patterns: Array.isArray(v.body['patterns']) ? v.body['patterns'].length : 0,
    missing: Array.isArray(v.body['missing']) ? v.body['missing'].length : 0,
  };
  const owner = facts.attachedSubagent(v.event.eventId);
  const edges = [
    owner !== null && ownerExists(owner)
      ? edge(owner, id, reasonList('subagent_name'))
      : sessionEdge(facts, id),
  ];
  return result(node, edges);
}

/** A subagent's node, its child session's and their edges (its views in reading order). */
export function buildSubagent(
  id: string,
  views: readonly EventView[],
  facts: Pick<BuilderFacts, 'sessionNode' | 'sessionEdgePrefix' | 'childSessionExists'>,
): BuildResult {
  const spawn = views.find((v) => v.event.kind === 'subagent_spawned');
  const done = views.find((v) => v.event.kind === 'subagent_completed');
  const name = str(spawn?.body['subagent_name']) ?? str(done?.body['subagent_name']) ?? 'subagent';
  const node = baseNode(id, 'subagent', name, views);
  const childId = str(done?.body['child_session_id']);
  node.missing = !spawn;
  // Observations attach by name to the subagent spawned last before them (SubagentAttachments).
  const observations = views.filter((v) => v.event.kind === 'subagent_observation').length;
  node.data = {
    name,
    spawnEventId: spawn?.event.eventId ?? id.slice('subagent:'.length),
    completionEventId: done?.event.eventId ?? null,
    taskPreview: clip(spawn?.body['task_preview'], 200),
    completed: Boolean(done),
    success: typeof done?.body['success'] === 'boolean' ? done.body['success'] : null,
    iterations: num(done?.body['iterations']),
    tokensUsed: num(done?.body['tokens_used']),
    durationSeconds: num(done?.body['duration_seconds']),
    error: clip(done?.body['error'], 200),
    childSessionId: childId,
    observations,
  };
  const childNode = childId === null ? null : nodeIds.childSession(childId);
  const edges = subagentEdges(facts, id, childNode, Boolean(spawn));
  const extras: LineageNode[] = [];
  if (childId !== null && childNode !== null) {
    const exists = facts.childSessionExists(childId);
    extras.push({
      id: childNode,
      kind: 'child_session',
      label: childId,
      eventIds: [],
      seq: null,
      data: { childSessionId: childId, exists: exists ?? null },
      corrections: [],
      stale: false,
      missing: exists === false,
    });
  }
  return result(node, edges, NONE, extras);
}

/** A subagent's edges: from the session, and to its child session (`childNode`) when it names one. */
export function subagentEdges(
  facts: Pick<BuilderFacts, 'sessionNode' | 'sessionEdgePrefix'>,
  id: string,
  childNode: string | null,
  spawned = true,
): LineageEdge[] {
  const edges = [sessionEdge(facts, id, spawned ? 'session_id' : 'spawn_event_id')];
  if (childNode !== null) edges.push(edge(id, childNode, reasonList('child_session_id')));
  return edges;
}

function buildEvent(id: string, views: readonly EventView[], facts: BuilderFacts): BuildResult {
  const v = views[0]!;
  const node = baseNode(id, 'event', v.event.kind, views);
  node.data = { kind: v.event.kind };
  return result(node, [sessionEdge(facts, id)]);
}

const MAX_LISTED = 200;

function lastN<T>(xs: T[]): T[] {
  return xs.length > MAX_LISTED ? xs.slice(xs.length - MAX_LISTED) : xs;
}
