/**
 * The one store of the user's own bookmarks, on every kind of session and document: one JSON
 * file, `bookmarks.json`, in the app's user-data folder (never in a session's folder).
 *
 * - Writes are read-modify-write, one at a time, and atomic (a temp file renamed over the old).
 * - A bookmark pins a point by stable identity (a log path + a seq, node id or event id; a
 *   document key + a node key, chain id or event key), so it survives restarts and appends.
 * - A file that is not ours to read (bad JSON, wrong shape) is never overwritten blind: it is
 *   copied aside first (`bookmarks.corrupt-<hash>.json`) and the user is told where. Entries we do
 *   not understand in an otherwise good file are kept as they are on every write.
 * - The old `ledger-bookmarks.json` is folded in (legacy-ledger-bookmarks.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { toPinTarget } from '../../../src-shared/links/app-link';
import type { Bookmark, BookmarkDraft } from '../../../src-shared/bridge/services/bookmarks-service';
import { readLegacyLedgerBookmarks } from './legacy-ledger-bookmarks';
import { userDataDir } from './user-data-dir';

export const BOOKMARKS_FILE = 'bookmarks.json';
const FORMAT_VERSION = 1;

interface FileState {
  bookmarks: Bookmark[];
  /** Entries of the file we could not read as bookmarks: written back untouched. */
  unknown: unknown[];
  /** Ids from ledger-bookmarks.json already taken in (so a deleted one is not brought back). */
  importedLegacy: string[];
}

export interface StoredBookmarks {
  bookmarks: Bookmark[];
  file: string;
  problem: string | null;
}

export class BookmarkStore {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  /** Said once the file had to be set aside; kept for this run so the user gets to see it. */
  private problem: string | null = null;

  /** `dir`: the user-data folder, or how to find it (resolved when first needed). */
  constructor(private readonly dir: string | (() => string)) {}

  folder(): string {
    return typeof this.dir === 'string' ? this.dir : this.dir();
  }

  file(): string {
    return path.join(this.folder(), BOOKMARKS_FILE);
  }

  /** Called after every change this store writes. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async list(): Promise<StoredBookmarks> {
    // Behind pending writes, so a list right after a change sees it.
    await this.queue;
    const state = await this.read();
    return { bookmarks: state.bookmarks, file: this.file(), problem: this.problem };
  }

  add(draft: BookmarkDraft): Promise<Bookmark> {
    const now = new Date().toISOString();
    const bookmark: Bookmark = { id: randomUUID(), ...draft, createdAt: now, updatedAt: now };
    return this.update((all) => [...all, bookmark]).then(() => bookmark);
  }

  /** Renames and re-notes; undefined when there is no such bookmark. */
  async edit(id: string, name: string, note: string): Promise<Bookmark | undefined> {
    let changed: Bookmark | undefined;
    await this.update((all) =>
      all.map((b) => {
        if (b.id !== id) return b;
        changed = { ...b, name, note, updatedAt: new Date().toISOString() };
        return changed;
      }),
    );
    return changed;
  }

  /** Whether there was such a bookmark. */
  async remove(id: string): Promise<boolean> {
    let found = false;
    await this.update((all) =>
      all.filter((b) => {
        if (b.id === id) found = true;
        return b.id !== id;
      }),
    );
    return found;
  }

  private async read(): Promise<FileState> {
    const state = await this.readOwn();
    // Fold in what the old ledger-bookmarks.json holds and was never taken in.
    const legacy = await readLegacyLedgerBookmarks(this.folder());
    const seen = new Set([...state.importedLegacy, ...state.bookmarks.map((b) => b.id)]);
    for (const b of legacy) {
      if (seen.has(b.id)) continue;
      state.bookmarks.push(b);
      state.importedLegacy.push(b.id);
    }
    return state;
  }

  private async readOwn(): Promise<FileState> {
    const file = this.file();
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty();
      throw new Error(`cannot read ${file}: ${(error as Error).message}`, { cause: error });
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return this.setAside(file, text, `it is not JSON (${(error as Error).message})`);
    }
    const list = (raw as { bookmarks?: unknown } | null)?.bookmarks;
    if (typeof raw !== 'object' || raw === null || !Array.isArray(list))
      return this.setAside(file, text, 'it holds no "bookmarks" list');
    const state = empty();
    for (const entry of list) {
      const b = toBookmark(entry);
      if (b) state.bookmarks.push(b);
      else state.unknown.push(entry);
    }
    const imported = (raw as { importedLegacy?: unknown }).importedLegacy;
    if (Array.isArray(imported)) state.importedLegacy = imported.filter((x) => typeof x === 'string');
    return state;
  }

  /** Copies an unreadable file aside (named by its content, so once per content) and starts empty. */
  private async setAside(file: string, text: string, why: string): Promise<FileState> {
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
    const backup = path.join(path.dirname(file), `bookmarks.corrupt-${hash}.json`);
    await copyFile(file, backup);
    this.problem =
      `Your bookmarks file ${file} could not be read: ${why}. ` +
      `It was copied to ${backup} (nothing in it is lost); new bookmarks start a fresh list.`;
    return empty();
  }

  /** Read-modify-write, one at a time, written atomically (temp file + rename). */
  private update(change: (all: Bookmark[]) => Bookmark[]): Promise<void> {
    const run = this.queue.then(async () => {
      const state = await this.read();
      const next = change(state.bookmarks);
      const file = this.file();
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
      const body = {
        version: FORMAT_VERSION,
        bookmarks: [...next, ...state.unknown],
        importedLegacy: state.importedLegacy,
      };
      await writeFile(temp, JSON.stringify(body, null, 2) + '\n');
      await rename(temp, file);
    });
    this.queue = run.catch(() => undefined);
    return run.then(() => {
      for (const listener of this.listeners) listener();
    });
  }
}

function empty(): FileState {
  return { bookmarks: [], unknown: [], importedLegacy: [] };
}

const isIso = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** A bookmark as the file holds it, checked (the file may have been edited by hand). */
function toBookmark(value: unknown): Bookmark | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const target = toPinTarget(v['target']);
  if (!target || typeof v['id'] !== 'string' || !v['id'] || typeof v['name'] !== 'string') return null;
  const seq = v['seq'];
  return {
    id: v['id'],
    target,
    name: v['name'],
    note: typeof v['note'] === 'string' ? v['note'] : '',
    targetLabel: typeof v['targetLabel'] === 'string' ? v['targetLabel'] : '',
    seq: typeof seq === 'number' && Number.isSafeInteger(seq) ? seq : null,
    createdAt: isIso(v['createdAt']) ? v['createdAt'] : new Date(0).toISOString(),
    updatedAt: isIso(v['updatedAt'])
      ? v['updatedAt']
      : isIso(v['createdAt'])
        ? v['createdAt']
        : new Date(0).toISOString(),
  };
}

let shared: BookmarkStore | null = null;

/** The process's one store in the user-data folder (one write queue for every window and tab). */
export function sharedBookmarkStore(): BookmarkStore {
  shared ??= new BookmarkStore(() => userDataDir());
  return shared;
}
