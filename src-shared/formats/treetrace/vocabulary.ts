/**
 * TreeTrace's open enums and the spellings that mean the same thing. Unknown values are kept as
 * written and shown as advisory labels (the spec: "enum values may gain members").
 */

/** Node kinds of schema 0.3, in legend order. */
export const NODE_KINDS = [
  'root',
  'direction',
  'correction',
  'scope-change',
  'checkpoint',
  'question',
  'rejection',
] as const;

export const NODE_STATUSES = ['accepted', 'abandoned'] as const;

export const EDGE_RELATIONSHIPS = [
  'refines',
  'corrects',
  'expands',
  'checkpoints',
  'asks',
  'rejects',
] as const;

export const HALLUCINATED_FILE_OR_PATH = 'hallucinated_file_or_path';
/** Older exports (and TreeTrace's own README) write the file/path hallucination type this way. */
export const HALLUCINATED_FILE_OR_API = 'hallucinated_file_or_api';

export const FAILURE_TYPES = [
  'ignored_constraint',
  'misunderstood_goal',
  'scope_drift',
  'wrong_tool_choice',
  HALLUCINATED_FILE_OR_PATH,
  'repeated_failed_fix',
  'overbuilt_solution',
  'underbuilt_solution',
  'security_or_privacy_risk',
  'dependency_or_environment_mismatch',
  'format_violation',
  'user_frustration',
  'abandoned_path',
  'user_rejected_action',
  'tool_execution_failed',
  'model_refused',
  'permission_denied',
] as const;

export const REJECTION_KINDS = [
  'user_declined_tool',
  'user_interrupt',
  'user_text_decline',
  'tool_execution_error',
  'permission_denied',
  'model_refusal',
] as const;

/** A failure type or hallucination category with the two hallucination spellings made one. */
export function canonicalFailureType(type: string | null): string | null {
  return type === HALLUCINATED_FILE_OR_API ? HALLUCINATED_FILE_OR_PATH : type;
}

/** Failure types and hallucination categories that name a hallucination (`hallucinated_*`). */
export function isHallucinationType(type: string | null): boolean {
  return type !== null && type.startsWith('hallucinated_');
}

/** `[REDACTED:rule-id]`, the marker TreeTrace's redaction gate puts in place of a secret. */
const MARKER = /\[REDACTED:([^\]\s]*)\]/g;
const WHOLE_MARKER = /^\[REDACTED:[^\]\s]*\]$/;

export function isRedactedMarker(value: string | null): boolean {
  return value !== null && WHOLE_MARKER.test(value);
}

/** Counts markers in `text` by rule id into `into`; returns how many it found. */
export function countRedactionMarkers(text: string | null, into: Record<string, number>): number {
  if (!text || !text.includes('[REDACTED:')) return 0;
  let found = 0;
  for (const match of text.matchAll(MARKER)) {
    const rule = match[1] || '(unnamed)';
    into[rule] = (into[rule] ?? 0) + 1;
    found++;
  }
  return found;
}
