/**
 * Types of a change ledger (shared spec: sys-prov-v1.1.md, A3) as we read it from a ledger folder,
 * and of what the reader, the validator, the timeline and the bookmark diff give back.
 * Everything here is plain JSON data (no classes, Maps or Dates): it crosses the Bridge unchanged.
 */
import type { FolderFileAccess, FolderRead } from '../folder-access';

export type JsonObject = { [key: string]: unknown };

/** The ledger folder's layout (the spec leaves it open; README "Change ledgers"). */
export const EVENTS_FILE = 'events.jsonl';
export const SNAPSHOTS_DIR = 'snapshots';

export const ACTION_TYPES = [
  'edit_insert',
  'edit_delete',
  'edit_replace',
  'file_create',
  'file_delete',
  'file_move',
  'file_rename',
  'checkpoint',
  'rewind',
  'branch',
  'snapshot_create',
  'eval_run',
  'meta_note',
  'merge',
  'rollup',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Actions that change files: the edits an agent must preflight (CT-PROV-04) and what ends a post-merge window. */
export const EDIT_ACTIONS: readonly string[] = [
  'edit_insert',
  'edit_delete',
  'edit_replace',
  'file_create',
  'file_delete',
  'file_move',
  'file_rename',
];
export const CHANGE_ACTIONS: readonly string[] = [...EDIT_ACTIONS, 'merge', 'rollup'];

/**
 * Stable rule ids. The spec's conformance ids where one fits (CT-PROV-0x), `replay_divergence`
 * as SYS-PROV-004 names it, and our own kebab-case ids for the rest.
 */
export const LEDGER_RULES = [
  'parse-error',
  'schema',
  'duplicate-id',
  'duplicate-bookmark',
  'dangling-ref',
  'path-escape',
  'diff-missing',
  'diff-unparseable',
  'event-offset',
  'CT-PROV-04',
  'CT-PROV-05',
  'CT-PROV-06',
  'CT-PROV-07',
  'replay_divergence',
] as const;
export type LedgerRule = (typeof LEDGER_RULES)[number];

export interface LedgerViolation {
  /** The event at fault, or the event a snapshot sits on; null for a line that is no event. */
  eventId: string | null;
  rule: LedgerRule;
  message: string;
  /** The file at fault, relative to the ledger folder (`events.jsonl`, `snapshots/s1.json`). */
  file: string;
  /** 1-based line in events.jsonl (blank lines count); null for a snapshot manifest. */
  line: number | null;
  /** Position of the event in `LedgerModel.events`, to mark the violation where it occurs; null if none. */
  eventIndex: number | null;
  /** The snapshot at fault, when the violation is about a manifest. */
  snapshotId?: string | null;
  /** JSON pointer or field name at fault, when there is one (`/author/kind`, `diff_path`). */
  field?: string | null;
}

export interface LedgerEvent {
  /** Position among the ledger's events (JSON objects of events.jsonl), 0-based, in file order. */
  index: number;
  /** Stable key: the id, or `line:N` when the id is missing, or `id@line:N` for a later duplicate. */
  key: string;
  /** `id` when it is a non-empty string. */
  id: string | null;
  line: number;
  byteOffset: number;
  byteLength: number;
  ts: string | null;
  actionType: string | null;
  author: { name: string | null; kind: string | null; version: string | null } | null;
  files: string[];
  diffPath: string | null;
  diffMode: string | null;
  operationId: string | null;
  rationale: string | null;
  bookmark: string | null;
  snapshotRef: string | null;
  /** The lane (branch) the event is drawn on. */
  lane: string;
  /** The event before it in its lineage (parent_event_id, else the previous event on its lane). */
  parentKey: string | null;
  /** For a merge: the other sides it joins (resolved `left`/`right` that are not the parent). */
  mergeParentKeys: string[];
  /** Ids of the snapshots that sit on this event. */
  snapshotIds: string[];
  /** For a rollup: the raw events it composes (same operation_id, earlier, not rollups). */
  rollupOf: string[];
  /** For a raw event: the latest rollup that composes it. */
  rolledUpBy: string | null;
  /** Rules this event breaks (details in `LedgerModel.violations`). */
  rules: LedgerRule[];
  /** The event as written (unknown fields kept). */
  record: JsonObject;
}

export interface LedgerSnapshot {
  id: string | null;
  /** Manifest file relative to the ledger folder. */
  file: string;
  /** The event it sits on (base_event_id, else an event whose snapshot_ref names it, else event_offset). */
  eventKey: string | null;
  /** Index of that event; -1 when the snapshot precedes every event (event_offset 0). */
  eventIndex: number | null;
  baseEventId: string | null;
  eventOffset: number | null;
  tarUri: string | null;
  ledgerDriver: string | null;
  ts: string | null;
  /** File path → hash as written (`sha256:…`). Empty when the manifest has none. */
  hashes: Record<string, string>;
  hasHashes: boolean;
  mergedFrom: string[];
  preMergeSnapshots: string[];
  record: JsonObject;
}

export interface LedgerBookmark {
  name: string;
  eventKey: string;
  eventId: string | null;
  eventIndex: number;
  lane: string;
}

export interface LedgerLane {
  name: string;
  /** Column for drawing: lanes in order of first appearance. */
  column: number;
  /** What opened it: the first lane, a branch or rewind event, or an event naming a new branch. */
  openedBy: 'root' | 'branch' | 'rewind' | 'event';
  /** The event the lane forks from (its first event's parent), null for a root lane. */
  forkKey: string | null;
  firstKey: string;
  lastKey: string;
  events: number;
  /** Merges that joined this lane into another. */
  mergedInto: Array<{ mergeKey: string; intoLane: string }>;
}

/** How a merge's `left`, `right` or `base` was understood. */
export interface MergeRef {
  raw: string | null;
  resolvedAs: 'bookmark' | 'event' | 'snapshot' | 'branch' | null;
  eventKey: string | null;
  lane: string | null;
}

export interface LedgerMerge {
  eventKey: string;
  eventIndex: number;
  lane: string;
  left: MergeRef;
  right: MergeRef;
  base: MergeRef;
  policy: string | null;
  auto: string | null;
  resolutions: number;
  binaryChoices: Array<{ path: string | null; decision: string | null; summary: string | null }>;
  /** Lanes joined into the merge's lane. */
  joins: string[];
  postMergeSnapshot: string | null;
  postMergeBookmark: string | null;
}

export interface LedgerRollup {
  eventKey: string;
  eventIndex: number;
  operationId: string | null;
  rawEventKeys: string[];
}

/** The pure model a timeline view draws: every list in ledger order, violations located by event. */
export interface LedgerModel {
  events: LedgerEvent[];
  snapshots: LedgerSnapshot[];
  bookmarks: LedgerBookmark[];
  lanes: LedgerLane[];
  merges: LedgerMerge[];
  rollups: LedgerRollup[];
  violations: LedgerViolation[];
  /** Non-blank lines of events.jsonl, events or not (what `event_offset` is counted against is `events.length`). */
  lines: number;
}

/** What reading one file of the ledger folder gave. */
export type FileRead = FolderRead;

/**
 * How the pure code reaches the ledger folder's files and SHA-256 without touching the OS itself.
 * `relPath` is normalised (forward slashes, no `.`/`..`, inside the folder); an implementation
 * must still refuse anything that resolves outside (symlinks) with `escape`.
 */
export type LedgerFileAccess = FolderFileAccess;

/** A snapshot manifest file as found in `snapshots/`. */
export interface SnapshotFile {
  /** Relative to the ledger folder: `snapshots/<name>.json`. */
  path: string;
  bytes: Uint8Array;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
