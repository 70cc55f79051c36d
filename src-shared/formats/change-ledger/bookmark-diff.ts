/**
 * The bookmark diff (CT-PROV-03): every file changed between two points of the ledger, composed
 * from the events' own diffs. A bookmark sits on the event that carries it; the changes from A to
 * B are those of the events after A's up to and including B's, in ledger order (B before A: the
 * same events, undone — each hunk reversed). Per file: each event's hunks in order (numbered for a
 * side-by-side view), `added`/`removed` summed over them, binary changes with their impact
 * summaries and hashes, the net before/after diff where replay knows both ends, and the replay
 * check (CT-PROV-01) against a manifest at either end.
 */
import { structuredPatch } from 'diff';
import type { AnalysedLedger } from './analyse-ledger';
import { reverseHunk, toHunk, type Hunk } from './patches';
import { impactsOf, type FileState, type ImpactInfo, type ReplayCheck } from './replay';
import { treePath } from './ledger-path';
import type { LedgerEvent, LedgerModel } from './types';

export interface DiffEndpoint {
  /** The name as given. */
  name: string;
  kind: 'bookmark' | 'snapshot' | 'event';
  /** The event it sits on; null for a snapshot before every event. */
  eventKey: string | null;
  eventId: string | null;
  /** -1 before every event. */
  eventIndex: number;
}

export interface DiffEventStep {
  eventKey: string;
  eventId: string | null;
  eventIndex: number;
  actionType: string | null;
  diffMode: string | null;
  /** False for a rollup whose raw events are counted instead. */
  counted: boolean;
  note: string | null;
}

export interface BinaryImpact extends ImpactInfo {
  eventKey: string;
  eventId: string | null;
}

export interface FileChangeStep {
  eventKey: string;
  eventId: string | null;
  eventIndex: number;
  actionType: string | null;
  added: number;
  removed: number;
  hunks: Hunk[];
  binary: boolean;
  created: boolean;
  deleted: boolean;
  oldPath: string | null;
  impacts: BinaryImpact[];
  /** Why this step has no hunks although it changes the file (diff missing, not unified, …). */
  note: string | null;
}

export interface NetFileDiff {
  /** Content at the from side; null when the file does not exist there. */
  before: string | null;
  after: string | null;
  added: number;
  removed: number;
  hunks: Hunk[];
}

export interface FileDiff {
  path: string;
  /** Set when the file had another path at the from side. */
  oldPath: string | null;
  binary: boolean;
  created: boolean;
  deleted: boolean;
  /** Lines added and removed, summed over the events' patches. */
  added: number;
  removed: number;
  steps: FileChangeStep[];
  impacts: BinaryImpact[];
  /** The file at both ends as replay rebuilds it, diffed; null when either end is unknown. */
  net: NetFileDiff | null;
  replay: { from: ReplayCheck | null; to: ReplayCheck | null };
}

export interface BookmarkDiff {
  from: DiffEndpoint;
  to: DiffEndpoint;
  /** `to` comes before `from` in the ledger: the events are undone. */
  reversed: boolean;
  events: DiffEventStep[];
  files: FileDiff[];
  added: number;
  removed: number;
}

export type BookmarkDiffOutcome =
  { ok: true; diff: BookmarkDiff } | { ok: false; unknown: string[]; message: string };

/** A bookmark name, else a snapshot id, else an event id. */
export function resolveEndpoint(model: LedgerModel, name: string): DiffEndpoint | null {
  const bookmark = model.bookmarks.find((b) => b.name === name);
  if (bookmark)
    return {
      name,
      kind: 'bookmark',
      eventKey: bookmark.eventKey,
      eventId: bookmark.eventId,
      eventIndex: bookmark.eventIndex,
    };
  const snapshot = model.snapshots.find((s) => s.id === name && s.eventIndex !== null);
  if (snapshot) {
    const e = snapshot.eventIndex! >= 0 ? model.events[snapshot.eventIndex!] : undefined;
    return {
      name,
      kind: 'snapshot',
      eventKey: e?.key ?? null,
      eventId: e?.id ?? null,
      eventIndex: snapshot.eventIndex!,
    };
  }
  const event = model.events.find((e) => e.id === name);
  if (event) return { name, kind: 'event', eventKey: event.key, eventId: event.id, eventIndex: event.index };
  return null;
}

