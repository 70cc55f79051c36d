/**
 * The first list of a sciagent home without waiting for the watcher's scan (issue 8, target 5:
 * chokidar's scan of 2,000 sessions kept serve's event loop busy for ~1 s before the page had its
 * list). One directory listing and one stat a session find the logs; each row comes from the
 * sessions-list cache, or, for a log the cache does not know, from its ends (as the scan would
 * make it, and put in the cache, so the scan then only confirms it).
 *
 * All or nothing, so the first list a page gets is complete either way. Nothing is listed early
 * (the list waits for the scan, as before) when a root is not a sciagent home, when a log is live
 * (written within the live window: it is read in full first), or when the logs the cache does not
 * know fit in the eager budget (a small home is read whole, as before).
 */
import type { SessionListItem } from '../../../src-shared/bridge/contract';
import { forEachHomeLog, type HomeLog } from '../sources/home-logs';
import { identityOf, type FileIdentity, type SessionListCache } from './session-list-cache';
import { listItemFromEnds } from './session-list-cache-fallback';
import { eachInSlices } from '../fs/in-slices';

export interface PrelistedRow {
  file: string;
  item: SessionListItem;
  id: FileIdentity;
}

export interface PrelistOptions {
  liveWindowMs: number;
  /** Logs the cache does not know that start reads in full: within it, nothing is listed early. */
  eager: { files: number; bytes: number };
  now?: number;
}

/** Every log's row, or null when the list must wait for the scan (see above). */
export async function prelistHome(
  roots: readonly string[],
  cache: SessionListCache,
  options: PrelistOptions,
): Promise<PrelistedRow[] | null> {
  if (roots.length === 0) return null;
  const now = options.now ?? Date.now();
  const rows: PrelistedRow[] = [];
  const unknown: (HomeLog & { id: FileIdentity })[] = [];
  for (const root of roots) {
    const complete = await forEachHomeLog(root, (logs) => {
      for (const log of logs) {
        const id = identityOf(log.stats);
        if (now - id.mtimeMs < options.liveWindowMs) return false;
        const item = cache.lookup(log.file, id);
        if (item) rows.push({ file: log.file, item, id });
        else unknown.push({ ...log, id });
      }
      return true;
    });
    if (!complete) return null;
  }
  const unknownBytes = unknown.reduce((sum, u) => sum + u.id.size, 0);
  if (unknown.length > 0 && unknown.length <= options.eager.files && unknownBytes <= options.eager.bytes)
    return null;
  await eachInSlices(unknown, ({ file, id }) => {
    const item = listItemFromEnds(file, sessionIdOf(file), id);
    cache.put(file, item, id);
    rows.push({ file, item, id });
  });
  return rows;
}

/** `sessions/<id>/provenance.jsonl` → `<id>`. */
function sessionIdOf(file: string): string {
  const parts = file.split(/[\\/]/);
  return parts[parts.length - 2] ?? file;
}
