/**
 * TreeTrace sets as documents. A folder of per-session bundles with an `index.json` (TreeTrace's
 * `--each` output), or an archive holding several bundles, is one set document — its overview —
 * plus one document per member. A member's key is `SET_KEY#member=ENCODED_DIR` (its folder
 * relative to the set, or inside the archive) and it is always read through its set: the index
 * decides what is a member, so a path in index.json that leaves the set is never read, and a
 * member whose folder is missing or broken is a document that says why.
 *
 * Finding a set reads only index.json and folder listings (an archive is read in memory, cached
 * by size and mtime); the bundles themselves are read when a document is opened.
 */
import { stat } from 'node:fs/promises';
import { describeFsError } from '../fs/describe-fs-error';
import path from 'node:path';
import type {
  TreeTraceDocument,
  TreeTraceMemberStats,
  TreeTraceSetMember,
} from '../../../src-shared/bridge/services/treetrace-service';
import { summarizeTreeTraceBundle } from '../../../src-shared/formats/treetrace/bundle-summary';
import type { TreeTraceBundle } from '../../../src-shared/formats/treetrace/types';
import { DEFAULT_ARCHIVE_LIMITS } from './archive-limits';
import { folderSource, type BundleSource } from './bundle-source';
import { locateBundles, type SetMember } from './locate-bundles';
import { archiveFormatOf, loadBundle, openArchiveSource, type OpenedSet } from './open-treetrace';

const MEMBER_MARK = '#member=';

export function memberKey(setKey: string, dir: string): string {
  return `${setKey}${MEMBER_MARK}${encodeURIComponent(dir)}`;
}

/** The set and member folder of a member key; null for any other key. */
export function parseMemberKey(key: string): { setKey: string; dir: string } | null {
  const at = key.lastIndexOf(MEMBER_MARK);
  if (at <= 0) return null;
  const encoded = key.slice(at + MEMBER_MARK.length);
  // Keys are made by memberKey: the encoded part holds no '#'.
  if (encoded.includes('#')) return null;
  try {
    return { setKey: key.slice(0, at), dir: decodeURIComponent(encoded) };
  } catch {
    return null;
  }
}

export interface SetDocumentRef {
  key: string;
  label: string;
  /** What to watch for rewrites: the member's bundle folder, else the set folder or the archive. */
  path: string;
}

export interface TreeTraceSetRef extends SetDocumentRef {
  members: SetDocumentRef[];
}

interface LocatedSet {
  source: BundleSource;
  indexFile: string | null;
  note: string | null;
  members: SetMember[];
}

type Opened = { ok: true; set: LocatedSet | null } | { ok: false; message: string };

/**
 * The set at `target` (a folder with index.json, or an archive of several bundles); null when it
 * is no set — a single bundle, nothing, or unreadable.
 */
export async function findTreeTraceSet(target: string): Promise<TreeTraceSetRef | null> {
  const abs = path.resolve(target);
  const info = await stat(abs).catch(() => null);
  if (!info) return null;
  // Archives are read whole to be listed: remembered by size and mtime, so a re-scan of the
  // roots does not read them again (the refs only — never the archive's contents).
  const cached = info.isFile() ? archiveCache.get(abs) : undefined;
  if (cached && cached.size === info.size && cached.mtimeMs === info.mtimeMs) return cached.ref;
  const opened = await openSet(abs);
  const ref = opened.ok && opened.set ? refOf(abs, opened.set) : null;
  if (info.isFile()) {
    if (archiveCache.size >= ARCHIVE_CACHE_MAX) archiveCache.delete(archiveCache.keys().next().value!);
    archiveCache.set(abs, { size: info.size, mtimeMs: info.mtimeMs, ref });
  }
  return ref;
}

function refOf(abs: string, set: LocatedSet): TreeTraceSetRef {
  const label = path.basename(abs);
  const seen = new Set<string>();
  const members: SetDocumentRef[] = [];
  for (const m of set.members) {
    const key = memberKey(abs, m.dir);
    if (seen.has(key)) continue; // index.json listing one folder twice: one document
    seen.add(key);
    const onDisk = set.source.kind === 'folder' && m.location;
    members.push({
      key,
      label: `${label} › ${m.label}`,
      path: onDisk ? (set.source.diskPath(m.location!.bundleDir) ?? abs) : abs,
    });
  }
  return { key: abs, label, path: abs, members };
}