export async function diffBookmarks(
  ledger: AnalysedLedger,
  fromName: string,
  toName: string,
): Promise<BookmarkDiffOutcome> {
  const { model } = ledger;
  const from = resolveEndpoint(model, fromName);
  const to = resolveEndpoint(model, toName);
  if (!from || !to) {
    const unknown = [...(from ? [] : [fromName]), ...(to ? [] : [toName])];
    return {
      ok: false,
      unknown,
      message: `unknown bookmark ${unknown.map((n) => JSON.stringify(n)).join(' and ')} (not a bookmark, snapshot or event id of the ledger)`,
    };
  }
  const reversed = to.eventIndex < from.eventIndex;
  const [lo, hi] = reversed ? [to.eventIndex, from.eventIndex] : [from.eventIndex, to.eventIndex];
  const range = model.events.slice(lo + 1, hi + 1);
  const ordered = reversed ? [...range].reverse() : range;

  const events: DiffEventStep[] = [];
  const files = new Map<string, FileDiff>();
  const fileFor = (path: string): FileDiff => {
    let f = files.get(path);
    if (!f) {
      f = {
        path,
        oldPath: null,
        binary: false,
        created: false,
        deleted: false,
        added: 0,
        removed: 0,
        steps: [],
        impacts: [],
        net: null,
        replay: { from: null, to: null },
      };
      files.set(path, f);
    }
    return f;
  };

  for (const e of ordered) {
    const skip = e.actionType === 'rollup' && e.rollupOf.length > 0;
    events.push({
      eventKey: e.key,
      eventId: e.id,
      eventIndex: e.index,
      actionType: e.actionType,
      diffMode: e.diffMode,
      counted: !skip,
      note: skip ? `rollup of ${e.rollupOf.length} raw events, which are counted instead` : null,
    });
    if (skip) continue;
    for (const step of stepsOf(ledger, e)) {
      const s = reversed ? reverseStep(step) : step;
      const f = fileFor(s.path);
      f.steps.push(s.step);
    }
  }

  for (const f of files.values()) {
    for (const s of f.steps) {
      f.added += s.added;
      f.removed += s.removed;
      f.binary ||= s.binary;
      f.impacts.push(...s.impacts);
    }
    f.created = f.steps[0]?.created ?? false;
    f.deleted = f.steps[f.steps.length - 1]?.deleted ?? false;
    const first = f.steps[0];
    f.oldPath = first && first.oldPath !== null && first.oldPath !== f.path ? first.oldPath : null;
    if (!f.binary) f.net = await netDiff(ledger, from.eventIndex, to.eventIndex, f);
    f.replay = {
      from: await replayCheck(ledger, from.eventIndex, f.oldPath ?? f.path),
      to: await replayCheck(ledger, to.eventIndex, f.path),
    };
  }

  const list = [...files.values()];
  return {
    ok: true,
    diff: {
      from,
      to,
      reversed,
      events,
      files: list,
      added: list.reduce((n, f) => n + f.added, 0),
      removed: list.reduce((n, f) => n + f.removed, 0),
    },
  };
}

