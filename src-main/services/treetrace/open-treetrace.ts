/**
 * Opens TreeTrace evidence from a path — the one entry point for the CLI, the app and tests:
 * a project folder (finds `.treetrace/`), a `.treetrace/` folder, a `tree.json`, a folder of
 * per-session bundles (`index.json`), or a zipped bundle (`.zip`, `.tar.gz`, `.tgz`, `.tar`) read
 * in place. Returns the bundle model(s) — broken bundles included, with their problems listed — or
 * an error value for a path that cannot be opened at all; it never throws for bad input.
 */
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildTreeTraceBundle } from '../../../src-shared/formats/treetrace/build-bundle';
import {
  BUNDLE_FILES,
  REPORT_FILES,
  type BundleInput,
  type FileText,
  type TreeTraceBundle,
} from '../../../src-shared/formats/treetrace/types';
import { describeFsError } from '../fs/describe-fs-error';
import type { ArchiveContents } from './archive-contents';
import {
  ArchiveRejectedError,
  ArchiveUnreadableError,
  DEFAULT_ARCHIVE_LIMITS,
  formatBytes,
  type ArchiveLimits,
} from './archive-limits';
import {
  archiveSource,
  baseRel,
  folderSource,
  joinRel,
  normaliseRel,
  type BundleSource,
} from './bundle-source';
import {
  isBundleDirName,
  locateBundles,
  TREETRACE_DIR,
  type BundleLocation,
  type Located,
} from './locate-bundles';

export interface OpenTreeTraceOptions {
  limits?: Partial<ArchiveLimits>;
  /** Largest single file read from a folder (default: the archive per-entry limit). */
  maxFileBytes?: number;
  /** Look in subfolders when the folder itself is no bundle (default true). */
  scan?: boolean;
}

export interface OpenedBundle {
  kind: 'bundle';
  /** On disk: the folder holding the bundle files. In an archive: the archive file. */
  path: string;
  /** In an archive: the bundle's folder inside it ('' for its root); null on disk. */
  archiveEntry: string | null;
  /** The project folder (reports), absolute on disk, relative inside an archive; null if unknown. */
  projectPath: string | null;
  /** The project's name, else its folder's name. */
  label: string;
  /** What to watch to see TreeTrace rewrite the bundle: the bundle folder and report files, or the archive. */
  watchPaths: string[];
  bundle: TreeTraceBundle;
  /** In a set: the member's folder, relative to the set's folder (or inside the archive). */
  dir?: string;
  /** In a set: what index.json calls it (its session), else its folder. */
  entryLabel?: string;
}

/** A set member that could not be found where index.json says it is. */
export interface MissingBundle {
  kind: 'missing';
  /** As index.json names it, relative to the set's folder (or inside the archive). */
  dir: string;
  path: string;
  archiveEntry: string | null;
  label: string;
  message: string;
}

export interface OpenedSet {
  kind: 'set';
  path: string;
  archiveEntry: string | null;
  /** index.json, when the set comes from one. */
  indexPath: string | null;
  index: unknown;
  /** How the set was found, when not from a readable index.json. */
  note: string | null;
  members: (OpenedBundle | MissingBundle)[];
  watchPaths: string[];
}

export type OpenTreeTraceErrorCode =
  'not-found' | 'unreadable' | 'not-a-bundle' | 'archive-rejected' | 'archive-unreadable';

export type OpenTreeTraceResult =
  | { ok: true; value: OpenedBundle | OpenedSet }
  | { ok: false; error: { code: OpenTreeTraceErrorCode; message: string } };

type ArchiveFormat = 'zip' | 'tar.gz' | 'tar';

const WANTED: ReadonlySet<string> = new Set<string>([...BUNDLE_FILES, ...REPORT_FILES, 'index.json']);

/** The archive format a file name says, or null. */
export function archiveFormatOf(file: string): ArchiveFormat | null {
  const name = file.toLowerCase();
  if (name.endsWith('.zip')) return 'zip';
  if (name.endsWith('.tar.gz') || name.endsWith('.tgz')) return 'tar.gz';
  if (name.endsWith('.tar')) return 'tar';
  return null;
}

