/**
 * What a comparison of two derived lineage graphs says: plain JSON, so it crosses a worker, the
 * bridge and `--json` unchanged. Side `a` is the "before", side `b` the "after".
 */
import type { LineageNodeKind } from '../types';

/** One side as asked for: a session (its key, the log's absolute path) cut at a seq, or whole. */
export interface CompareSideRef {
  sessionKey: string;
  uptoSeq: number | null;
}

/** How the two sides are matched: the same log (ids are exact) or two logs (stable meanings). */
export type CompareMode = 'same-session' | 'two-sessions';

export interface CompareSideInfo {
  sessionKey: string;
  sessionId: string;
  uptoSeq: number | null;
  /**
   * Where the log was cut: the last line read (1-based) and the seq reached. `lineNo` null: the
   * whole log was read (no seq asked for, or no event at or past it yet).
   */
  cut: { lineNo: number | null; seq: number | null };
  events: number;
  nodes: number;
  edges: number;
  corrections: number;
  lastSeq: number | null;
  parseErrors: number;
}

export type StepChange = 'same' | 'changed' | 'added' | 'removed';

/** One event of one side, as a step of the session. */
export interface StepRef {
  /** Position among the side's events in reading order (by seq, ties by file position). */
  index: number;
  eventId: string;
  seq: number | null;
  kind: string;
  /** "tool_call bash", "verification_result data: refuted"… */
  label: string;
  /** The lineage node the event belongs to (null for corrections). */
  nodeId: string | null;
}

export interface StepRow {
  change: StepChange;
  a: StepRef | null;
  b: StepRef | null;
  /** For `changed`: what differs ("verdict verified → refuted", "corrected"). */
  note: string | null;
}

/** Consecutive steps that match and did not change, collapsed; `rows` may be clipped for big runs. */
export interface UnchangedRun {
  type: 'unchanged';
  count: number;
  /** The run's rows, or its first and last ones when it is long (`omitted` in between). */
  rows: StepRow[];
  /** Rows of the run not listed (between the first and last ones kept). */
  omitted: number;
  /** Index in `rows` where the omitted ones would sit. */
  omittedAt: number;
}

export type AlignedBlock = UnchangedRun | { type: 'row'; row: StepRow };

export interface AlignedSteps {
  /** `event-id` for one log at two seqs; `signature` when two logs were aligned with a diff. */
  matchedBy: 'event-id' | 'signature';
  blocks: AlignedBlock[];
  counts: { same: number; changed: number; added: number; removed: number };
  /** The diff gave up (too many differences for its time budget): steps were paired greedily, not minimally. */
  approximate: boolean;
  /** Changed/added/removed rows not listed (past the list limit). */
  rowsNotListed: number;
}

export interface NodeRef {
  nodeId: string;
  label: string;
  seq: number | null;
  /** Expected but never seen (an artifact a launch expected), or referenced but not found. */
  missing: boolean;
}

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

export interface NodeDiff {
  /** The identity the two sides were matched on (the node id in same-session mode). */
  key: string;
  kind: LineageNodeKind;
  change: 'added' | 'removed' | 'changed';
  a: NodeRef | null;
  b: NodeRef | null;
  fields: FieldChange[];
}

export interface EdgeDiff {
  key: string;
  change: 'added' | 'removed';
  /** Node ids on the side the edge is on. */
  source: NodeRef;
  target: NodeRef;
  reasons: string[];
}

/** A verdict that is not the same on both sides, for one verification or for what it verifies. */
export interface VerdictFlip {
  key: string;
  /** `verification`: the verdict node itself; `artifact`/`job`/`session`: the latest verdict given on it. */
  subject: 'verification' | 'validation' | 'artifact' | 'job' | 'session';
  label: string;
  before: string | null;
  after: string | null;
  a: NodeRef | null;
  b: NodeRef | null;
}

export interface CorrectionDiff {
  change: 'added' | 'removed';
  correctionId: string;
  /** The event it corrects and the node that event belongs to on its side. */
  eventId: string;
  node: NodeRef | null;
  fields: string[];
  reason: string | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface CompareSummary {
  nodes: { added: number; removed: number; changed: number };
  edges: { added: number; removed: number };
  verdictFlips: number;
  corrections: { added: number; removed: number };
  steps: { same: number; changed: number; added: number; removed: number };
}

export interface CompareResult {
  mode: CompareMode;
  a: CompareSideInfo;
  b: CompareSideInfo;
  summary: CompareSummary;
  steps: AlignedSteps;
  nodes: NodeDiff[];
  edges: EdgeDiff[];
  verdictFlips: VerdictFlip[];
  corrections: CorrectionDiff[];
  /** Entries of the lists above left out past the list limit (the summary counts them all). */
  notListed: { nodes: number; edges: number; verdictFlips: number; corrections: number };
}
