/**
 * The per-session summary `inspect --json` prints, computed from the corrected view with
 * exactly the reading rules of the foundation issue. Pure: a SessionLog in, plain JSON out.
 */
import type { LoggedEvent, SessionLog } from './session-log';
import { VERDICTS, countTruncationStubs, num, str, type JsonObject } from './types';

/**
 * How the summary reads each event: its corrected body, and the truncation stubs in the whole of
 * it. A log read the full way holds every body whole (FULL_BODIES); one read as the app reads it
 * holds slim bodies, and its reader answers from them where they are exact (inspect's loader).
 */
export interface SummaryBodies {
  /** The corrected body, exact in every field the summary reads (SUMMARY_FIELDS). */
  body(view: LoggedEvent): JsonObject;
  /** Truncation stubs anywhere in the corrected body, whole. */
  stubs(view: LoggedEvent): number;
}

/** The body fields the summary reads. */
export const SUMMARY_FIELDS = [
  'ts',
  'model',
  'actor',
  'tool_call_id',
  'job_id',
  'status',
  'sky_status_raw',
  'verdict',
  'child_session_id',
  'cost_usd',
  'tokens_in',
  'tokens_out',
] as const;

export const FULL_BODIES: SummaryBodies = {
  body: (view) => view.body,
  stubs: (view) => countTruncationStubs(view.body),
};

export interface JobSummary {
  jobId: string;
  /** Number of compute_job_launched events with this job_id (cluster mode: several). */
  launches: number;
  /** Status of the status event with the highest seq; null when none was logged. */
  status: string | null;
  /** Raw SkyPilot status of that event. */
  skyStatusRaw: string | null;
  /** Number of artifact_produced events with this job_id. */
  artifacts: number;
}

export interface CostSummary {
  usd: number;
  source: 'session_end' | 'results';
}

export interface SciagentSessionSummary {
  source: 'sciagent';
  sessionId: string;
  path: string;
  events: number;
  parseErrors: number;
  invalid: number;
  unsupported: number;
  duplicates: number;
  seqRepeats: number;
  byKind: Record<string, number>;
  toolCalls: { total: number; unmatched: number };
  jobs: JobSummary[];
  artifacts: number;
  verifications: { verified: number; refuted: number; insufficient: number; warning: number };
  corrections: { applied: number; dangling: number };
  truncatedFields: number;
  childSessions: string[];
  cost: CostSummary | null;
  models: string[];
  firstTs: string | null;
  lastTs: string | null;
  graph: { nodes: number; edges: number };
}

