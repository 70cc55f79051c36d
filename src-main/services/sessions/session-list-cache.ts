/**
 * The sessions list kept between starts (issue 8: a home of 2,000 sessions lists in ≤ 2 s without
 * reading every log in full). One JSON file in the app's user-data folder: per log path, the row
 * the sidebar showed and the file's size, mtime and inode when it was made. A row is reused only
 * while all three still match, so an append, a rewrite or a replaced file is read again.
 *
 * The cache is a hint, never the truth: a file we cannot parse is ignored (with a notice) and
 * rewritten; several processes may share it (last writer wins; each keeps the others' entries it
 * loaded). The logs themselves are never written.
 */
import { statSync, type Stats } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SessionListItem } from '../../../src-shared/bridge/contract';
import { userDataDir } from '../bookmarks/user-data-dir';

export const SESSION_LIST_CACHE_FILE = 'session-list-cache.json';
const VERSION = 1;
/** Entries kept at most (the oldest saved go first): paths of deleted temp homes pile up otherwise. */
const MAX_ENTRIES = 20_000;
const SAVE_DELAY_MS = 2000;

interface Entry {
  size: number;
  mtimeMs: number;
  ino: number;
  savedAt: number;
  item: SessionListItem;
}

export interface FileIdentity {
  size: number;
  mtimeMs: number;
  ino: number;
}

export const identityOf = (s: Stats): FileIdentity => ({ size: s.size, mtimeMs: s.mtimeMs, ino: s.ino });

export function defaultSessionListCacheFile(): string {
  return path.join(userDataDir(), SESSION_LIST_CACHE_FILE);
}

export class SessionListCache {
  private entries = new Map<string, Entry>();
  private changed = false;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private saving: Promise<void> = Promise.resolve();
  /** What went wrong reading the cache file (it was ignored), for the user. */
  notice: string | null = null;

  /** `file` null: a cache that remembers nothing (tests, or no user-data folder). */
  constructor(private readonly file: string | null) {}

  /**
   * Reads the cache file once, at start. Not synchronously: serve starts the store before it
   * listens, and reading a 2,000-session cache (1.5 MB) at once held back the URL serve prints —
   * and so the page — by ~20–35 ms here on a second start.
   */
  async load(): Promise<void> {
    if (!this.file) return;
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.notice = `sessions list cache ${this.file} could not be read (${(error as Error).message}); ignored`;
      return;
    }
    try {
      const parsed = JSON.parse(text) as { version?: unknown; entries?: unknown };
      if (parsed?.version !== VERSION || typeof parsed.entries !== 'object' || parsed.entries === null)
        throw new Error(`not a version ${VERSION} cache`);
      for (const [key, value] of Object.entries(parsed.entries as Record<string, unknown>))
        if (isEntry(value)) this.entries.set(key, value);
    } catch (error) {
      this.entries.clear();
      this.notice = `sessions list cache ${this.file} is damaged (${(error as Error).message}); ignored and rebuilt`;
      this.changed = true;
    }
  }

  /** How many logs it remembers. */
  get size(): number {
    return this.entries.size;
  }

  /** The row saved for `file` if the file is still the one it was made from, else null. */
  lookup(file: string, id: FileIdentity): SessionListItem | null {
    const entry = this.entries.get(file);
    if (!entry || entry.size !== id.size || entry.mtimeMs !== id.mtimeMs || entry.ino !== id.ino) return null;
    return { ...entry.item, live: false };
  }

  /**
   * Remembers `item` for `file` when the row describes the whole file as it is now (read to its
   * end, not growing); `id` defaults to a fresh stat.
   */
  put(file: string, item: SessionListItem, id?: FileIdentity): void {
    if (!this.file) return;
    let identity = id;
    if (!identity) {
      try {
        identity = identityOf(statSync(file));
      } catch {
        return;
      }
    }
    if (!item.estimated && (item.bytesRead !== identity.size || item.status !== 'ready')) return;
    const old = this.entries.get(file);
    if (
      old &&
      old.size === identity.size &&
      old.mtimeMs === identity.mtimeMs &&
      old.ino === identity.ino &&
      Boolean(old.item.estimated) === Boolean(item.estimated)
    )
      return;
    this.entries.set(file, { ...identity, savedAt: Date.now(), item: { ...item, live: false } });
    this.changed = true;
    this.saveSoon();
  }

  private saveSoon(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.save();
    }, SAVE_DELAY_MS);
    this.saveTimer.unref?.();
  }

  /** Writes the cache now if anything changed (atomically: a temp file renamed over it). */
  async save(): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.saving = this.saving.then(() => this.write());
    return this.saving;
  }

  private async write(): Promise<void> {
    if (!this.file || !this.changed) return;
    this.changed = false;
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = [...this.entries].sort((a, b) => a[1].savedAt - b[1].savedAt);
      for (const [key] of oldest.slice(0, this.entries.size - MAX_ENTRIES)) this.entries.delete(key);
    }
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFile(tmp, JSON.stringify({ version: VERSION, entries: Object.fromEntries(this.entries) }));
      await rename(tmp, this.file);
    } catch {
      // A cache we cannot write only makes the next start slower.
    }
  }
}

function isEntry(v: unknown): v is Entry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  const item = e['item'] as Record<string, unknown> | undefined;
  return (
    typeof e['size'] === 'number' &&
    typeof e['mtimeMs'] === 'number' &&
    typeof e['ino'] === 'number' &&
    typeof e['savedAt'] === 'number' &&
    typeof item === 'object' &&
    item !== null &&
    typeof item['key'] === 'string' &&
    typeof item['sessionId'] === 'string' &&
    typeof item['events'] === 'number' &&
    typeof item['verdicts'] === 'object' &&
    Array.isArray(item['models'])
  );
}
