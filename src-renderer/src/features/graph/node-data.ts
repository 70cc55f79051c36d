/**
 * Typed reads of `LineageNode.data`, whose shape per kind is set by
 * src-shared/lineage/sciagent/build-nodes.ts. The contract types it as an open record, so each
 * field is checked as it is read: a field missing or of another type reads as null.
 */
import type { LineageNode } from '../../../../src-shared/lineage/types';

type Data = Record<string, unknown>;

export const str = (d: Data, k: string) => (typeof d[k] === 'string' ? (d[k] as string) : null);
export const num = (d: Data, k: string) => (typeof d[k] === 'number' ? (d[k] as number) : null);
export const bool = (d: Data, k: string) => (typeof d[k] === 'boolean' ? (d[k] as boolean) : null);
const list = (d: Data, k: string) => (Array.isArray(d[k]) ? (d[k] as Data[]) : []);

export function sessionData(n: LineageNode) {
  const d = n.data;
  return {
    model: str(d, 'model'),
    iterations: num(d, 'iterations'),
    tokensIn: num(d, 'tokensIn'),
    tokensOut: num(d, 'tokensOut'),
    costUsd: num(d, 'costUsd'),
    wallSeconds: num(d, 'wallSeconds'),
    exitReason: str(d, 'exitReason'),
    ended: bool(d, 'ended') ?? false,
  };
}

/**
 * Builders clip long values to a JSON string; a clipped truncation stub reads better as what it is.
 */
export function readableValue(text: string | null): string | null {
  if (!text || !text.startsWith('{"_truncated":true')) return text;
  const size = /"_original_size":(\d+)/.exec(text)?.[1];
  return size ? `truncated — ${Number(size).toLocaleString('en-US')} bytes` : 'truncated';
}

export function toolData(n: LineageNode) {
  const d = n.data;
  return {
    toolName: str(d, 'toolName') ?? n.label,
    toolCallId: str(d, 'toolCallId'),
    actor: str(d, 'actor'),
    hasCall: bool(d, 'hasCall') ?? true,
    hasResult: bool(d, 'hasResult') ?? false,
    success: bool(d, 'success'),
    durationMs: num(d, 'durationMs'),
    error: readableValue(str(d, 'error')),
    costUsd: num(d, 'costUsd'),
    model: str(d, 'model'),
    jobId: str(d, 'jobId'),
  };
}

export interface JobLaunch {
  eventId: string | null;
  seq: number | null;
  mode: string | null;
  clusterName: string | null;
  service: string | null;
  image: string | null;
}

export interface JobStatus {
  eventId: string | null;
  seq: number | null;
  status: string | null;
  statusPrevious: string | null;
  skyStatusRaw: string | null;
  errorPreview: string | null;
}

export function jobData(n: LineageNode) {
  const d = n.data;
  const launches = list(d, 'launches');
  const statuses = list(d, 'statusHistory');
  const expectedArtifacts = (Array.isArray(d['expectedArtifacts']) ? d['expectedArtifacts'] : []).filter(
    (p): p is string => typeof p === 'string',
  );
  return {
    jobId: str(d, 'jobId') ?? n.label,
    /** All launches; `launches` holds only the newest few. */
    launchCount: num(d, 'launchCount') ?? launches.length,
    /** All status events; `statusHistory` holds only the newest few. */
    statusCount: num(d, 'statusCount') ?? statuses.length,
    launches: launches.map((l): JobLaunch => ({
      eventId: str(l, 'eventId'),
      seq: num(l, 'seq'),
      mode: str(l, 'mode'),
      clusterName: str(l, 'clusterName'),
      service: str(l, 'service'),
      image: str(l, 'image'),
    })),
    statusHistory: statuses.map((s): JobStatus => ({
      eventId: str(s, 'eventId'),
      seq: num(s, 'seq'),
      status: str(s, 'status'),
      statusPrevious: str(s, 'statusPrevious'),
      skyStatusRaw: str(s, 'skyStatusRaw'),
      errorPreview: str(s, 'errorPreview'),
    })),
    status: str(d, 'status'),
    clusterDown: list(d, 'clusterDown').length,
    costUsd: num(d, 'costUsd'),
    expectedArtifacts,
    /** How many the job's launches expect: the list above holds the newest of them. */
    expectedCount: num(d, 'expectedCount') ?? expectedArtifacts.length,
    inferred: bool(d, 'inferred') ?? false,
  };
}