export async function openTreeTrace(
  input: string,
  options: OpenTreeTraceOptions = {},
): Promise<OpenTreeTraceResult> {
  const abs = path.resolve(input);
  const limits: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, ...options.limits };
  const maxFileBytes = options.maxFileBytes ?? limits.maxEntryBytes;
  const scan = options.scan ?? true;
  let info;
  try {
    info = await stat(abs);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return fail(
      e.code === 'ENOENT' ? 'not-found' : 'unreadable',
      `cannot read ${input}: ${describeFsError(e)}`,
    );
  }

  if (info.isDirectory()) {
    const named = path.basename(abs) === TREETRACE_DIR;
    const source = folderSource(named ? path.dirname(abs) : abs, maxFileBytes);
    const start = named ? TREETRACE_DIR : '';
    return finish(source, await locateBundles(source, start, { scan, startIsBundle: named }), input);
  }
  if (!info.isFile()) return fail('unreadable', `cannot read ${input}: not a file or folder`);

  const base = path.basename(abs);
  if ((BUNDLE_FILES as readonly string[]).includes(base) || base === 'index.json') {
    const dir = path.dirname(abs);
    const named = path.basename(dir) === TREETRACE_DIR;
    const source = folderSource(named ? path.dirname(dir) : dir, maxFileBytes);
    const start = named ? TREETRACE_DIR : '';
    const located = await locateBundles(source, start, {
      scan: base === 'index.json' && scan,
      startIsBundle: base !== 'index.json',
    });
    return finish(source, located, input);
  }

  const opened = await openArchiveSource(abs, input, info.size, limits);
  if (!opened.ok) return opened;
  const source = opened.source;
  let located = await locateBundles(source, '', { scan });
  if (located.kind === 'none') {
    // An archive of a bundle's files without tree.json: still that bundle, with its file missing.
    const loose = await isBundleDirName(source, '');
    if (loose) located = { kind: 'bundle', location: loose };
  }
  return finish(source, located, input);
}

/**
 * Reads an archive's bundle files into memory (never to disk), with the limits against bombs and
 * escapes; `size` is the archive's size on disk. Also used to open one member of a zipped set.
 */
export async function openArchiveSource(
  abs: string,
  input: string,
  size: number,
  limits: ArchiveLimits,
): Promise<
  { ok: true; source: BundleSource } | { ok: false; error: { code: OpenTreeTraceErrorCode; message: string } }
> {
  const format = archiveFormatOf(abs) ?? (await sniffArchive(abs));
  if (!format)
    return fail(
      'not-a-bundle',
      `${input} is not a TreeTrace bundle (a folder, tree.json, .zip, .tar.gz or .tgz)`,
    );
  if (size > limits.maxArchiveBytes)
    return fail(
      'archive-rejected',
      `${input}: archive rejected: it is ${formatBytes(size)} (the limit is ${formatBytes(limits.maxArchiveBytes)})`,
    );
  let contents: ArchiveContents;
  try {
    const wanted = (name: string) => WANTED.has(baseRel(name));
    // The archive readers (yauzl, fflate, modern-tar: ~15–30 ms to load) are loaded on the first
    // archive, not with serve or the desktop app (issue 8, T5: serve's start is in the figure).
    contents =
      format === 'zip'
        ? await (await import('./read-zip')).readZip(abs, wanted, limits)
        : await (await import('./read-tar')).readTar(abs, format === 'tar.gz', wanted, limits);
  } catch (error) {
    if (error instanceof ArchiveRejectedError)
      return fail('archive-rejected', `${input}: archive rejected: ${error.message}`);
    if (error instanceof ArchiveUnreadableError)
      return fail('archive-unreadable', `${input}: ${error.message}`);
    const e = error as NodeJS.ErrnoException;
    return fail('unreadable', `cannot read ${input}: ${e.code ? describeFsError(e) : e.message}`);
  }
  return { ok: true, source: archiveSource(abs, contents) };
}

