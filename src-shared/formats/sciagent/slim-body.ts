/**
 * What the live app keeps of an event body: enough for the lineage graph, summaries and
 * labels, never the multi-kilobyte payloads (tool output, arguments, evidence). The full body
 * is read back from disk by byte range when the user asks for it. Keeps memory O(graph).
 *
 * This runs in a session worker for every event, and what it returns is kept there for the session,
 * so it is written for speed (loops instead of entries/map) and keeps only the fields the app
 * reads (KEPT_FIELDS). A correction's "before" of any other field is read from disk with the
 * event (session-store's eventDetail).
 */
import { setField, type JsonObject } from './types';

/** The node builders' clip length (build-nodes' CLIP): a node reads the same from a slim body as from a full one. */
export const MAX_STRING = 400;
const MAX_ARRAY = 64;
const MAX_DEPTH = 3;
/**
 * Fields of which only some keys are kept (their string values): a tool result's
 * `output_summary.job_id`, the key the lineage links by — nothing else of a tool's output, not
 * even a preview (one was ~40 bytes an event, and a correction's "before" showed the clipped
 * preview as if it were the value) — and of a verdict's claim what its node reads (its kind and
 * what it is about), not its statement of kilobytes. A correction's "before" of a field not held
 * whole here is read with the event, from disk.
 */
export const PARTLY_KEPT_FIELDS: Record<string, readonly string[]> = {
  output_summary: ['job_id'],
  claim: ['kind', 'file_path', 'job_id'],
};
/**
 * Lists of which nodes read only the length (a verdict's issues, a validation's patterns and what
 * it missed): kept as a list of that length without its items.
 */
export const COUNTED_FIELDS = new Set(['issues', 'patterns', 'missing']);
/**
 * The only top-level fields the live app reads from a body in memory: session-log (corrections),
 * lineage membership and node builders, and live-session's summaries. Everything else (the event
 * id and kind travel in the record) is left on disk: a body shrinks to ~100 bytes, which is what
 * the session keeps and collects. slim-body.test.ts checks that the lineage built
 * from slim bodies is the one built from full bodies; a builder that reads a new field must add
 * it here (slim-scan.ts reads the same fields straight from a line's bytes).
 */
export const KEPT_FIELDS = new Set([
  // envelope and summaries
  'seq',
  'ts',
  'actor',
  'model',
  // corrections
  'corrects_event_id',
  'replacement',
  'reason',
  // session_end
  'iterations',
  'tokens_in',
  'tokens_out',
  'cost_usd',
  'wall_seconds',
  'exit_reason',
  // tool calls
  'tool_call_id',
  'tool_name',
  'success',
  'duration_ms',
  'error',
  'output_summary',
  // jobs
  'job_id',
  'cluster_name',
  'cluster_job_id',
  'managed_job_id',
  'mode',
  'service',
  'image',
  // (not its commands, of up to tens of KB: the job's detail reads them with the launch, from disk)
  'status',
  'status_previous',
  'sky_status_raw',
  'error_preview',
  'graceful',
  'expected_artifacts',
  'mount_path',
  // artifacts
  'path',
  'path_relative_to_mount',
  'size_bytes',
  'sha256',
  'content_type',
  // verdicts and validations
  'claim',
  'gate',
  'verdict',
  'task_id',
  'confidence',
  'verifier',
  'issues',
  'patterns',
  'missing',
  // subagents
  'subagent_name',
  'spawn_event_id',
  'task_preview',
  'tokens_used',
  'duration_seconds',
  'child_session_id',
]);

export function slimBody(body: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key in body) {
    if (!KEPT_FIELDS.has(key) || !Object.hasOwn(body, key)) continue;
    const value = body[key];
    if (Object.hasOwn(PARTLY_KEPT_FIELDS, key)) {
      const part = partOf(key, value);
      if (part !== undefined) setField(out, key, part);
      continue;
    }
    if (COUNTED_FIELDS.has(key) && Array.isArray(value)) {
      setField(out, key, new Array(value.length));
      continue;
    }
    setField(out, key, slimValue(value, 0));
  }
  return out;
}

/** Whether a top-level field's value as read is held by a slim body (else it is read from disk). */
export function isHeldInMemory(field: string): boolean {
  return KEPT_FIELDS.has(field) && !Object.hasOwn(PARTLY_KEPT_FIELDS, field) && !COUNTED_FIELDS.has(field);
}

/**
 * The kept keys of a partly kept field's value (string values only, whole: they are keys the
 * lineage links by), if it has any.
 */
function partOf(field: string, value: unknown): JsonObject | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  let out: JsonObject | undefined;
  for (const key of PARTLY_KEPT_FIELDS[field]!) {
    const kept = (value as JsonObject)[key];
    if (typeof kept === 'string' && Object.hasOwn(value, key)) setField((out ??= {}), key, kept);
  }
  return out;
}

export function slimValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return clipString(value, MAX_STRING);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? [] : {};
  if (Array.isArray(value)) {
    const n = Math.min(value.length, MAX_ARRAY);
    const items: unknown[] = new Array(n);
    for (let i = 0; i < n; i++) items[i] = slimValue(value[i], depth + 1);
    // Keep the true length visible for counts (issues, patterns) even when clipped.
    if (value.length > MAX_ARRAY) items.length = value.length;
    return items;
  }
  const out: JsonObject = {};
  const o = value as JsonObject;
  for (const k in o) if (Object.hasOwn(o, k)) setField(out, k, slimValue(o[k], depth + 1));
  return out;
}

export function clipString(s: string, max: number): string {
  if (s.length <= max) return s;
  // A fresh string, not a slice: V8 keeps a slice's whole parent alive, and the session (in its
  // worker, where the body was parsed) would keep every clipped tool output in full — ~8 KB for
  // an 8 KB output instead of ~0.2 KB. Prepending a character makes V8 copy the kept part into
  // a new flat string, which the final slice then points into.
  return (' ' + s.slice(0, max) + '…').slice(1);
}
