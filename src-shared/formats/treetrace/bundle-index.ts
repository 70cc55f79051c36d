/**
 * Reads the `index.json` that TreeTrace's `--each` writes beside per-session bundles. Its shape is
 * not in the schema document, so the reader is lenient: the index is an array, or an object with
 * one array of entries (`bundles`, `sessions`, `entries`, … — the first array of objects or
 * strings); an entry is a path string, or an object naming its folder (`dir`, `path`, `bundle`, …)
 * and, for a label, its session (`sessionId`, `id`, `title`). An entry with no folder but a
 * session id is looked for in a subfolder of that name.
 */
import { isObject, parseJsonText, str, type JsonObject } from './json-text';

export interface IndexEntry {
  /** The folder (or tree.json) the entry names, relative to index.json's folder. */
  path: string | null;
  /** The session id, tried as a subfolder name when `path` is null. */
  id: string | null;
  label: string;
  fields: JsonObject | null;
}

export type BundleIndex =
  { ok: true; value: unknown; entries: IndexEntry[] } | { ok: false; message: string };

const LIST_KEYS = ['bundles', 'sessions', 'entries', 'items', 'outputs', 'runs', 'children'];
const PATH_KEYS = [
  'dir',
  'path',
  'bundle',
  'bundleDir',
  'bundlePath',
  'folder',
  'directory',
  'outDir',
  'out',
  'output',
  'treetraceDir',
  'treetrace',
  'tree',
  'treeJson',
  'file',
  'location',
];
const ID_KEYS = ['sessionId', 'session', 'id', 'name', 'slug'];

export function readBundleIndex(text: string): BundleIndex {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, message: `index.json: ${parsed.message}` };
  const list = entryList(parsed.value);
  if (!list) return { ok: true, value: parsed.value, entries: [] };
  const entries: IndexEntry[] = [];
  for (const item of list) {
    if (typeof item === 'string') {
      entries.push({ path: item, id: null, label: item, fields: null });
      continue;
    }
    if (!isObject(item)) continue;
    const path = firstString(item, PATH_KEYS);
    const id = firstString(item, ID_KEYS);
    const label = str(item.title) ?? id ?? path ?? `entry ${entries.length + 1}`;
    if (path === null && id === null) continue;
    entries.push({ path, id, label, fields: item });
  }
  return { ok: true, value: parsed.value, entries };
}

function entryList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (!isObject(value)) return null;
  for (const key of LIST_KEYS) if (Array.isArray(value[key])) return value[key] as unknown[];
  for (const v of Object.values(value)) {
    if (Array.isArray(v) && v.some((item) => isObject(item) || typeof item === 'string')) return v;
  }
  return null;
}

function firstString(object: JsonObject, keys: readonly string[]): string | null {
  for (const key of keys) {
    const v = object[key];
    if (typeof v === 'string' && v !== '') return v;
  }
  return null;
}
