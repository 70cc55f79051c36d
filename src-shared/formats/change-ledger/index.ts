/**
 * The change ledger (sys-prov-v1.1), pure: what a host or a view calls.
 *
 * Reading: `ChangeLedgerReader` (push events.jsonl bytes, `end()`), then `analyseLedger(reader,
 * snapshotFiles, access)` → `{ model, patches, replay }`. `model` (plain JSON) is the timeline:
 * events in order with lanes, parents, snapshot and bookmark markers, merges, rollups, and the
 * violations located by event. `diffBookmarks(ledger, from, to)` gives the bookmark diff with
 * per-file hunks (`sideBySide(hunk)` for two columns) and replay checks.
 */
export { ChangeLedgerReader, type ReadEvent } from './event-reader';
export { analyseLedger, type AnalysedLedger } from './analyse-ledger';
export {
  diffBookmarks,
  resolveEndpoint,
  type BookmarkDiff,
  type BookmarkDiffOutcome,
  type DiffEndpoint,
  type FileDiff,
  type FileChangeStep,
  type NetFileDiff,
  type BinaryImpact,
} from './bookmark-diff';
export {
  sideBySide,
  reverseHunk,
  type Hunk,
  type HunkLine,
  type SideBySideRow,
  type EventPatch,
} from './patches';
export { type ReplayCheck, type ReplayStatus, type FileState } from './replay';
export {
  bookmarkDiffJson,
  formatBookmarkDiff,
  formatLedgerInspect,
  ledgerInspectJson,
} from './ledger-report';
export { MemoryLedgerAccess, analyseMemoryLedger, sha256Hex } from './memory-access';
export * from './types';
