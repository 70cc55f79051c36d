/**
 * Lists the logs under a folder ourselves, to back chokidar up: it lists a folder and only then
 * watches it, so a folder or file that appears in between is never reported (seen when a session
 * folder was moved into the home while the app started: it was never listed). A listing after
 * chokidar's scan, and of each new folder shortly after it appears, finds what fell in that gap.
 */
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Calls `found` for each file under `dir` that `isLog` accepts, descending `levels` folders
 * deep (chokidar's `depth`). Unreadable folders are skipped: chokidar reports its own errors.
 */
export async function findLogs(
  dir: string,
  levels: number,
  isLog: (file: string) => boolean,
  found: (file: string) => void,
): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  const folders: Promise<void>[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && isLog(full)) found(full);
    else if (entry.isDirectory() && levels > 0) folders.push(findLogs(full, levels - 1, isLog, found));
  }
  await Promise.all(folders);
}
