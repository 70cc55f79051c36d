/**
 * The TreeTrace bundle model: what the reader makes of a `.treetrace/` folder (tree.json from schema
 * 0.1 to 0.3 and the files around it), ready for views. Plain JSON only (no Map, Set, class or Date)
 * so it crosses the Bridge unchanged. Items point at each other by their index in the bundle's
 * arrays (`nodes[i]`, `lessons[j]`, …); a node's `key` is unique within the bundle, its `id` need
 * not be (ids are renumbered on every TreeTrace run and may collide or be redacted).
 * See shared specs: treetrace-schema-v0.3.md and the TreeTrace part of AS-WRITTEN.md.
 */
import type { JsonObject } from './json-text';

export type { JsonObject } from './json-text';

/** The files of a `.treetrace/` folder that the reader understands. */
export const BUNDLE_FILES = [
  'tree.json',
  'failures.json',
  'rejections.json',
  'hallucinations.json',
  'lessons.md',
  'evals.jsonl',
  'agent-memory.md',
  'redactions.json',
] as const;
export type BundleFileName = (typeof BUNDLE_FILES)[number];

/** The Markdown reports TreeTrace writes beside `.treetrace/`, in the project folder. */
export const REPORT_FILES = [
  'TREETRACE_REPORT.md',
  'PROMPT_TREE.md',
  'SECURITY_REPORT.md',
  'PROMPT_TREE_GRAPH.md',
] as const;

/** Schema versions whose shape the reader knows. Others are read the same way and flagged. */
export const KNOWN_SCHEMA_VERSIONS = ['0.1', '0.2', '0.3'] as const;

/** What a host read for one file. */
export type FileText =
  | { status: 'ok'; text: string; bytes: number }
  | { status: 'missing' }
  | { status: 'error'; message: string };

/** Everything the pure builder needs: file texts, read by whoever can read (disk, archive, test). */
export interface BundleInput {
  /** A file left out counts as missing. */
  files: Partial<Record<BundleFileName, FileText>>;
  /** Reports found in the project folder (REPORT_FILES), in that order. */
  reports?: { name: string; file: FileText }[];
  /** Other file names in the bundle folder, listed and not read. */
  otherFiles?: string[];
}

export type ProblemSeverity = 'error' | 'warning' | 'info';

export type ProblemCode =
  | 'missing-file'
  | 'unreadable-file'
  | 'invalid-json'
  | 'truncated-json'
  | 'not-an-object'
  | 'bad-field'
  | 'invalid-item'
  | 'invalid-line'
  | 'duplicate-id'
  | 'missing-id'
  | 'dangling-ref'
  | 'parent-cycle'
  | 'generation-mismatch'
  | 'unknown-schema-version'
  | 'stat-mismatch'
  | 'ledger-mismatch'
  | 'unrecognised-content';

/** A problem found while reading, kept where it sits (file, line, node) and shown, never thrown. */
export interface BundleProblem {
  severity: ProblemSeverity;
  code: ProblemCode;
  /** The file it is about ("tree.json", "evals.jsonl", …), null for the bundle as a whole. */
  file: string | null;
  message: string;
  line?: number;
  node?: number;
}

export interface BundleFileStatus {
  name: string;
  /** `invalid`: read, but not usable as its format (bad JSON, not an object). */
  status: 'ok' | 'missing' | 'error' | 'invalid';
  bytes: number | null;
  /** `project.generatedAt` of a JSON file, the "Generated:" line of a report. */
  generatedAt: string | null;
  schemaVersion: string | null;
}

export interface TreeTraceAction {
  tool: string | null;
  file: string | null;
  command: string | null;
  model: string | null;
  extra: JsonObject;
}

/** A failure label on a node (schema 0.2+). */
export interface TreeTraceSignal {
  type: string | null;
  /** `type` with `hallucinated_file_or_api` read as `hallucinated_file_or_path`. */
  canonicalType: string | null;
  tier: string | null;
  confidence: number | null;
  model: string | null;
  evidence: string | null;
  resolvedBy: string | null;
  /** The node `resolvedBy` names, when it exists. */
  resolvedByNode: number | null;
  extra: JsonObject;
}

