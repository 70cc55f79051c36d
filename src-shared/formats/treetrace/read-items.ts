/**
 * One JSON object → one typed item, for every item kind of a bundle. Fields are read leniently
 * (a wrong type reads as null), unknown fields are kept in `extra`, and cross references
 * (`node`, `nodes`, indices) are left empty for the builder to resolve.
 */
import { bool, extraFields, isObject, num, str, strings, type JsonObject } from './json-text';
import type {
  ItemOrigin,
  TreeTraceAction,
  TreeTraceChain,
  TreeTraceEdge,
  TreeTraceEval,
  TreeTraceFailure,
  TreeTraceHallucination,
  TreeTraceLesson,
  TreeTraceNode,
  TreeTraceRejection,
  TreeTraceSession,
  TreeTraceSignal,
} from './types';
import { canonicalFailureType, isRedactedMarker } from './vocabulary';

const fields = (...names: string[]) => new Set(names);

/** An id as written: a string, or a number read as its decimal string. */
export function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

const NODE_FIELDS = fields(
  'id',
  'parentId',
  'role',
  'kind',
  'title',
  'text',
  'status',
  'nudges',
  'reruns',
  'session',
  'timestamp',
  'model',
  'inputTokens',
  'outputTokens',
  'actions',
  'failureSignals',
  'evalCandidate',
  'lessonIds',
  'rejections',
  'sourceEventIds',
);