export function artifactData(n: LineageNode) {
  const d = n.data;
  return {
    path: str(d, 'path') ?? n.label,
    jobId: str(d, 'jobId'),
    sizeBytes: num(d, 'sizeBytes'),
    sha256: str(d, 'sha256'),
    contentType: str(d, 'contentType'),
    expected: bool(d, 'expected') ?? false,
    observations: num(d, 'observations'),
    /** Set on a job's one node for its many missing expected artifacts (build-nodes' MAX_MISSING_NODES). */
    missingCount: num(d, 'missingCount'),
    /** The newest of those patterns. */
    missingPatterns: (Array.isArray(d['missingPatterns']) ? d['missingPatterns'] : []).filter(
      (p): p is string => typeof p === 'string',
    ),
  };
}

export function verificationData(n: LineageNode) {
  const d = n.data;
  return {
    gate: str(d, 'gate'),
    verdict: str(d, 'verdict'),
    taskId: str(d, 'taskId'),
    confidence: num(d, 'confidence'),
    verifier: str(d, 'verifier'),
    claimKind: str(d, 'claimKind'),
    filePath: str(d, 'filePath'),
    issues: num(d, 'issues') ?? 0,
  };
}

export function validationData(n: LineageNode) {
  const d = n.data;
  return {
    subagentName: str(d, 'subagentName'),
    verdict: str(d, 'verdict'),
    patterns: num(d, 'patterns') ?? 0,
    missing: num(d, 'missing') ?? 0,
  };
}

export function subagentData(n: LineageNode) {
  const d = n.data;
  return {
    name: str(d, 'name') ?? n.label,
    taskPreview: str(d, 'taskPreview'),
    completed: bool(d, 'completed') ?? false,
    success: bool(d, 'success'),
    iterations: num(d, 'iterations'),
    tokensUsed: num(d, 'tokensUsed'),
    durationSeconds: num(d, 'durationSeconds'),
    error: readableValue(str(d, 'error')),
    childSessionId: str(d, 'childSessionId'),
    observations: num(d, 'observations') ?? 0,
  };
}

export function childSessionData(n: LineageNode) {
  return { childSessionId: str(n.data, 'childSessionId') ?? n.label, exists: bool(n.data, 'exists') };
}

/** The verdicts we colour; anything else is shown as written, uncoloured. */
export type VerdictTone = 'verified' | 'refuted' | 'insufficient' | 'warning' | 'neutral';

export function verdictTone(verdict: string | null): VerdictTone {
  switch (verdict) {
    case 'verified':
    case 'refuted':
    case 'insufficient':
    case 'warning':
      return verdict;
    default:
      return 'neutral';
  }
}

/** SkyPilot / managed-job statuses by meaning: done, failed, running, waiting. */
export function jobStatusTone(
  status: string | null,
): 'verified' | 'refuted' | 'accent' | 'muted' | 'neutral' {
  if (!status) return 'muted';
  const s = status.toUpperCase();
  if (s.startsWith('SUCCEEDED') || s === 'SUCCESS' || s === 'DONE' || s === 'COMPLETED') return 'verified';
  if (s.startsWith('FAILED') || s === 'ERROR' || s.startsWith('CANCELLED') || s === 'CANCELED')
    return 'refuted';
  if (s === 'RUNNING' || s === 'STARTING' || s === 'RECOVERING' || s === 'SETTING_UP') return 'accent';
  if (s === 'PENDING' || s === 'SUBMITTED' || s === 'INIT' || s === 'CANCELLING') return 'muted';
  return 'neutral';
}