export type ParentLink =
  /** No parent: `parentId` is null (or absent, with no edge into the node). */
  | 'none'
  | 'resolved'
  /** `parentId` names no node: the node is drawn as a root and the reference is listed. */
  | 'dangling'
  /** The edge to the parent closed a cycle and was broken here: the node is drawn as a root. */
  | 'broken-cycle';

export interface TreeTraceNode {
  /** Position in `nodes` (and in the file's `nodes` array, invalid items aside). */
  index: number;
  /** Unique within the bundle: the id, `id#2` for a repeated id, `#<index>` without an id. */
  key: string;
  id: string | null;
  /** The id is a `[REDACTED:…]` marker. */
  idRedacted: boolean;
  /** `parentId` as written. */
  parentId: string | null;
  /** Where the parent came from: `parentId`, or the first edge into the node when `parentId` is absent. */
  parentSource: 'parentId' | 'edge' | null;
  /** The resolved parent after cycles are broken; null for roots. */
  parent: number | null;
  parentLink: ParentLink;
  /** The resolved parent sits later in the file than the node (ids are not ordered). */
  forwardParent: boolean;
  children: number[];
  depth: number;
  /** The cycle the node is on, index into `cycles`. */
  cycle: number | null;
  role: string | null;
  /** Open enum: root, direction, correction, scope-change, checkpoint, question, rejection, … */
  kind: string | null;
  title: string;
  text: string;
  /** Open enum: accepted, abandoned, … */
  status: string | null;
  abandoned: boolean;
  nudges: number;
  reruns: number;
  session: string | null;
  timestamp: string | null;
  model: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  actions: TreeTraceAction[];
  failureSignals: TreeTraceSignal[];
  evalCandidate: boolean;
  lessonIds: string[];
  sourceEventIds: string[];
  /** `sourceEventIds[0]`, the most stable key across runs; null when absent or redacted. */
  stableKey: string | null;
  /** `[REDACTED:…]` markers in the node's text, title, actions and evidence. */
  redactionMarkers: number;
  /** What cites or carries the node, as indices into the bundle's arrays. */
  refs: {
    rejections: number[];
    lessons: number[];
    evals: number[];
    chains: number[];
    hallucinations: number[];
    failures: number[];
  };
  /** Fields this reader does not know, kept. */
  extra: JsonObject;
}

export interface TreeTraceEdge {
  index: number;
  from: string | null;
  to: string | null;
  relationship: string | null;
  fromNode: number | null;
  toNode: number | null;
  /** The edge says what the child's `parentId` says. */
  matchesParent: boolean;
  extra: JsonObject;
}

/** A parent cycle: following `parent` from `nodes[0]` comes back to it. */
export interface TreeTraceCycle {
  index: number;
  /** In parent order, starting at the node whose parent edge was broken. */
  nodes: number[];
  nodeIds: (string | null)[];
  /** The edge removed to make a tree: `child`'s link to `parent` (child is the earliest node in the file). */
  broken: { child: number; parent: number; childId: string | null; parentId: string | null };
}

export type RefField =
  | 'parentId'
  | 'edge.from'
  | 'edge.to'
  | 'chain.failureNodeId'
  | 'chain.correctionNodeId'
  | 'chain.resolvedNodeId'
  | 'lesson.nodeIds'
  | 'eval.sourceNodeIds'
  | 'signal.resolvedBy'
  | 'node.lessonIds'
  | 'rejection.nodeId'
  | 'hallucination.nodeId'
  | 'failure.firstSeenNodeId'
  | 'failure.correctedByNodeId';

/** A reference to a node (or lesson) that does not exist. */
export interface DanglingRef {
  field: RefField;
  /** Who holds the reference: a node key, a chain/lesson/eval id, "edge 3", … */
  owner: string;
  ref: string;
  /**
   * Counted in `inspect`'s `danglingRefs`: parentId, edge ends, chain, lesson and eval node ids.
   * The others (signals, rejections, hallucinations, failures, lessonIds) are listed only.
   */
  counted: boolean;
}

