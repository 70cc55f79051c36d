// The sessions list from a persistent cache (issue 8): real temp homes, real chokidar and workers.
// Needs `npm run build` (the parse worker).
import { appendFile, mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../test-support/until';
import { addOldSession } from './test-support/old-session';
import type { PushedEvent, SessionListItem } from '../../../src-shared/bridge/contract';
import { listItemFromEnds } from './session-list-cache-fallback';
import { SessionStore, type SessionStoreOptions } from './session-store';

let dir: string;
let home: string;
let cacheFile: string;
let store: SessionStore | null = null;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'le-list-cache-'));
  home = path.join(dir, 'home');
  cacheFile = path.join(dir, 'data', 'session-list-cache.json');
});
afterEach(async () => {
  await store?.close();
  store = null;
  await rm(dir, { recursive: true, force: true });
});

const addSession = (id: string) => addOldSession(home, id);

async function startStore(options: Partial<SessionStoreOptions> = {}, events: PushedEvent[] = []) {
  store = new SessionStore({ roots: [home], poolSize: 1, listCacheFile: cacheFile, ...options });
  store.onEvent((e) => events.push(e));
  await store.start();
  await store.idle();
  return store;
}

async function stopStore() {
  await store?.close();
  store = null;
}

const row = (s: SessionStore, id: string): SessionListItem | undefined =>
  s.list().find((i) => i.sessionId === id);