/** A node with its own fields read; links and refs are filled by the builder. */
export function readNode(
  raw: JsonObject,
  index: number,
): { node: TreeTraceNode; rejections: JsonObject[]; hasParentField: boolean } {
  const id = idOf(raw.id);
  const text = str(raw.text) ?? '';
  const sourceEventIds = strings(raw.sourceEventIds);
  const first = sourceEventIds[0] ?? null;
  const node: TreeTraceNode = {
    index,
    key: '',
    id,
    idRedacted: isRedactedMarker(id),
    parentId: idOf(raw.parentId),
    parentSource: null,
    parent: null,
    parentLink: 'none',
    forwardParent: false,
    children: [],
    depth: 0,
    cycle: null,
    role: str(raw.role),
    kind: str(raw.kind),
    title: str(raw.title) ?? firstLine(text),
    text,
    status: str(raw.status),
    abandoned: raw.status === 'abandoned',
    nudges: num(raw.nudges) ?? 0,
    reruns: num(raw.reruns) ?? 0,
    session: idOf(raw.session),
    timestamp: str(raw.timestamp),
    model: str(raw.model),
    inputTokens: num(raw.inputTokens),
    outputTokens: num(raw.outputTokens),
    actions: objects(raw.actions).map(readAction),
    failureSignals: objects(raw.failureSignals).map(readSignal),
    evalCandidate: raw.evalCandidate === true,
    lessonIds: strings(raw.lessonIds),
    sourceEventIds,
    stableKey: first !== null && !isRedactedMarker(first) ? first : null,
    redactionMarkers: 0,
    refs: { rejections: [], lessons: [], evals: [], chains: [], hallucinations: [], failures: [] },
    extra: extraFields(raw, NODE_FIELDS),
  };
  return { node, rejections: objects(raw.rejections), hasParentField: 'parentId' in raw };
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** The objects of an array; other items are dropped. */
export function objects(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

const ACTION_FIELDS = fields('tool', 'file', 'command', 'model');

export function readAction(raw: JsonObject): TreeTraceAction {
  return {
    tool: str(raw.tool),
    file: str(raw.file),
    command: str(raw.command),
    model: str(raw.model),
    extra: extraFields(raw, ACTION_FIELDS),
  };
}

const SIGNAL_FIELDS = fields('type', 'tier', 'confidence', 'model', 'evidence', 'resolvedBy');

export function readSignal(raw: JsonObject): TreeTraceSignal {
  const type = str(raw.type);
  return {
    type,
    canonicalType: canonicalFailureType(type),
    tier: str(raw.tier),
    confidence: num(raw.confidence),
    model: str(raw.model),
    evidence: str(raw.evidence),
    resolvedBy: idOf(raw.resolvedBy),
    resolvedByNode: null,
    extra: extraFields(raw, SIGNAL_FIELDS),
  };
}

const REJECTION_FIELDS = fields(
  'nodeId',
  'kind',
  'source',
  'confidence',
  'toolUseId',
  'tool',
  'ts',
  'evidence',
);

export function readRejection(
  raw: JsonObject,
  origin: TreeTraceRejection['origin'],
  nodeId: string | null,
): TreeTraceRejection {
  return {
    index: 0,
    origin,
    nodeId: origin === 'node' ? nodeId : idOf(raw.nodeId),
    node: null,
    kind: str(raw.kind),
    source: str(raw.source),
    confidence: num(raw.confidence),
    toolUseId: str(raw.toolUseId),
    tool: str(raw.tool),
    ts: str(raw.ts),
    evidence: str(raw.evidence),
    inLedger: false,
    extra: extraFields(raw, REJECTION_FIELDS),
  };
}

/** What identifies one rejection event across tree.json and rejections.json. */
export function rejectionKey(r: TreeTraceRejection): string {
  return JSON.stringify([r.nodeId, r.kind, r.source, r.ts, r.toolUseId, r.evidence]);
}

const EDGE_FIELDS = fields('from', 'to', 'relationship');

export function readEdge(raw: JsonObject, index: number): TreeTraceEdge {
  return {
    index,
    from: idOf(raw.from),
    to: idOf(raw.to),
    relationship: str(raw.relationship),
    fromNode: null,
    toNode: null,
    matchesParent: false,
    extra: extraFields(raw, EDGE_FIELDS),
  };
}

const SESSION_FIELDS = fields(
  'id',
  'title',
  'firstTs',
  'lastTs',
  'promptCount',
  'isContinuation',
  'inputTokens',
  'outputTokens',
);

export function readSession(raw: JsonObject): TreeTraceSession {
  return {
    index: 0,
    id: idOf(raw.id),
    declared: true,
    title: str(raw.title),
    firstTs: str(raw.firstTs),
    lastTs: str(raw.lastTs),
    promptCount: num(raw.promptCount),
    isContinuation: bool(raw.isContinuation),
    inputTokens: num(raw.inputTokens),
    outputTokens: num(raw.outputTokens),
    nodes: [],
    roots: [],
    extra: extraFields(raw, SESSION_FIELDS),
  };
}

const CHAIN_FIELDS = fields(
  'id',
  'failureNodeId',
  'correctionNodeId',
  'resolvedNodeId',
  'failureType',
  'confidence',
  'summary',
);

export function readChain(raw: JsonObject, origin: ItemOrigin): TreeTraceChain {
  const failureType = str(raw.failureType);
  const confidence = raw.confidence;
  return {
    index: 0,
    id: idOf(raw.id),
    failureNodeId: idOf(raw.failureNodeId),
    correctionNodeId: idOf(raw.correctionNodeId),
    resolvedNodeId: idOf(raw.resolvedNodeId),
    failureNode: null,
    correctionNode: null,
    resolvedNode: null,
    failureType,
    canonicalFailureType: canonicalFailureType(failureType),
    confidence: typeof confidence === 'string' ? confidence : num(confidence),
    summary: str(raw.summary),
    origins: [origin],
    signals: [],
    lessons: [],
    evals: [],
    extra: extraFields(raw, CHAIN_FIELDS),
  };
}

const LESSON_FIELDS = fields('id', 'title', 'nodeIds', 'text');

export function readLesson(raw: JsonObject): TreeTraceLesson {
  return {
    index: 0,
    id: idOf(raw.id),
    title: str(raw.title),
    text: str(raw.text),
    nodeIds: idList(raw.nodeIds),
    nodes: [],
    origins: ['tree.json'],
    line: null,
    extra: extraFields(raw, LESSON_FIELDS),
  };
}

export function readEval(raw: JsonObject, origin: ItemOrigin, line: number | null): TreeTraceEval {
  return {
    index: 0,
    id: idOf(raw.id),
    type: str(raw.type),
    task: str(raw.task),
    context: str(raw.context),
    input: str(raw.input),
    expectedBehavior: strings(raw.expected_behavior ?? raw.expectedBehavior),
    failureMode: str(raw.failure_mode ?? raw.failureMode),
    sourceNodeIds: idList(raw.sourceNodeIds),
    nodes: [],
    origins: [origin],
    line,
    fields: raw,
  };
}

const HALLUCINATION_FIELDS = fields('category', 'reference', 'nodeId', 'evidence', 'evalCandidate');

export function readHallucination(raw: JsonObject): TreeTraceHallucination {
  const category = str(raw.category) ?? str(raw.type);
  return {
    index: 0,
    origin: 'hallucinations.json',
    category,
    canonicalCategory: canonicalFailureType(category),
    reference: str(raw.reference),
    nodeId: idOf(raw.nodeId),
    node: null,
    evidence: str(raw.evidence),
    evalCandidate: isObject(raw.evalCandidate) ? raw.evalCandidate : null,
    signal: null,
    extra: extraFields(raw, HALLUCINATION_FIELDS),
  };
}

const FAILURE_FIELDS = fields(
  'id',
  'type',
  'tier',
  'confidence',
  'model',
  'firstSeenNodeId',
  'correctedByNodeId',
  'summary',
  'evidence',
  'lesson',
  'evalCandidate',
);

export function readFailure(raw: JsonObject): TreeTraceFailure {
  const type = str(raw.type);
  return {
    index: 0,
    id: idOf(raw.id),
    type,
    canonicalType: canonicalFailureType(type),
    tier: str(raw.tier),
    confidence: num(raw.confidence),
    model: str(raw.model),
    firstSeenNodeId: idOf(raw.firstSeenNodeId),
    correctedByNodeId: idOf(raw.correctedByNodeId),
    firstSeenNode: null,
    correctedByNode: null,
    summary: str(raw.summary),
    evidence: str(raw.evidence),
    lesson: str(raw.lesson),
    evalCandidate: bool(raw.evalCandidate),
    extra: extraFields(raw, FAILURE_FIELDS),
  };
}

function idList(value: unknown): string[] {
  return Array.isArray(value) ? value.map(idOf).filter((v): v is string => v !== null) : [];
}
