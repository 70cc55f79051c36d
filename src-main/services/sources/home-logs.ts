/**
 * The logs of a sciagent home where its layout puts them, `sessions/<id>/provenance.jsonl`, with
 * their stats: one directory listing and one stat a session, much cheaper than a watcher's full
 * scan of the tree (2,000 sessions: ~0.1 s against chokidar's ~0.5 s). The sessions-list cache
 * uses it to list a home it knows before the scan is done. The stats are synchronous, in slices
 * (`fs/in-slices.ts`: a promise per stat cost the main thread several times the kernel's work).
 */
import { statSync, type Dirent, type Stats } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eachInSlices } from '../fs/in-slices';
import { PROVENANCE_FILE } from './sciagent-home';

export interface HomeLog {
  file: string;
  stats: Stats;
}

/**
 * Calls `visit` with batches of `batch` logs, in folder order, until it returns false (then
 * resolves false) or every log was seen (true). Null when `root` is not a sciagent home.
 * A session folder without a log is skipped.
 */
export async function forEachHomeLog(
  root: string,
  visit: (logs: HomeLog[]) => boolean,
  batch = 1024,
): Promise<boolean | null> {
  const sessionsDir = path.join(root, 'sessions');
  let entries: Dirent[];
  try {
    entries = await readdir(sessionsDir, { withFileTypes: true });
  } catch {
    return null;
  }
  const dirs = entries.filter((e) => e.isDirectory() && !e.name.startsWith('.'));
  for (let i = 0; i < dirs.length; i += batch) {
    const found: HomeLog[] = [];
    await eachInSlices(dirs.slice(i, i + batch), (d) => {
      const file = path.join(sessionsDir, d.name, PROVENANCE_FILE);
      let stats: Stats | undefined;
      try {
        stats = statSync(file, { throwIfNoEntry: false });
      } catch {
        return; // unreadable (permissions, a file where a folder was): not a log to list
      }
      if (stats?.isFile()) found.push({ file, stats });
    });
    if (!visit(found)) return false;
  }
  return true;
}
