/**
 * Finds the bundle(s) under a starting folder of a BundleSource:
 *
 * 1. a project folder with a `.treetrace/` folder → that bundle (reports read from the project);
 * 2. a `.treetrace/` folder itself, or a folder holding `tree.json` (the layout of TreeTrace 0.1,
 *    which wrote tree.json beside PROMPT_TREE.md) → that bundle;
 * 3. a folder with an `index.json` (TreeTrace's `--each` output) → the set of bundles it lists;
 * 4. a folder holding nothing but one folder (a zip's wrapper folder): rules 1–4 in it;
 * 5. otherwise its subfolders, a few levels down (a folder of projects): one bundle found → that
 *    bundle, several → a set.
 *
 * Listing is bounded (depth and folder count), so a huge or looping tree cannot hang the search.
 */
import { readBundleIndex } from '../../../src-shared/formats/treetrace/bundle-index';
import { BUNDLE_FILES } from '../../../src-shared/formats/treetrace/types';
import { baseRel, joinRel, normaliseRel, parentRel, type BundleSource } from './bundle-source';

export interface BundleLocation {
  /** The folder holding tree.json and the other bundle files. */
  bundleDir: string;
  /** The project folder, where the Markdown reports are; null when unknown. */
  projectDir: string | null;
}

export interface SetMember {
  label: string;
  /** The folder the member is expected in. */
  dir: string;
  location: BundleLocation | null;
  /** Why there is no bundle there. */
  error: string | null;
}

export type Located =
  | { kind: 'bundle'; location: BundleLocation }
  | {
      kind: 'set';
      dir: string;
      indexFile: string | null;
      index: unknown;
      members: SetMember[];
      note: string | null;
    }
  | { kind: 'none'; reason: string };

export const TREETRACE_DIR = '.treetrace';
const KNOWN_FILES: ReadonlySet<string> = new Set(BUNDLE_FILES);
const SCAN_DEPTH = 3;
const SCAN_MAX_DIRS = 500;
const SKIP_DIRS = new Set(['node_modules', '.git', '.hg', '.svn', '__MACOSX']);

/** Rules 1 and 2 at one folder: the bundle there, or null. */
export async function bundleAt(source: BundleSource, dir: string): Promise<BundleLocation | null> {
  const listing = await source.list(dir);
  if (!listing) return null;
  if (listing.dirs.includes(TREETRACE_DIR))
    return { bundleDir: joinRel(dir, TREETRACE_DIR), projectDir: dir };
  if (baseRel(dir) === TREETRACE_DIR && listing.files.some((f) => KNOWN_FILES.has(f)))
    return { bundleDir: dir, projectDir: parentRel(dir) };
  if (listing.files.includes('tree.json')) return { bundleDir: dir, projectDir: dir };
  return null;
}

/**
 * `startIsBundle`: the user named a `.treetrace/` folder or a tree.json, so the start is a bundle
 * even when it holds none of the files (it is then a bundle with its files missing).
 */
export async function locateBundles(
  source: BundleSource,
  start: string,
  options: { scan: boolean; startIsBundle?: boolean },
): Promise<Located> {
  const here = await bundleAt(source, start);
  if (here) return { kind: 'bundle', location: here };
  if (options.startIsBundle)
    return { kind: 'bundle', location: { bundleDir: start, projectDir: parentRel(start) } };

  const listing = await source.list(start);
  if (!listing) return { kind: 'none', reason: 'the folder cannot be listed' };
  if (listing.files.includes('index.json')) {
    const fromIndex = await setFromIndex(source, start);
    if (fromIndex) return fromIndex;
  }
  if (!options.scan) return { kind: 'none', reason: 'no .treetrace/ folder, tree.json or index.json' };
  // A wrapper folder (a zipped `out/` of TreeTrace --each): what it holds, index.json included.
  if (listing.files.length === 0 && listing.dirs.length === 1 && !SKIP_DIRS.has(listing.dirs[0]!)) {
    const inner = await locateBundles(source, joinRel(start, listing.dirs[0]!), options);
    if (inner.kind !== 'none') return inner;
  }
  const found = await scanBelow(source, start);
  if (found.length === 1) return { kind: 'bundle', location: found[0]! };
  if (found.length > 1)
    return {
      kind: 'set',
      dir: start,
      indexFile: null,
      index: null,
      members: found.map((location) => ({
        label: labelOf(location),
        dir: location.bundleDir,
        location,
        error: null,
      })),
      note: `no index.json: ${found.length} bundles found in subfolders`,
    };
  return {
    kind: 'none',
    reason: `no .treetrace/ folder, tree.json or index.json here or ${SCAN_DEPTH} levels below`,
  };
}

