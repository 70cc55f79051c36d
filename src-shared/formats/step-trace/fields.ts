/** Readers for the typed fields of a step trace event: each says what it found or why it cannot use it. */
import type { JsonObject } from './types';

export type Field<T> = { ok: true; value: T } | { ok: false; problem: string };

const HASH = /^(?:sha256:)?([0-9a-f]{64})$/;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  return `a ${typeof value}`;
}

export function integerField(value: unknown): Field<number> {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return { ok: true, value };
  return { ok: false, problem: `must be an integer, is ${describe(value)}` };
}

export function stringField(value: unknown): Field<string> {
  if (typeof value === 'string' && value !== '') return { ok: true, value };
  return { ok: false, problem: `must be a non-empty string, is ${describe(value)}` };
}

/**
 * Ids (`call.id`, `result.call_id`, `evidence.id`, `evidence_id`, `chunk_id`) are non-empty strings
 * or integers. The key keeps the type, so `1` and `"1"` are different ids.
 */
export function idField(value: unknown): Field<string> {
  if (typeof value === 'string' && value !== '') return { ok: true, value: `s:${value}` };
  if (typeof value === 'number' && Number.isSafeInteger(value)) return { ok: true, value: `n:${value}` };
  return { ok: false, problem: `must be a non-empty string or an integer, is ${describe(value)}` };
}

export function objectField(value: unknown): Field<JsonObject> {
  if (isObject(value)) return { ok: true, value };
  return { ok: false, problem: `must be an object, is ${describe(value)}` };
}

/** `[start, end)` byte offsets: two non-negative integers. `start > end` is checked by the caller. */
export function spanField(value: unknown): Field<{ start: number; end: number }> {
  if (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((n) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0)
  )
    return { ok: true, value: { start: value[0] as number, end: value[1] as number } };
  return {
    ok: false,
    problem: `must be [start, end) as two non-negative integers, is ${Array.isArray(value) ? JSON.stringify(value) : describe(value)}`,
  };
}

/** Lowercase hex SHA-256, optionally prefixed `sha256:`; the value is the bare hex. */
export function hashField(value: unknown): Field<string> {
  if (typeof value === 'string') {
    const match = HASH.exec(value);
    if (match) return { ok: true, value: match[1]! };
    return {
      ok: false,
      problem: `must be 64 lowercase hex digits, optionally prefixed "sha256:", is ${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)}`,
    };
  }
  return { ok: false, problem: `must be a SHA-256 hex string, is ${describe(value)}` };
}

export function idLabel(key: string): string {
  return key.startsWith('s:') ? JSON.stringify(key.slice(2)) : key.slice(2);
}
