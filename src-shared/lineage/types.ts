/**
 * The lineage graph: what ran, what it produced, what was verified. Plain JSON data so it
 * crosses any transport unchanged. Every edge says why it exists (the field that links).
 */

export type LineageNodeKind =
  | 'session'
  | 'tool_call'
  | 'job'
  | 'artifact'
  | 'verification'
  | 'validation'
  | 'subagent'
  | 'child_session'
  | 'event';

/** The field (or rule) that makes an edge exist. */
export type EdgeReason =
  | 'session_id'
  | 'output_summary.job_id'
  | 'job_id'
  | 'expected_artifacts'
  | 'claim.file_path == artifact.path'
  | 'task_id'
  | 'spawn_event_id'
  | 'child_session_id'
  | 'subagent_name'
  | 'tool_call_id';

export interface NodeCorrection {
  eventId: string;
  correctionId: string;
  reason: string | null;
  fields: string[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface LineageNode {
  id: string;
  kind: LineageNodeKind;
  label: string;
  /** Events this node is made of, in reading order. */
  eventIds: string[];
  /** Lowest seq among its events (null when none has one). */
  seq: number | null;
  /** Kind-specific summary fields (small; full bodies are loaded on demand). */
  data: Record<string, unknown>;
  /** Corrections that changed one of its events, with before and after. */
  corrections: NodeCorrection[];
  /** A verdict given before a correction changed what it verified. */
  stale: boolean;
  /** Expected but never seen (artifact), or referenced but not found (child session, spawn). */
  missing: boolean;
}

export interface LineageEdge {
  id: string;
  source: string;
  target: string;
  reasons: EdgeReason[];
}

export interface LineageDelta {
  upsertedNodes: LineageNode[];
  removedNodes: string[];
  upsertedEdges: LineageEdge[];
  removedEdges: string[];
}