export type ItemOrigin =
  | 'tree.json'
  | 'failures.json'
  | 'rejections.json'
  | 'hallucinations.json'
  | 'lessons.md'
  | 'evals.jsonl'
  | 'failure-signal';

export interface TreeTraceChain {
  index: number;
  id: string | null;
  failureNodeId: string | null;
  correctionNodeId: string | null;
  resolvedNodeId: string | null;
  failureNode: number | null;
  correctionNode: number | null;
  resolvedNode: number | null;
  failureType: string | null;
  canonicalFailureType: string | null;
  /** A label (`high|medium|low`) as written; a number in some writers. */
  confidence: string | number | null;
  summary: string | null;
  origins: ItemOrigin[];
  /** Signals of the chain's failure type on its failure node (or any signal resolved by its correction). */
  signals: { node: number; signal: number }[];
  /** Lessons and evals that cite the chain's failure or correction node. */
  lessons: number[];
  evals: number[];
  extra: JsonObject;
}

export interface TreeTraceRejection {
  index: number;
  /** `node`: from `nodes[].rejections`; `rejections.json`: a ledger entry with no match on a node. */
  origin: 'node' | 'rejections.json';
  nodeId: string | null;
  node: number | null;
  kind: string | null;
  source: string | null;
  confidence: number | null;
  toolUseId: string | null;
  tool: string | null;
  ts: string | null;
  evidence: string | null;
  /** A node rejection that `rejections.json` also lists. */
  inLedger: boolean;
  extra: JsonObject;
}

export interface TreeTraceLesson {
  index: number;
  id: string | null;
  title: string | null;
  text: string | null;
  nodeIds: string[];
  /** The cited nodes that exist. */
  nodes: number[];
  origins: ItemOrigin[];
  /** 1-based line in lessons.md, when it is listed there. */
  line: number | null;
  extra: JsonObject;
}

export interface TreeTraceEval {
  index: number;
  id: string | null;
  type: string | null;
  task: string | null;
  context: string | null;
  input: string | null;
  expectedBehavior: string[];
  failureMode: string | null;
  sourceNodeIds: string[];
  nodes: number[];
  origins: ItemOrigin[];
  /** 1-based line in evals.jsonl, when it is listed there. */
  line: number | null;
  /** The whole object as written (evals are handed to eval harnesses as they are). */
  fields: JsonObject;
}

export interface TreeTraceHallucination {
  index: number;
  origin: 'hallucinations.json' | 'failure-signal';
  /** As written: `hallucinated_file_or_path`, `hallucinated_file_or_api`, `hallucinated_import_or_package`, … */
  category: string | null;
  canonicalCategory: string | null;
  reference: string | null;
  nodeId: string | null;
  node: number | null;
  evidence: string | null;
  evalCandidate: JsonObject | null;
  /** For `failure-signal`: where the signal sits. */
  signal: { node: number; signal: number } | null;
  extra: JsonObject;
}

/** An entry of failures.json (the flattened failure signals, with ids and lessons). */
export interface TreeTraceFailure {
  index: number;
  id: string | null;
  type: string | null;
  canonicalType: string | null;
  tier: string | null;
  confidence: number | null;
  model: string | null;
  firstSeenNodeId: string | null;
  correctedByNodeId: string | null;
  firstSeenNode: number | null;
  correctedByNode: number | null;
  summary: string | null;
  evidence: string | null;
  lesson: string | null;
  evalCandidate: boolean | null;
  extra: JsonObject;
}

export interface TreeTraceSession {
  index: number;
  /** null: the nodes that name no session. */
  id: string | null;
  /** Listed in tree.json `sessions`; false for a session only nodes name. */
  declared: boolean;
  title: string | null;
  firstTs: string | null;
  lastTs: string | null;
  /** Raw prompts before folding (AS-WRITTEN), not nodes. */
  promptCount: number | null;
  isContinuation: boolean | null;
  inputTokens: number | null;
  outputTokens: number | null;
  nodes: number[];
  /** Nodes of the session whose parent is outside it (or none): where the group starts. */
  roots: number[];
  extra: JsonObject;
}