async function setFromIndex(source: BundleSource, dir: string): Promise<Located | null> {
  const indexFile = joinRel(dir, 'index.json');
  const file = await source.read(indexFile);
  if (file.status !== 'ok') return null;
  const index = readBundleIndex(file.text);
  if (!index.ok || !index.entries.length) {
    // An index.json that is not TreeTrace's (or is broken): the subfolders decide.
    const found = await scanBelow(source, dir);
    if (!found.length) return null;
    return {
      kind: 'set',
      dir,
      indexFile,
      index: index.ok ? index.value : null,
      members: found.map((location) => ({
        label: labelOf(location),
        dir: location.bundleDir,
        location,
        error: null,
      })),
      note: index.ok
        ? 'index.json lists no bundle folders: subfolders scanned'
        : `${index.message}; subfolders scanned`,
    };
  }
  const members: SetMember[] = [];
  for (const entry of index.entries) {
    let rel: string | null = null;
    if (entry.path !== null) {
      const p = entry.path.endsWith('tree.json') ? entry.path.slice(0, -'tree.json'.length) : entry.path;
      rel = normaliseRel(joinRel(dir, p));
      if (rel === null) {
        members.push({
          label: entry.label,
          dir: entry.path,
          location: null,
          error: 'the path leaves the indexed folder',
        });
        continue;
      }
    } else if (entry.id !== null) {
      rel = normaliseRel(joinRel(dir, entry.id));
      if (rel === null) {
        members.push({
          label: entry.label,
          dir: entry.id,
          location: null,
          error: 'the name leaves the indexed folder',
        });
        continue;
      }
    }
    if (rel === null) continue;
    const location = (await bundleAt(source, rel)) ?? (await isBundleDirName(source, rel));
    members.push({
      label: entry.label,
      dir: rel,
      location,
      error: location ? null : 'listed in index.json, but no bundle is there',
    });
  }
  return { kind: 'set', dir, indexFile, index: index.value, members, note: null };
}

/** A listed folder that exists but holds only some bundle files (no tree.json). */
export async function isBundleDirName(source: BundleSource, rel: string): Promise<BundleLocation | null> {
  const listing = await source.list(rel);
  if (!listing || !listing.files.some((f) => KNOWN_FILES.has(f))) return null;
  return { bundleDir: rel, projectDir: baseRel(rel) === TREETRACE_DIR ? parentRel(rel) : rel };
}

/** Breadth-first below `dir`, bounded; a folder that is a bundle is not entered. */
async function scanBelow(source: BundleSource, dir: string): Promise<BundleLocation[]> {
  const found: BundleLocation[] = [];
  let level = [dir];
  let listed = 0;
  for (let depth = 1; depth <= SCAN_DEPTH && level.length; depth++) {
    const next: string[] = [];
    for (const parent of level) {
      const listing = await source.list(parent);
      if (!listing) continue;
      for (const name of listing.dirs) {
        if (SKIP_DIRS.has(name) || (name.startsWith('.') && name !== TREETRACE_DIR)) continue;
        if (++listed > SCAN_MAX_DIRS) return found;
        const child = joinRel(parent, name);
        const location = await bundleAt(source, child);
        if (location) found.push(location);
        else next.push(child);
      }
    }
    level = next;
  }
  return found;
}

function labelOf(location: BundleLocation): string {
  const dir = location.projectDir ?? location.bundleDir;
  return dir === '' ? '.' : dir;
}
