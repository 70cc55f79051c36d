/**
 * A whole ledger folder read and checked: events (already through the reader), snapshot
 * manifests, the timeline, the semantic rules, every event's diff file, replay of the snapshots'
 * hashes and rollup equivalence. The result's `model` is plain JSON for the Bridge; `patches` and
 * `replay` stay with the host that reads the folder and serve the bookmark diff.
 */
import type { ChangeLedgerReader } from './event-reader';
import { normaliseLedgerPath } from './ledger-path';
import { loadEventPatch, type EventPatch } from './patches';
import { LedgerReplay } from './replay';
import { checkRollups } from './rollup-check';
import { checkSemanticRules, snapshotViolation } from './semantic-rules';
import { readSnapshotManifest } from './snapshot-manifest';
import { buildTimeline } from './timeline';
import {
  EVENTS_FILE,
  type LedgerFileAccess,
  type LedgerModel,
  type LedgerSnapshot,
  type LedgerViolation,
  type SnapshotFile,
} from './types';

export interface AnalysedLedger {
  model: LedgerModel;
  /** Each event's diff file, parsed, by event key. */
  patches: ReadonlyMap<string, EventPatch>;
  replay: LedgerReplay;
  access: LedgerFileAccess;
}

/**
 * `reader` must have seen the whole of events.jsonl (`end()` called). `folderViolations` are what
 * the host found listing the folder (a manifest it may not read, say).
 */
export async function analyseLedger(
  reader: ChangeLedgerReader,
  snapshotFiles: readonly SnapshotFile[],
  access: LedgerFileAccess,
  folderViolations: readonly LedgerViolation[] = [],
): Promise<AnalysedLedger> {
  const violations: LedgerViolation[] = [...reader.violations, ...folderViolations];
  const manifests: LedgerSnapshot[] = [];
  for (const file of [...snapshotFiles].sort((a, b) => a.path.localeCompare(b.path))) {
    const read = readSnapshotManifest(file);
    violations.push(...read.violations);
    if (read.snapshot) manifests.push(read.snapshot);
  }
  const timeline = buildTimeline(reader.events, manifests);
  violations.push(...timeline.violations, ...checkSemanticRules(timeline));

  const patches = new Map<string, EventPatch>();
  for (const e of timeline.events) {
    if (e.diffPath === null) continue;
    const patch = await loadEventPatch(e, access);
    patches.set(e.key, patch);
    const at = { eventId: e.id, file: EVENTS_FILE, line: e.line, eventIndex: e.index, field: '/diff_path' };
    if (patch.status === 'missing')
      violations.push({
        ...at,
        rule: 'diff-missing',
        message: `diff_path ${JSON.stringify(e.diffPath)}: ${patch.reason}`,
      });
    else if (patch.status === 'unparseable')
      violations.push({
        ...at,
        rule: 'diff-unparseable',
        message: `diff_path ${JSON.stringify(e.diffPath)} is not a unified diff: ${patch.reason}`,
      });
    else if (patch.status === 'escape' && normaliseLedgerPath(e.diffPath).kind !== 'escape')
      // Escapes by text were reported with the semantic rules; this one is found on disk (a symlink).
      violations.push({
        ...at,
        rule: 'path-escape',
        message: `diff_path ${JSON.stringify(e.diffPath)} ${patch.reason}: it must stay inside the ledger folder`,
      });
  }

  const replay = new LedgerReplay(timeline.events, timeline.snapshots, patches, access);
  for (const snapshot of timeline.snapshots)
    for (const check of await replay.verifySnapshot(snapshot))
      if (check.status === 'diverged')
        violations.push(
          snapshotViolation(
            snapshot,
            'replay_divergence',
            `${check.path}: the manifest says ${check.expected}; ${check.reason}`,
            `/hashes/${check.path}`,
          ),
        );
  violations.push(...(await checkRollups(timeline.rollups, timeline.events, patches, replay)));

  sortViolations(
    violations,
    timeline.events.map((e) => e.line),
  );
  for (const v of violations) {
    const e = v.eventIndex !== null ? timeline.events[v.eventIndex] : undefined;
    if (e && !e.rules.includes(v.rule)) e.rules.push(v.rule);
  }
  const model: LedgerModel = {
    events: timeline.events,
    snapshots: timeline.snapshots,
    bookmarks: timeline.bookmarks,
    lanes: timeline.lanes,
    merges: timeline.merges,
    rollups: timeline.rollups,
    violations,
    lines: reader.lines,
  };
  return { model, patches, replay, access };
}

/** Where they occur: by the line of their event in events.jsonl; manifests nowhere placed last. */
function sortViolations(violations: LedgerViolation[], eventLines: readonly number[]): void {
  const position = (v: LedgerViolation) =>
    v.line ?? (v.eventIndex !== null ? (eventLines[v.eventIndex] ?? Infinity) + 0.5 : Infinity);
  violations.sort((a, b) => position(a) - position(b) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}
