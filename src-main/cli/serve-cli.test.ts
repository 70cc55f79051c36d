/**
 * `lineage-explorer serve` as a process (the built CLI; `npm run build` first): stopped while it is
 * still starting up, it closes like any other stop — the sessions-list cache is saved, so the next
 * start lists from it. Node's default for SIGTERM used to end it at once during the scan.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { runCli, startServeProcess } from './test-support/run-cli-process';

/**
 * More logs than serve reads in full at start, so the first list comes from the logs' ends; and
 * enough that the watchers' scan, which starts once a page has its list, is still running when
 * serve is stopped right after.
 */
const SESSIONS = 400;

let base: string;
/** Serve processes started by a test: one still running after it (a failure) is killed. */
const children: ChildProcess[] = [];
beforeEach(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'le-serve-cli-'));
});
afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
  await rm(base, { recursive: true, force: true });
});

async function makeHome(): Promise<string> {
  const home = path.join(base, 'home');
  const dayAgo = new Date(Date.now() - 86_400_000);
  for (let i = 0; i < SESSIONS; i++) {
    const id = `s-${String(i).padStart(3, '0')}`;
    const file = path.join(home, 'sessions', id, 'provenance.jsonl');
    await mkdir(path.dirname(file), { recursive: true });
    const line = (seq: number) =>
      JSON.stringify({ schema_version: '1', event_id: `${id}-${seq}`, event_kind: 'session_start', seq }) +
      '\n';
    await writeFile(file, line(1) + line(2));
    await utimes(file, dayAgo, dayAgo); // not live
  }
  return home;
}

/** Serve on `home` with its own user-data folder, once it has printed its URL. */
async function startServe(home: string, dataDir: string) {
  const serve = await startServeProcess(['--home', home], { LINEAGE_EXPLORER_DATA_DIR: dataDir });
  children.push(serve.child);
  return { ...serve, url: new URL(serve.url) };
}

/** The sessions list, asked for over the page's WebSocket bridge. */
async function listOver(url: URL): Promise<unknown[]> {
  const socket = new WebSocket(`ws://${url.host}/bridge?token=${url.searchParams.get('token')}`, {
    headers: { origin: url.origin },
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const reply = await new Promise<{ ok: boolean; value: unknown[] }>((resolve) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; id: number; reply: never };
      if (message.type === 'reply' && message.id === 1) resolve(message.reply);
    });
    socket.send(JSON.stringify({ id: 1, service: 'sessions', method: 'list', args: [] }));
  });
  socket.close();
  return reply.value;
}

describe('serve (process)', () => {
  it('stopped while its watchers still scan the home, it exits at once', async () => {
    const home = await makeHome();
    const { child, url, exited } = await startServe(home, path.join(base, 'data'));
    // A page has its list: the scans start now.
    expect(await listOver(url)).toHaveLength(SESSIONS);
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
  });

  it('stopped as soon as it prints its URL, it exits cleanly and saves the sessions-list cache', async () => {
    const home = await makeHome();
    const dataDir = path.join(base, 'data');
    const { child, exited } = await startServe(home, dataDir);
    child.kill('SIGTERM');
    const { code, signal } = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    const cacheFile = path.join(dataDir, 'session-list-cache.json');
    expect(existsSync(cacheFile)).toBe(true);
    const cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as { entries: Record<string, unknown> };
    expect(Object.keys(cache.entries)).toHaveLength(SESSIONS);
  });

  it('given a port already in use, it says so and exits 2 (it ended silently with 0)', async () => {
    const home = await makeHome();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const run = await runCli(['serve', '--home', home, '--port', String(port)], {
        env: { LINEAGE_EXPLORER_DATA_DIR: path.join(base, 'data') },
        timeoutMs: 30_000,
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`cannot listen on 127.0.0.1:${port}`);
      expect(run.stderr).toContain('EADDRINUSE');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
