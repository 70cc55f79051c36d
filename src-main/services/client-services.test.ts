// Real chokidar, real worker threads, real files in a temp folder. Needs `npm run build` (the worker).
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PushedEvent, SessionDelta } from '../../src-shared/bridge/contract';
import { connectClient } from './client-services';
import { encodedStreamOf } from './encoded-json';
import type { SessionPool } from './sessions/session-pool';
import { SessionStore } from './sessions/session-store';

let home: string;
let store: SessionStore | null = null;
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'le-client-'));
});
afterEach(async () => {
  await store?.close();
  store = null;
  await rm(home, { recursive: true, force: true });
});

const info = () => ({ version: 'test', mode: 'web' }) as never;
const deltaOf = (key: string): PushedEvent => ({ type: 'session.delta', delta: { key } as SessionDelta });

describe("a client's session subscriptions", () => {
  it('start when it asks for the snapshot, before the snapshot is in; a failed snapshot ends it', async () => {
    const log = path.join(home, 'sessions', 'e2e-sess', 'provenance.jsonl');
    await mkdir(path.dirname(log), { recursive: true });
    await copyFile(new URL('./sessions/fixtures/e2e-sess.jsonl', import.meta.url), log);
    store = new SessionStore({ roots: [home], poolSize: 1, listCacheFile: null });
    await store.start();
    await store.idle();
    const client = connectClient(store, info);
    expect(client.wants(deltaOf(log))).toBe(false);
    const reply = client.services.sessions.snapshot(log);
    // Asked, not yet answered: a delta the worker makes right after the snapshot is this client's
    // (a read answered in the same batch as the snapshot is pushed before the snapshot is passed on).
    expect(client.wants(deltaOf(log))).toBe(true);
    const stream = encodedStreamOf(await reply)!;
    await stream.whole();
    expect(client.wants(deltaOf(log))).toBe(true);
    // Another client, which never asked, is not sent this session's deltas.
    expect(connectClient(store, info).wants(deltaOf(log))).toBe(false);
    // A session that is not there: refused, and not followed.
    const missing = path.join(home, 'sessions', 'nope', 'provenance.jsonl');
    await expect(client.services.sessions.snapshot(missing)).rejects.toThrow(/no session/);
    expect(client.wants(deltaOf(missing))).toBe(false);
    await client.services.sessions.unsubscribe(log);
    expect(client.wants(deltaOf(log))).toBe(false);
    // A snapshot that fails once asked (its worker died before answering): not followed either.
    const lost = encodedStreamOf(await client.services.sessions.snapshot(log))!;
    expect(client.wants(deltaOf(log))).toBe(true);
    (store as unknown as { pool: SessionPool }).pool.crashForTest();
    await expect(lost.whole()).rejects.toThrow(/stopped by a test/);
    expect(client.wants(deltaOf(log))).toBe(false);
  });
});