describe('sessions list cache', () => {
  it('lists logs past the eager budget from their ends, and reads one in full when opened', async () => {
    const log = await addSession('a');
    const s = await startStore({ eagerRead: { files: 0, bytes: 0 } });
    const item = row(s, 'a')!;
    // From the first and last lines only: the last seq, the first and last times, not read.
    expect(item).toMatchObject({
      estimated: true,
      events: 10,
      lastSeq: 10,
      bytesRead: 0,
      firstTs: '2026-11-22T01:14:12.717051+00:00',
      lastTs: '2026-11-22T01:14:12.726550+00:00',
      models: ['claude-opus-4-7'],
    });
    expect(item.verdicts.verified).toBe(0);

    s.snapshot(log); // opening it reads it
    const read = await until(() => {
      const r = row(s, 'a');
      return r && !r.estimated && r.status === 'ready' ? r : null;
    }, 'the full read');
    expect(read.events).toBe(10);
    expect(read.verdicts.verified).toBe(3);
    expect(read.bytesRead).toBe(read.fileBytes);
  });

  it('with a live log in the home (no early listing), the others are still listed from their ends by the scan', async () => {
    await addSession('a');
    // Written just now: the home is not listed before the scan, whose rows are then made.
    const live = path.join(home, 'sessions', 'live', 'provenance.jsonl');
    await mkdir(path.dirname(live), { recursive: true });
    await writeFile(live, '');
    const s = await startStore({ eagerRead: { files: 0, bytes: 0 } });
    expect(row(s, 'a')).toMatchObject({ estimated: true, events: 10, bytesRead: 0 });
  });

  it('a second start lists from the cache; an append makes the row stale', async () => {
    const logA = await addSession('a');
    await addSession('b');
    const first = await startStore();
    const before = first.list();
    expect(before.map((i) => [i.sessionId, i.events, i.estimated])).toEqual([
      ['a', 10, undefined],
      ['b', 10, undefined],
    ]);
    await stopStore();

    // Prove the rows come from the cache, not a read: tamper with one saved count.
    const saved = JSON.parse(await readFile(cacheFile, 'utf8')) as {
      entries: Record<string, { item: SessionListItem }>;
    };
    expect(Object.keys(saved.entries).sort()).toEqual(before.map((i) => i.key).sort());
    saved.entries[logA]!.item.events = 999;
    await writeFile(cacheFile, JSON.stringify(saved));
    const second = await startStore();
    expect(row(second, 'a')!.events).toBe(999);
    expect(row(second, 'b')).toEqual(before.find((i) => i.sessionId === 'b'));
    await stopStore();

    // An appended line changes size and mtime: the cached row is stale and the log is read again.
    await appendFile(
      logA,
      JSON.stringify({
        schema_version: '2',
        event_id: 'n1',
        event_kind: 'tool_call',
        session_id: 'a',
        seq: 11,
        ts: '2026-11-22T01:15:00+00:00',
        tool_call_id: 'x',
        tool_name: 'shell',
      }) + '\n',
    );
    const old = new Date(Date.now() - 3600_000);
    await utimes(logA, old, old);
    const third = await startStore();
    expect(row(third, 'a')).toMatchObject({ events: 11, status: 'ready' });
    expect(row(third, 'a')!.estimated).toBeUndefined();
  });

  it('a log listed without being read is read when it grows', async () => {
    const log = await addSession('a');
    const s = await startStore({ eagerRead: { files: 0, bytes: 0 } });
    expect(row(s, 'a')!.estimated).toBe(true);
    await appendFile(
      log,
      JSON.stringify({
        schema_version: '2',
        event_id: 'n1',
        event_kind: 'tool_call',
        session_id: 'a',
        seq: 11,
        ts: '2026-11-22T01:15:00+00:00',
        tool_call_id: 'x',
        tool_name: 'shell',
      }) + '\n',
    );
    const grown = await until(() => {
      const r = row(s, 'a');
      return r && !r.estimated && r.events === 11 ? r : null;
    }, 'the grown log read in full');
    expect(grown.verdicts.verified).toBe(3);
  });

  it('a page connecting while serve scans gets the whole list (whenListed)', async () => {
    for (const id of ['a', 'b', 'c']) await addSession(id);
    store = new SessionStore({ roots: [home], poolSize: 1, listCacheFile: cacheFile });
    const started = store.start(); // not awaited: serve listens meanwhile
    await store.whenListed();
    expect(store.list().map((i) => i.sessionId)).toEqual(['a', 'b', 'c']);
    await started;
  });

  it('a damaged cache file is ignored with a notice, and rebuilt', async () => {
    await addSession('a');
    await mkdir(path.dirname(cacheFile), { recursive: true });
    await writeFile(cacheFile, '{"version": 1, "entries": {"/x": trunc');
    const events: PushedEvent[] = [];
    const s = await startStore({}, events);
    expect(events).toContainEqual({ type: 'notice', message: expect.stringMatching(/damaged.*ignored/) });
    expect(row(s, 'a')).toMatchObject({ events: 10, status: 'ready' });
    await until(() => s.list().length === 1, 'the list');
    await stopStore();
    const rebuilt = JSON.parse(await readFile(cacheFile, 'utf8')) as { entries: Record<string, unknown> };
    expect(Object.keys(rebuilt.entries)).toHaveLength(1);
  });
});

describe('listItemFromEnds', () => {
  it('takes the last whole line that parses (a torn last line is skipped), and copes with empty files', async () => {
    const file = path.join(dir, 'torn.jsonl');
    await mkdir(dir, { recursive: true });
    const ev = (seq: number, ts: string) =>
      JSON.stringify({ event_id: `e${seq}`, event_kind: 'tool_result', seq, ts, actor: 'm/x' });
    await writeFile(file, `${ev(1, 'T1')}\n\n${ev(2, 'T2')}\n{"event_id": "e3", "se`);
    const size = (await stat(file)).size;
    const item = await listItemFromEnds(file, 'torn', { size, mtimeMs: 0, ino: 0 });
    expect(item).toMatchObject({
      estimated: true,
      events: 2,
      lastSeq: 2,
      firstTs: 'T1',
      lastTs: 'T2',
      models: ['m/x'],
    });

    const empty = path.join(dir, 'empty.jsonl');
    await writeFile(empty, '');
    expect(await listItemFromEnds(empty, 'empty', { size: 0, mtimeMs: 0, ino: 0 })).toMatchObject({
      events: 0,
      firstTs: null,
      lastSeq: null,
    });
  });
});
