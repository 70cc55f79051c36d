/**
 * The user's own bookmarks on change ledgers: a name and a note pinned on an event of a ledger
 * folder, kept in the app's user-data folder (never in the ledger's folder) as
 * `ledger-bookmarks.json`, so they survive restarts and appends (an event is pinned by its key).
 *
 * The folder: `LINEAGE_EXPLORER_DATA_DIR` (tests), else `LINEAGE_EXPLORER_USER_DATA_DIR` (the
 * desktop app's override), else the desktop app's user-data folder when running in Electron, else
 * `$XDG_CONFIG_HOME/lineage-explorer` or `~/.config/lineage-explorer` (`serve`).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { UserLedgerBookmark } from '../../../src-shared/bridge/services/ledger-service';

export const LEDGER_BOOKMARKS_FILE = 'ledger-bookmarks.json';

export function userDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env['LINEAGE_EXPLORER_DATA_DIR'] || env['LINEAGE_EXPLORER_USER_DATA_DIR'];
  if (explicit) return path.resolve(explicit);
  // The desktop app: its user-data folder (src-main/electron/desktop-app.ts, README "Where settings
  // and bookmarks are stored"), found the same way without importing Electron here.
  if (process.versions['electron']) return path.join(appDataDir(env), 'Lineage Explorer');
  const config = env['XDG_CONFIG_HOME'] || path.join(os.homedir(), '.config');
  return path.join(config, 'lineage-explorer');
}

function appDataDir(env: NodeJS.ProcessEnv): string {
  if (process.platform === 'win32') return env['APPDATA'] || path.join(os.homedir(), 'AppData', 'Roaming');
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support');
  return env['XDG_CONFIG_HOME'] || path.join(os.homedir(), '.config');
}

export class LedgerBookmarkStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dir: () => Promise<string>) {}

  async list(ledger: string): Promise<UserLedgerBookmark[]> {
    return (await this.readAll()).filter((b) => b.ledger === ledger);
  }

  add(entry: Omit<UserLedgerBookmark, 'id' | 'createdAt'>): Promise<UserLedgerBookmark[]> {
    return this.update((all) => [
      ...all,
      { ...entry, id: randomUUID(), createdAt: new Date().toISOString() },
    ]).then((all) => all.filter((b) => b.ledger === entry.ledger));
  }

  remove(ledger: string, id: string): Promise<UserLedgerBookmark[]> {
    return this.update((all) => all.filter((b) => !(b.ledger === ledger && b.id === id))).then((all) =>
      all.filter((b) => b.ledger === ledger),
    );
  }

  private async file(): Promise<string> {
    return path.join(await this.dir(), LEDGER_BOOKMARKS_FILE);
  }

  private async readAll(): Promise<UserLedgerBookmark[]> {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(await this.file(), 'utf8'));
    } catch {
      return []; // first start, or a file edited into something else
    }
    const list = (raw as { bookmarks?: unknown } | null)?.bookmarks;
    return Array.isArray(list) ? list.filter(isBookmark) : [];
  }

  /** Read-modify-write, one at a time, written atomically (temp file + rename). */
  private update(change: (all: UserLedgerBookmark[]) => UserLedgerBookmark[]): Promise<UserLedgerBookmark[]> {
    const run = this.queue.then(async () => {
      const next = change(await this.readAll());
      const file = await this.file();
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify({ version: 1, bookmarks: next }, null, 2) + '\n');
      await rename(temp, file);
      return next;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function isBookmark(value: unknown): value is UserLedgerBookmark {
  const b = value as Record<string, unknown> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    typeof b['id'] === 'string' &&
    typeof b['ledger'] === 'string' &&
    typeof b['eventKey'] === 'string' &&
    typeof b['name'] === 'string' &&
    typeof b['note'] === 'string'
  );
}
