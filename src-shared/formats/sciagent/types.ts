/**
 * Types of the sciagent provenance log as it is actually written (schema "1" and "2").
 * The set of kinds is open: every event keeps all of its fields, known or not.
 * See shared specs: sciagent-provenance-log-v1.md and AS-WRITTEN.md.
 */

export const SUPPORTED_SCHEMA_VERSIONS = ['1', '2'] as const;

/** The kinds we interpret. Any other string is still an event (shown raw, counted). */
export const KNOWN_EVENT_KINDS = [
  'tool_call',
  'tool_result',
  'compute_job_launched',
  'compute_job_status_changed',
  'artifact_produced',
  'verification_result',
  'correction',
  'compute_cluster_down',
  'compute_cost_observed',
  'produces_validation_passed',
  'produces_validation_failed',
  'subagent_spawned',
  'subagent_completed',
  'subagent_observation',
  'session_end',
] as const;

export type KnownEventKind = (typeof KNOWN_EVENT_KINDS)[number];

export const VERDICTS = ['verified', 'refuted', 'insufficient', 'warning'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** A JSON object as parsed; fields are open. */
export type JsonObject = { [key: string]: unknown };

/** Where a record sits in its file. */
export interface RecordPosition {
  lineNo: number;
  byteOffset: number;
  byteLength: number;
}

/** A provenance event: a JSON object with string `event_id` and `event_kind`, schema "1" or "2". */
export interface ProvenanceEvent extends RecordPosition {
  eventId: string;
  kind: string;
  /** `seq` when it is a finite number, otherwise null (ordered after numbered events). */
  seq: number | null;
  /** Position in the file among all records, used to break seq ties. */
  ordinal: number;
  /** In a SessionLog, the corrected body (the one read: `SessionLog.rawBody`). */
  body: JsonObject;
}

export interface ParseErrorRecord extends RecordPosition {
  message: string;
  /** The first bytes of the offending text, for display. */
  preview: string;
}

export interface InvalidRecord extends RecordPosition {
  message: string;
  body: unknown;
}

export interface UnsupportedRecord extends RecordPosition {
  eventId: string;
  kind: string;
  schemaVersion: unknown;
  body: JsonObject;
}

export interface DuplicateRecord extends RecordPosition {
  eventId: string;
  kind: string;
  /** Line of the first occurrence, which wins. */
  firstLineNo: number;
}

export interface OversizedRecord extends RecordPosition {
  message: string;
}

/** A truncation stub: what the writer puts in place of a field over 4 KB. */
export interface TruncationStub {
  _truncated: true;
  _original_size?: number;
  _preview?: string;
  _sha256?: string;
}

export function isTruncationStub(value: unknown): value is TruncationStub {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    (value as { _truncated?: unknown })._truncated === true
  );
}

/** Counts truncation stubs anywhere inside a value, at any depth (iterative: no stack limit). */
export function countTruncationStubs(value: unknown): number {
  let n = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    // Only containers go on the stack: this runs over every event body a session worker reads.
    if (Array.isArray(v)) {
      for (const item of v) if (typeof item === 'object' && item !== null) stack.push(item);
      continue;
    }
    if (isTruncationStub(v)) n++;
    const o = v as Record<string, unknown>;
    for (const k in o) {
      const item = o[k];
      if (typeof item === 'object' && item !== null && Object.hasOwn(o, k)) stack.push(item);
    }
  }
  return n;
}

export function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function obj(value: unknown): JsonObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
}

/**
 * Sets an own property whatever its name: plain assignment of "__proto__" would change the
 * object's prototype instead of recording the log's field.
 */
export function setField(target: JsonObject, key: string, value: unknown): void {
  // Plain assignment for every other name: defineProperty is many times slower, and this runs
  // for every field of every event.
  if (key !== '__proto__') target[key] = value;
  else Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