async function finish(source: BundleSource, located: Located, input: string): Promise<OpenTreeTraceResult> {
  if (located.kind === 'none')
    return fail('not-a-bundle', `${input} holds no TreeTrace bundle: ${located.reason}`);
  if (located.kind === 'bundle') return { ok: true, value: await loadBundle(source, located.location) };
  const members: (OpenedBundle | MissingBundle)[] = [];
  for (const member of located.members) {
    if (member.location)
      members.push({
        ...(await loadBundle(source, member.location, member.label)),
        dir: member.dir,
        entryLabel: member.label,
      });
    else
      members.push({
        kind: 'missing',
        dir: member.dir,
        // A path that leaves the set is not resolved (it would name a folder never read): the set's folder.
        path:
          source.kind === 'folder' && normaliseRel(member.dir) !== null
            ? (source.diskPath(member.dir) ?? member.dir)
            : source.root,
        archiveEntry: source.kind === 'archive' ? member.dir : null,
        label: member.label,
        message: member.error ?? 'no bundle there',
      });
  }
  const indexPath = located.indexFile === null ? null : where(source, located.indexFile);
  return {
    ok: true,
    value: {
      kind: 'set',
      path: source.kind === 'folder' ? where(source, located.dir) : source.root,
      archiveEntry: source.kind === 'archive' ? located.dir : null,
      indexPath,
      index: located.index,
      note: located.note,
      members,
      watchPaths:
        source.kind === 'archive'
          ? [source.root]
          : [
              ...(indexPath ? [indexPath] : []),
              ...members.flatMap((m) => (m.kind === 'bundle' ? m.watchPaths : [m.path])),
            ],
    },
  };
}

/** Reads one located bundle's files and builds its model. */
export async function loadBundle(
  source: BundleSource,
  location: BundleLocation,
  label?: string,
): Promise<OpenedBundle> {
  const { bundleDir, projectDir } = location;
  const listing = await source.list(bundleDir);
  const present = new Set(listing?.files ?? []);
  const files: BundleInput['files'] = {};
  await Promise.all(
    BUNDLE_FILES.map(async (name) => {
      files[name] = present.has(name)
        ? await source.read(joinRel(bundleDir, name))
        : ({ status: 'missing' } as FileText);
    }),
  );
  const projectListing = projectDir === null ? null : await source.list(projectDir);
  const reportNames = REPORT_FILES.filter((r) => projectListing?.files.includes(r));
  const reports = await Promise.all(
    reportNames.map(async (name) => ({ name, file: await source.read(joinRel(projectDir!, name)) })),
  );
  const otherFiles =
    projectDir === bundleDir
      ? []
      : [...present].filter((f) => !(BUNDLE_FILES as readonly string[]).includes(f));
  const bundle = buildTreeTraceBundle({ files, reports, otherFiles });

  // The project folder's name; '' is the source's root (on disk, the folder itself).
  const projectName =
    projectDir === null
      ? null
      : baseRel(projectDir) || (source.kind === 'folder' ? path.basename(source.root) : null);
  const fallback =
    projectName ??
    (source.kind === 'archive' ? path.basename(source.root) : path.basename(where(source, bundleDir)));
  const onDisk = source.kind === 'folder';
  return {
    kind: 'bundle',
    path: onDisk ? where(source, bundleDir) : source.root,
    archiveEntry: onDisk ? null : bundleDir,
    projectPath: projectDir === null ? null : onDisk ? where(source, projectDir) : projectDir,
    label: bundle.project?.name ?? label ?? fallback,
    watchPaths: onDisk
      ? [
          where(source, bundleDir),
          ...(projectDir !== null && projectDir !== bundleDir
            ? REPORT_FILES.map((r) => where(source, joinRel(projectDir, r)))
            : []),
        ]
      : [source.root],
    bundle,
  };
}

function where(source: BundleSource, rel: string): string {
  return source.diskPath(rel) ?? source.root;
}

/** Zip (`PK\x03\x04`, or an empty zip's `PK\x05\x06`) and gzip (`1f 8b`) by their first bytes. */
async function sniffArchive(file: string): Promise<ArchiveFormat | null> {
  try {
    const handle = await open(file, 'r');
    try {
      const head = new Uint8Array(4);
      const { bytesRead } = await handle.read(head, 0, 4, 0);
      if (bytesRead >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5))
        return 'zip';
      if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'tar.gz';
      return null;
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}

function fail(
  code: OpenTreeTraceErrorCode,
  message: string,
): { ok: false; error: { code: OpenTreeTraceErrorCode; message: string } } {
  return { ok: false, error: { code, message } };
}
