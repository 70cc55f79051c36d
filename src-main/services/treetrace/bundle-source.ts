/**
 * A read-only view of a folder tree — a folder on disk or an archive read into memory — so that
 * finding and reading bundles is one piece of code for both. Paths are relative, `/`-separated,
 * '' for the root, and never leave the root: on disk, real paths (symlinks resolved) are checked
 * too, and files are opened read-only and non-blocking (a FIFO must not hang us).
 */
import { constants } from 'node:fs';
import { open, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { FileText } from '../../../src-shared/formats/treetrace/types';
import { describeFsError } from '../fs/describe-fs-error';
import type { ArchiveContents } from './archive-contents';
import { formatBytes } from './archive-limits';

export interface BundleSource {
  readonly kind: 'folder' | 'archive';
  /** Absolute path of the folder, or of the archive file. */
  readonly root: string;
  list(dir: string): Promise<{ files: string[]; dirs: string[] } | null>;
  read(file: string): Promise<FileText>;
  /** The file's absolute path on disk (folders only; null inside an archive). */
  diskPath(rel: string): string | null;
}

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

export function joinRel(dir: string, name: string): string {
  return dir === '' ? name : name === '' ? dir : `${dir}/${name}`;
}

export function parentRel(rel: string): string | null {
  if (rel === '') return null;
  const cut = rel.lastIndexOf('/');
  return cut < 0 ? '' : rel.slice(0, cut);
}

export function baseRel(rel: string): string {
  return rel.slice(rel.lastIndexOf('/') + 1);
}

/** Normalises `rel` (relative to the root); null when it is absolute or climbs out. */
export function normaliseRel(rel: string): string | null {
  const name = rel.replace(/\\/g, '/');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\0')) return null;
  const out: string[] = [];
  for (const part of name.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!out.length) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

export function folderSource(root: string, maxFileBytes: number): BundleSource {
  const absRoot = path.resolve(root);
  let realRoot: Promise<string> | null = null;
  const toDisk = (rel: string) => path.join(absRoot, ...rel.split('/').filter(Boolean));
  return {
    kind: 'folder',
    root: absRoot,
    diskPath: toDisk,
    async list(dir) {
      const entries = await readdir(toDisk(dir), { withFileTypes: true }).catch(() => null);
      if (!entries) return null;
      const files: string[] = [];
      const dirs: string[] = [];
      for (const e of entries) {
        if (e.isDirectory()) dirs.push(e.name);
        else if (e.isFile() || e.isSymbolicLink()) files.push(e.name);
      }
      return { files: files.sort(), dirs: dirs.sort() };
    },
    async read(rel) {
      const target = toDisk(rel);
      let real: string;
      try {
        realRoot ??= realpath(absRoot);
        const [r, t] = await Promise.all([realRoot, realpath(target)]);
        const inside = path.relative(r, t);
        if (inside.startsWith('..') || path.isAbsolute(inside))
          return { status: 'error', message: `it resolves to ${t}, outside ${r}` };
        real = t;
      } catch (error) {
        return fsError(error);
      }
      try {
        const handle = await open(real, OPEN_FLAGS);
        try {
          const info = await handle.stat();
          if (!info.isFile()) return { status: 'error', message: 'not a regular file' };
          if (info.size > maxFileBytes)
            return {
              status: 'error',
              message: `it is ${formatBytes(info.size)}, over the ${formatBytes(maxFileBytes)} the reader takes`,
            };
          const bytes = await handle.readFile();
          return { status: 'ok', text: decodeText(bytes), bytes: bytes.length };
        } finally {
          await handle.close();
        }
      } catch (error) {
        return fsError(error);
      }
    },
  };
}

function fsError(error: unknown): FileText {
  const e = error as NodeJS.ErrnoException;
  return e.code === 'ENOENT' ? { status: 'missing' } : { status: 'error', message: describeFsError(e) };
}

export function archiveSource(archive: string, contents: ArchiveContents): BundleSource {
  const absArchive = path.resolve(archive);
  const children = new Map<string, { files: string[]; dirs: string[] }>();
  for (const dir of contents.dirs) children.set(dir, { files: [], dirs: [] });
  for (const dir of contents.dirs) {
    const parent = parentRel(dir);
    if (parent !== null) children.get(parent)?.dirs.push(baseRel(dir));
  }
  for (const file of contents.files) children.get(parentRel(file) ?? '')?.files.push(baseRel(file));
  for (const listing of children.values()) {
    listing.files.sort();
    listing.dirs.sort();
  }
  return {
    kind: 'archive',
    root: absArchive,
    diskPath: () => null,
    async list(dir) {
      const listing = children.get(dir);
      return listing ? { files: [...listing.files], dirs: [...listing.dirs] } : null;
    },
    async read(rel) {
      const bytes = contents.data.get(rel);
      if (bytes) return { status: 'ok', text: decodeText(bytes), bytes: bytes.length };
      return contents.files.has(rel)
        ? { status: 'error', message: 'not read from the archive' }
        : { status: 'missing' };
    },
  };
}

/** UTF-8, a bad byte read as U+FFFD (the JSON or Markdown reader then says what is wrong). */
function decodeText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}