export interface RedactionDecision {
  /** SHA-256 of the original text (TreeTrace never stores the secret). */
  hash: string;
  action: string | null;
  ruleId: string | null;
  replacement: string | null;
}

export interface TreeTraceRedactions {
  /** `[REDACTED:rule]` markers by rule, over nodes, actions, evidence and ids. */
  markers: Record<string, number>;
  total: number;
  /** Nodes that hold at least one marker. */
  nodes: number[];
  /** Nodes whose id, parentId or first source event id is redacted. */
  redactedIds: number[];
  /** redactions.json (hash → decision); null when the file is absent. */
  decisions: RedactionDecision[] | null;
}

export interface CountedStats {
  nodes: number;
  edges: number;
  roots: number;
  byKind: Record<string, number>;
  byStatus: Record<string, number>;
  abandoned: number;
  /** Abandoned nodes whose parent is not abandoned: the abandoned sub-trees. */
  abandonedBranches: number;
  forwardParents: number;
  duplicateIds: number;
  failureSignals: number;
  signalsByType: Record<string, number>;
  /** Rejection entries on nodes. */
  rejections: number;
  rejectionsByKind: Record<string, number>;
  actions: number;
  models: string[];
  firstTs: string | null;
  lastTs: string | null;
  sessions: number;
}

export interface StatMismatch {
  field: string;
  declared: number;
  counted: number;
}

export interface TreeTraceReport {
  name: string;
  status: 'ok' | 'error';
  title: string | null;
  generatedAt: string | null;
  generatorVersion: string | null;
  bytes: number | null;
  /** The Markdown, up to MAX_REPORT_CHARS. */
  text: string | null;
  truncated: boolean;
}

export interface MarkdownSection {
  heading: string;
  items: string[];
  text: string;
}

export interface TreeTraceBundle {
  format: 'treetrace';
  schemaVersion: string | null;
  schemaKnown: boolean;
  generator: { name: string | null; version: string | null; url: string | null } | null;
  generatorVersion: string | null;
  project: { name: string | null; generatedAt: string | null; sourceType: string | null } | null;
  /** tree.json was read and holds a node list: node references can be checked. */
  hasTree: boolean;
  files: BundleFileStatus[];
  otherFiles: string[];
  /** Files from different runs: `generatedAt` differs between them. */
  generations: {
    reference: string | null;
    files: { file: string; generatedAt: string }[];
    mismatch: boolean;
    differing: string[];
  };
  stats: {
    declared: JsonObject | null;
    analysis: JsonObject | null;
    counted: CountedStats;
    mismatches: StatMismatch[];
  };
  sessions: TreeTraceSession[];
  nodes: TreeTraceNode[];
  edges: TreeTraceEdge[];
  /** Nodes with no parent after cycles are broken, in file order. */
  roots: number[];
  cycles: TreeTraceCycle[];
  danglingRefs: DanglingRef[];
  correctionChains: TreeTraceChain[];
  rejections: TreeTraceRejection[];
  /** rejections.json: its summary, and how it matches the nodes. Null when absent. */
  rejectionLedger: {
    total: number | null;
    byKind: Record<string, number>;
    entries: number;
    matched: number;
    unmatched: number;
  } | null;
  failures: TreeTraceFailure[];
  failureSummary: JsonObject | null;
  lessons: TreeTraceLesson[];
  evalCandidates: TreeTraceEval[];
  hallucinations: TreeTraceHallucination[];
  hallucinationCheck: {
    verifiedAgainstWorkingTree: boolean | null;
    manifestSeen: boolean | null;
    summary: JsonObject | null;
    note: string | null;
  } | null;
  redactions: TreeTraceRedactions;
  agentMemory: {
    text: string;
    truncated: boolean;
    project: string | null;
    sections: MarkdownSection[];
  } | null;
  reports: TreeTraceReport[];
  problems: BundleProblem[];
  /** Top-level fields of tree.json this reader does not know, kept. */
  extra: JsonObject;
}
