/**
 * What the live app keeps of an event body: enough for the lineage graph, summaries and
 * labels, never the multi-kilobyte payloads (tool output, arguments, evidence). The full body
 * is read back from disk by byte range when the user asks for it. Keeps memory O(graph).
 */
import { setField, type JsonObject } from './types';

const MAX_STRING = 300;
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
/** Inside heavy fields, the few keys the lineage graph links by. */
const LINK_KEYS = ['job_id', 'kind', 'file_path', 'status', 'type'];

export function slimBody(body: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(body)) {
    if (HEAVY_FIELDS.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const kept: JsonObject = {};
      for (const k of LINK_KEYS) if (k in value) kept[k] = slimValue((value as JsonObject)[k], MAX_DEPTH);
      if ((value as JsonObject)['_truncated'] === true) kept['_truncated'] = true;
      setField(out, key, kept);
    } else if (HEAVY_FIELDS.has(key) && typeof value === 'string') {
      setField(out, key, clipString(value));
    } else setField(out, key, slimValue(value, 0));
  }
  return out;
}

function slimValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return clipString(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? [] : {};
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ARRAY).map((v) => slimValue(v, depth + 1));
    // Keep the true length visible for counts (issues, patterns) even when clipped.
    if (value.length > MAX_ARRAY) items.length = value.length;
    return items;
  }
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) setField(out, k, slimValue(v, depth + 1));
  return out;
}

function clipString(s: string): string {
  return s.length > MAX_STRING ? `${s.slice(0, MAX_STRING)}…` : s;
}