/** One event's change to each file it touches. */
function stepsOf(ledger: AnalysedLedger, e: LedgerEvent): Array<{ path: string; step: FileChangeStep }> {
  const impacts: BinaryImpact[] = impactsOf(e).map((i) => ({ ...i, eventKey: e.key, eventId: e.id }));
  const base = { eventKey: e.key, eventId: e.id, eventIndex: e.index, actionType: e.actionType };
  const empty = (
    path: string,
    binary: boolean,
    note: string | null,
  ): { path: string; step: FileChangeStep } => ({
    path,
    step: {
      ...base,
      added: 0,
      removed: 0,
      hunks: [],
      binary,
      created: e.actionType === 'file_create',
      deleted: e.actionType === 'file_delete',
      oldPath: null,
      impacts: impacts.filter((i) => i.path === path),
      note,
    },
  });
  const patch = ledger.patches.get(e.key);
  if (e.diffMode === 'binary') {
    const paths = [
      ...new Set([...e.files.map(treePath), ...impacts.flatMap((i) => (i.path ? [i.path] : []))]),
    ];
    return paths.map((p) => empty(p, true, null));
  }
  if (patch?.status === 'ok')
    return patch.files.map((fp) => ({
      path: fp.path,
      step: {
        ...base,
        added: fp.added,
        removed: fp.removed,
        hunks: fp.hunks,
        binary: fp.binary,
        created: fp.oldPath === null,
        deleted: fp.newPath === null,
        oldPath: fp.oldPath,
        impacts: impacts.filter((i) => i.path === fp.path),
        note: null,
      },
    }));
  const changes = e.actionType !== null && /^(edit_|file_)|^(merge|rollup)$/.test(e.actionType);
  if (!changes) return [];
  const why =
    patch === undefined
      ? 'no diff_path'
      : patch.status === 'none'
        ? patch.reason
        : `diff ${patch.status === 'missing' ? 'missing' : patch.status === 'escape' ? 'outside the ledger folder' : 'unparseable'}: ${patch.reason}`;
  return e.files.map((p) => empty(treePath(p), false, why));
}

function reverseStep({ path, step }: { path: string; step: FileChangeStep }): {
  path: string;
  step: FileChangeStep;
} {
  const renamed = step.oldPath !== null && step.oldPath !== path;
  return {
    path: renamed ? step.oldPath! : path,
    step: {
      ...step,
      added: step.removed,
      removed: step.added,
      hunks: step.hunks.map(reverseHunk).reverse(),
      created: step.deleted,
      deleted: step.created,
      oldPath: renamed ? path : step.oldPath,
      impacts: step.impacts.map((i) => ({ ...i, hashBefore: i.hashAfter, hashAfter: i.hashBefore })),
    },
  };
}

async function netDiff(
  ledger: AnalysedLedger,
  fromIndex: number,
  toIndex: number,
  f: FileDiff,
): Promise<NetFileDiff | null> {
  // A file the range creates did not exist at its start, one it deletes does not at its end.
  const before = f.created ? null : content(await ledger.replay.fileAfter(fromIndex, f.oldPath ?? f.path));
  const after = f.deleted ? null : content(await ledger.replay.fileAfter(toIndex, f.path));
  if (before === undefined || after === undefined) return null;
  const patch = structuredPatch(f.oldPath ?? f.path, f.path, before ?? '', after ?? '', '', '', {
    context: 3,
  });
  const hunks = patch.hunks.map(toHunk);
  const count = (kind: 'add' | 'remove') =>
    hunks.reduce((n, h) => n + h.lines.filter((l) => l.kind === kind).length, 0);
  return { before, after, added: count('add'), removed: count('remove'), hunks };
}

/** Known text, null for a file that is not there, undefined when replay does not know. */
function content(state: FileState): string | null | undefined {
  if (state.kind === 'text') return state.text;
  // An absence inferred from a manifest is a guess: not enough to draw the file as empty.
  if (state.kind === 'absent' && !state.inferred) return null;
  return undefined;
}

async function replayCheck(ledger: AnalysedLedger, index: number, path: string): Promise<ReplayCheck | null> {
  for (const s of ledger.model.snapshots) {
    if (s.eventIndex !== index) continue;
    const hit = (await ledger.replay.verifySnapshot(s)).find((c) => c.path === path);
    if (hit) return hit;
  }
  return null;
}
