/**
 * Reads one snapshot manifest (`snapshots/<name>.json`, A3.2): JSON, an object, the schema. The
 * timeline places it on its event later. A file that is not a JSON object is a `parse-error`.
 */
import { checkSnapshotSchema } from './schema-check';
import {
  isObject,
  stringOrNull,
  type LedgerSnapshot,
  type LedgerViolation,
  type SnapshotFile,
} from './types';

export interface ReadSnapshot {
  snapshot: LedgerSnapshot | null;
  violations: LedgerViolation[];
}

const decoder = new TextDecoder('utf-8', { fatal: true });

export function readSnapshotManifest(file: SnapshotFile): ReadSnapshot {
  let value: unknown;
  try {
    // A UTF-8 byte-order mark is tolerated in a whole-file JSON document.
    value = JSON.parse(decoder.decode(file.bytes).replace(/^\uFEFF/, ''));
  } catch (error) {
    const why =
      error instanceof SyntaxError
        ? `not valid JSON: ${error.message.replace(/\s+/g, ' ')}`
        : 'not valid UTF-8 text';
    return { snapshot: null, violations: [violation(file.path, null, 'parse-error', why)] };
  }
  if (!isObject(value))
    return {
      snapshot: null,
      violations: [violation(file.path, null, 'parse-error', 'not a JSON object: a manifest is one object')],
    };

  const hashes: Record<string, string> = {};
  const rawHashes = value['hashes'];
  if (isObject(rawHashes))
    for (const [path, hash] of Object.entries(rawHashes)) {
      const text = typeof hash === 'string' ? hash : isObject(hash) ? stringOrNull(hash['sha256']) : null;
      if (text !== null) hashes[path] = text;
    }
  const offset = value['event_offset'];
  const snapshot: LedgerSnapshot = {
    id: stringOrNull(value['id']),
    file: file.path,
    eventKey: null,
    eventIndex: null,
    baseEventId: stringOrNull(value['base_event_id']),
    eventOffset: typeof offset === 'number' && Number.isInteger(offset) ? offset : null,
    tarUri: stringOrNull(value['tar_uri']),
    ledgerDriver: stringOrNull(value['ledger_driver']),
    ts: stringOrNull(value['ts']),
    hashes,
    hasHashes: isObject(rawHashes),
    mergedFrom: strings(value['merged_from']),
    preMergeSnapshots: strings(value['pre_merge_snapshots']),
    record: value,
  };
  const violations = checkSnapshotSchema(value).map((issue) =>
    violation(file.path, snapshot, 'schema', `schema: ${issue.message}`, issue.pointer || null),
  );
  return { snapshot, violations };
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function violation(
  file: string,
  snapshot: LedgerSnapshot | null,
  rule: 'parse-error' | 'schema',
  message: string,
  field: string | null = null,
): LedgerViolation {
  return {
    eventId: snapshot?.baseEventId ?? null,
    rule,
    message: `${file}: ${message}`,
    file,
    line: null,
    eventIndex: null,
    snapshotId: snapshot?.id ?? null,
    field,
  };
}
