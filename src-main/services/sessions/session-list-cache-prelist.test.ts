// The first list from the sessions-list cache, before the watcher's scan (issue 8, target 5): real
// temp homes, a real cache file, real chokidar and workers. Needs `npm run build` (the parse worker).
import { mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addOldSession } from './test-support/old-session';
import { identityOf, SessionListCache } from './session-list-cache';
import { listItemFromEnds } from './session-list-cache-fallback';
import { prelistHome } from './session-list-cache-prelist';
import { SessionStore } from './session-store';

const OPTIONS = { liveWindowMs: 10_000, eager: { files: 1, bytes: 1e9 } };
let dir: string;
let home: string;
let cacheFile: string;
let store: SessionStore | null = null;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'le-prelist-'));
  home = path.join(dir, 'home');
  cacheFile = path.join(dir, 'data', 'session-list-cache.json');
});
afterEach(async () => {
  await store?.close();
  store = null;
  await rm(dir, { recursive: true, force: true });
});

const addSession = (id: string) => addOldSession(home, id);

/** A cache that knows `logs` as they are now (rows from their ends, as serve makes them). */
async function cacheKnowing(logs: string[]): Promise<SessionListCache> {
  const cache = new SessionListCache(cacheFile);
  for (const log of logs) {
    const id = identityOf(await stat(log));
    cache.put(log, await listItemFromEnds(log, path.basename(path.dirname(log)), id), id);
  }
  await cache.save();
  const loaded = new SessionListCache(cacheFile);
  await loaded.load();
  return loaded;
}

describe('prelistHome', () => {
  it('lists every log of a home from the cache when it knows them all as they are', async () => {
    const logs = [await addSession('a'), await addSession('b'), await addSession('c')];
    const rows = await prelistHome([home], await cacheKnowing(logs), OPTIONS);
    expect(rows?.map((r) => r.file).sort()).toEqual([...logs].sort());
    expect(rows?.every((r) => r.item.key === r.file && r.item.live === false)).toBe(true);
  });

  it('lists nothing when a log is live, a root is not a home, or the unknown logs fit the eager budget', async () => {
    const logs = [await addSession('a'), await addSession('b')];
    const cache = await cacheKnowing(logs);
    expect(await prelistHome([home, dir], cache, OPTIONS)).toBeNull(); // dir has no sessions/
    await addSession('new'); // one unknown log, within the eager budget of 1: read whole by the scan
    expect(await prelistHome([home], cache, OPTIONS)).toBeNull();
    await utimes(logs[0]!, new Date(), new Date()); // written just now: live
    expect(await prelistHome([home], cache, { ...OPTIONS, eager: { files: 0, bytes: 0 } })).toBeNull();
  });

  it('past the eager budget, lists unknown logs from their ends and remembers them', async () => {
    const logs = [await addSession('a'), await addSession('b'), await addSession('c')];
    const cache = new SessionListCache(cacheFile); // knows nothing: a first start
    const rows = await prelistHome([home], cache, OPTIONS); // 3 unknown > eager budget of 1
    expect(rows?.map((r) => r.file).sort()).toEqual([...logs].sort());
    expect(rows?.[0]?.item).toMatchObject({ estimated: true, events: 10, sessionId: expect.any(String) });
    expect(rows?.find((r) => r.file === logs[1])?.item.sessionId).toBe('b');
    // The scan that follows finds each one in the cache, as it is.
    for (const log of logs) expect(cache.lookup(log, identityOf(await stat(log)))).not.toBeNull();
  });
});

/** Three sessions the cache knows, a store started on them and listed early (before its scan). */
async function startListedFromCache() {
  const logs = [await addSession('a'), await addSession('b'), await addSession('c')];
  await cacheKnowing(logs);
  const s = new SessionStore({ roots: [home], poolSize: 1, listCacheFile: cacheFile });
  store = s;
  const started = s.start();
  let done = false;
  void started.then(() => (done = true));
  await s.whenListed();
  return { s, logs, started, startDone: () => done };
}

describe('a home the cache knows', () => {
  it('is listed before the scan; a session opened at once is still read in full', async () => {
    const { s, logs, started } = await startListedFromCache();
    const first = s.list();
    expect(first.map((r) => r.key).sort()).toEqual([...logs].sort());
    expect(first.every((r) => r.estimated)).toBe(true); // the cached rows, not read
    // Opened before the watcher's scan had necessarily found it: read once the scan follows it.
    const snapshot = s.snapshot(logs[1]!);
    await started;
    await snapshot;
    await s.idle();
    const opened = s.list().find((r) => r.key === logs[1]);
    expect(opened).toMatchObject({ status: 'ready', events: 10, bytesRead: (await stat(logs[1]!)).size });
    expect(opened?.estimated).toBeFalsy();
    // The others stay listed from the cache, not read.
    expect(s.list().filter((r) => r.estimated).length).toBe(2);
  });

  it('the scan waits while a page draws its first list, and starts when a session is opened', async () => {
    const { s, logs, started, startDone } = await startListedFromCache();
    s.list();
    // Three sessions scan in a few ms; the start (which ends with the scan) is still waiting.
    await new Promise((r) => setTimeout(r, 200));
    expect(startDone()).toBe(false);
    const snapshot = s.snapshot(logs[0]!);
    await started;
    await snapshot;
    await s.idle();
    expect(s.list().find((r) => r.key === logs[0])).toMatchObject({ status: 'ready', events: 10 });
  });
});
