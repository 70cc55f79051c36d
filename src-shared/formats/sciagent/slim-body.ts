/**
 * What the live app keeps of an event body: enough for the lineage graph, summaries and
 * labels, never the multi-kilobyte payloads (tool output, arguments, evidence). The full body
 * is read back from disk by byte range when the user asks for it. Keeps memory O(graph).
 *
 * This runs in a parse worker for every event, and what it returns is copied to the main thread,
 * so it is written for speed: loops instead of entries/map, and fields the app never reads from
 * a body are left out (the event id and kind travel in the record itself).
 */
import { setField, type JsonObject } from './types';

const MAX_STRING = 300;
/** A heavy field given as plain text: only a preview is kept (a correction shows it). */
const MAX_HEAVY_STRING = 80;
const MAX_ARRAY = 64;
const MAX_DEPTH = 3;
/** Fields a viewer never needs in memory: always re-read from disk. */
const HEAVY_FIELDS = new Set([
  'arguments',
  'output_summary',
  'evidence',
  'intent',
  'requirements',
  'resolved',
]);
/**
 * The record carries these already (`eventId`, `kind`), the reader checked the version, and a
 * correction never changes them (session-log's IDENTITY_FIELDS).
 */
const ENVELOPE_FIELDS = new Set(['event_id', 'event_kind', 'schema_version']);
/** Inside heavy fields, the few keys the lineage graph links by. */
const LINK_KEYS = ['job_id', 'kind', 'file_path', 'status', 'type'];

export function slimBody(body: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key in body) {
    if (!Object.hasOwn(body, key) || ENVELOPE_FIELDS.has(key)) continue;
    const value = body[key];
    if (HEAVY_FIELDS.has(key)) {
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        const heavy = value as JsonObject;
        const kept: JsonObject = {};
        for (const k of LINK_KEYS) if (Object.hasOwn(heavy, k)) kept[k] = slimValue(heavy[k], MAX_DEPTH);
        if (heavy['_truncated'] === true) kept['_truncated'] = true;
        setField(out, key, kept);
        continue;
      }
      if (typeof value === 'string') {
        setField(out, key, clipString(value, MAX_HEAVY_STRING));
        continue;
      }
    }
    setField(out, key, slimValue(value, 0));
  }
  return out;
}

function slimValue(value: unknown, depth: number): unknown {
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

function clipString(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
