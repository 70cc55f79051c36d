/**
 * Types of a step trace (shared spec: step-trace-format-v1.md) and of the validator's report.
 * The kinds and output types are closed: anything else is a violation, never silently accepted.
 */
import type { FolderFileAccess, FolderRead } from '../folder-access';

export const SUPPORTED_TRACE_SCHEMA_VERSION = 1;
export const SUPPORTED_FINGERPRINT_ALGO = 'sha256';
export const SUPPORTED_CANONICALIZATION_VERSION = 1;

export const STEP_KINDS = [
  'step_started',
  'tool_called',
  'tool_returned',
  'evidence_registered',
  'claim_emitted',
  'step_finished',
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export const OUTPUT_TYPES = ['understand', 'gather', 'derive', 'verify', 'finalize', 'insufficient'] as const;
export type OutputType = (typeof OUTPUT_TYPES)[number];

/** A trace with any of these is rejected outright: it is not processed further by a verifier. */
export const REJECTING_RULES = [
  'parse_error',
  'unknown_kind',
  'missing_field',
  'unsupported_version',
] as const;
/** These make a parseable trace invalid. */
export const INVALIDATING_RULES = [
  'idx_not_increasing',
  'call_result_mismatch',
  'span_out_of_bounds',
  'hash_mismatch',
  'content_missing',
  'unknown_output_type',
  'unknown_evidence',
  'path_escape',
] as const;
export type RejectingRule = (typeof REJECTING_RULES)[number];
export type InvalidatingRule = (typeof INVALIDATING_RULES)[number];
export type Rule = RejectingRule | InvalidatingRule;

export type Verdict = 'valid' | 'invalid' | 'rejected';

export interface Violation {
  /** 1-based physical line number in the trace (blank lines count). */
  line: number;
  /** The event's `idx` when it is an integer, else null (header, parse errors, missing idx). */
  idx: number | null;
  /** Dotted path of the field at fault (`evidence.span`, `claim.supports[0].snippet_sha256`), or null. */
  field: string | null;
  rule: Rule;
  message: string;
}

export interface StepTraceReport {
  verdict: Verdict;
  /** Every violation found, ordered by line (file order within a line). */
  violations: Violation[];
  /** Event lines that parsed as JSON objects (the header is not an event). */
  events: number;
  /** Distinct `step_id`s. */
  steps: number;
  /** claim_emitted events. */
  claims: number;
  /** evidence_registered events. */
  evidence: number;
}

/** What reading one evidence file gave. */
export type ContentRead = FolderRead;

/**
 * How the validator reaches evidence files and SHA-256 without touching the OS itself.
 * `relPath` is already normalised (forward slashes, no `.`/`..`, inside the trace's folder);
 * an implementation must still refuse anything that resolves outside (symlinks) with `escape`.
 */
export type TraceContentAccess = FolderFileAccess;

export type JsonObject = { [key: string]: unknown };

export function isStepKind(value: unknown): value is StepKind {
  return typeof value === 'string' && (STEP_KINDS as readonly string[]).includes(value);
}

export function isOutputType(value: unknown): value is OutputType {
  return typeof value === 'string' && (OUTPUT_TYPES as readonly string[]).includes(value);
}

export function isRejectingRule(rule: Rule): rule is RejectingRule {
  return (REJECTING_RULES as readonly string[]).includes(rule);
}

export function verdictOf(violations: readonly Violation[]): Verdict {
  if (violations.some((v) => isRejectingRule(v.rule))) return 'rejected';
  return violations.length > 0 ? 'invalid' : 'valid';
}

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