export function summarizeSession(
  log: SessionLog,
  meta: { sessionId: string; path: string; graph: { nodes: number; edges: number } },
  bodies: SummaryBodies = FULL_BODIES,
): SciagentSessionSummary {
  const ordered = log.ordered();
  // No prototype: event kinds such as "constructor" or "__proto__" are plain keys here.
  const byKind: Record<string, number> = Object.create(null) as Record<string, number>;
  const resultIds = new Set<string>();
  let toolCalls = 0;
  const callIds: (string | null)[] = [];
  const jobs = new Map<string, JobSummary>();
  const jobArtifacts = new Map<string, number>();
  let artifacts = 0;
  const verifications = { verified: 0, refuted: 0, insufficient: 0, warning: 0 };
  let truncatedFields = 0;
  const children = new Set<string>();
  const models = new Set<string>();
  let firstTs: string | null = null;
  let lastTs: string | null = null;

  for (const view of ordered) {
    const body = bodies.body(view);
    const kind = view.event.kind;
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    truncatedFields += bodies.stubs(view);
    const ts = str(body['ts']);
    if (ts !== null) {
      if (firstTs === null || ts < firstTs) firstTs = ts;
      if (lastTs === null || ts > lastTs) lastTs = ts;
    }
    const model = str(body['model']) ?? (kind.startsWith('tool_') ? str(body['actor']) : null);
    if (model) models.add(model);
    switch (kind) {
      case 'tool_call':
        toolCalls++;
        callIds.push(str(body['tool_call_id']));
        break;
      case 'tool_result': {
        const id = str(body['tool_call_id']);
        if (id !== null) resultIds.add(id);
        break;
      }
      case 'compute_job_launched':
      case 'compute_job_status_changed': {
        const jobId = str(body['job_id']);
        if (jobId === null) break;
        const job = jobs.get(jobId) ?? { jobId, launches: 0, status: null, skyStatusRaw: null, artifacts: 0 };
        if (kind === 'compute_job_launched') job.launches++;
        else {
          // Ordered by seq (ties by file position): the last one seen has the highest seq.
          job.status = str(body['status']);
          job.skyStatusRaw = str(body['sky_status_raw']);
        }
        jobs.set(jobId, job);
        break;
      }
      case 'artifact_produced': {
        artifacts++;
        const jobId = str(body['job_id']);
        if (jobId !== null) jobArtifacts.set(jobId, (jobArtifacts.get(jobId) ?? 0) + 1);
        break;
      }
      case 'verification_result': {
        const verdict = str(body['verdict']);
        if (verdict !== null && (VERDICTS as readonly string[]).includes(verdict))
          verifications[verdict as keyof typeof verifications]++;
        break;
      }
      case 'subagent_completed': {
        const child = str(body['child_session_id']);
        if (child !== null) children.add(child);
        break;
      }
    }
  }
  for (const job of jobs.values()) job.artifacts = jobArtifacts.get(job.jobId) ?? 0;
  const unmatched = callIds.filter((id) => id === null || !resultIds.has(id)).length;

  return {
    source: 'sciagent',
    sessionId: meta.sessionId,
    path: meta.path,
    events: log.events.size,
    parseErrors: log.parseErrors.length,
    invalid: log.invalid.length,
    unsupported: log.unsupported.length,
    duplicates: log.duplicates.length,
    seqRepeats: log.seqRepeats.length,
    byKind,
    toolCalls: { total: toolCalls, unmatched },
    jobs: [...jobs.values()],
    artifacts,
    verifications,
    corrections: { applied: log.appliedCorrectionCount(), dangling: log.danglingCorrections().length },
    truncatedFields,
    childSessions: [...children].sort(),
    cost: sessionCost(ordered, (view) => bodies.body(view)),
    models: [...models].sort(),
    firstTs,
    lastTs,
    graph: meta.graph,
  };
}

/**
 * The last session_end with a numeric cost_usd; otherwise the sum of tool_result cost_usd
 * where a result repeating the previous result's (cost_usd, tokens_in, tokens_out) is one
 * model turn copied onto several results and counts once; no cost anywhere → null.
 */
export function sessionCost(
  ordered: LoggedEvent[],
  bodyOf: (view: LoggedEvent) => JsonObject = FULL_BODIES.body,
): CostSummary | null {
  let fromEnd: number | null = null;
  for (const v of ordered)
    if (v.event.kind === 'session_end') {
      const c = num(bodyOf(v)['cost_usd']);
      if (c !== null) fromEnd = c;
    }
  if (fromEnd !== null) return { usd: fromEnd, source: 'session_end' };

  let total = 0;
  let any = false;
  let previous: string | null = null;
  for (const v of ordered) {
    if (v.event.kind !== 'tool_result') continue;
    const body = bodyOf(v);
    const cost = num(body['cost_usd']);
    const key = JSON.stringify([
      body['cost_usd'] ?? null,
      body['tokens_in'] ?? null,
      body['tokens_out'] ?? null,
    ]);
    if (cost !== null && key !== previous) {
      total += cost;
      any = true;
    }
    previous = key;
  }
  return any ? { usd: roundUsd(total), source: 'results' } : null;
}

/** Sums of binary floats drift (0.1 + 0.2); cents to the nano-dollar are plenty. */
function roundUsd(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}