/** The overview of an opened set: each member with its counts, or why it could not be read. */
export function setOverview(setKey: string, set: OpenedSet): TreeTraceDocument {
  const members: TreeTraceSetMember[] = set.members.map((m) => {
    const dir = m.dir ?? '';
    const key = memberKey(setKey, dir);
    return m.kind === 'missing'
      ? { key, label: m.label, dir, error: m.message, stats: null }
      : { key, label: m.entryLabel ?? m.label, dir, error: null, stats: memberStats(m.bundle) };
  });
  return {
    key: setKey,
    label: path.basename(setKey),
    bundle: null,
    error: null,
    setKey: null,
    set: {
      path: setKey,
      // In an archive, index.json is named inside it.
      indexPath:
        set.indexPath === null || set.archiveEntry === null
          ? set.indexPath
          : `${setKey} › ${set.archiveEntry ? `${set.archiveEntry}/` : ''}index.json`,
      note: set.note,
      members,
    },
  };
}

/** One member, read through its set; a missing, broken or no-longer-listed member says why. */
export async function loadSetMember(key: string): Promise<TreeTraceDocument | null> {
  const parsed = parseMemberKey(key);
  if (!parsed) return null;
  const { setKey, dir } = parsed;
  const setLabel = path.basename(setKey);
  const failed = (label: string, error: string): TreeTraceDocument => ({
    key,
    label: `${setLabel} › ${label}`,
    bundle: null,
    error,
    setKey,
    set: null,
  });
  const opened = await openSet(setKey);
  if (!opened.ok) return failed(dir, opened.message);
  const member = opened.set?.members.find((m) => m.dir === dir);
  if (!member) return failed(dir, `${dir} is no longer a member of ${setKey}`);
  if (!member.location) return failed(member.label, `${member.dir}: ${member.error ?? 'no bundle there'}`);
  const loaded = await loadBundle(opened.set!.source, member.location, member.label);
  return {
    key,
    label: `${setLabel} › ${member.label}`,
    bundle: loaded.bundle,
    error: null,
    setKey,
    set: null,
  };
}

function memberStats(bundle: TreeTraceBundle): TreeTraceMemberStats {
  const s = summarizeTreeTraceBundle(bundle, '');
  return {
    project: s.project,
    schemaVersion: s.schemaVersion,
    generatorVersion: s.generatorVersion,
    generatedAt: s.generatedAt,
    sessions: bundle.sessions.map((x) => x.title ?? x.id ?? '(no session)'),
    nodes: s.nodes,
    abandoned: s.abandoned,
    correctionChains: s.correctionChains,
    rejections: s.rejections,
    lessons: s.lessons,
    evalCandidates: s.evalCandidates,
    hallucinations: s.hallucinations,
    cycles: s.cycles,
    errors: bundle.problems.filter((p) => p.severity === 'error').length,
    firstError: bundle.problems.find((p) => p.severity === 'error')?.message ?? null,
    generationMismatch: s.generationMismatch,
  };
}

// ---- locating ----

/** Archives already looked at, by path: re-listed only when their size or mtime moves. */
const archiveCache = new Map<string, { size: number; mtimeMs: number; ref: TreeTraceSetRef | null }>();
const ARCHIVE_CACHE_MAX = 64;

async function openSet(abs: string): Promise<Opened> {
  const info = await stat(abs).catch((e: NodeJS.ErrnoException) => e);
  if (info instanceof Error) return { ok: false, message: `cannot read ${abs}: ${describeFsError(info)}` };
  if (info.isDirectory()) {
    // Only a folder with index.json is a set in the app: a folder of projects lists each project.
    const hasIndex = await stat(path.join(abs, 'index.json')).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!hasIndex) return { ok: true, set: null };
    return { ok: true, set: await setIn(folderSource(abs, DEFAULT_ARCHIVE_LIMITS.maxEntryBytes), false) };
  }
  if (!info.isFile() || !archiveFormatOf(abs)) return { ok: true, set: null };
  const source = await openArchiveSource(abs, abs, info.size, DEFAULT_ARCHIVE_LIMITS);
  if (!source.ok) return { ok: false, message: source.error.message };
  return { ok: true, set: await setIn(source.source, true) };
}

async function setIn(source: BundleSource, scan: boolean): Promise<LocatedSet | null> {
  const located = await locateBundles(source, '', { scan });
  if (located.kind !== 'set') return null;
  return { source, indexFile: located.indexFile, note: located.note, members: located.members };
}
