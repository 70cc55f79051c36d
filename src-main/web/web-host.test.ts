// A real server on 127.0.0.1:0, a real WebSocket client, real files. Needs `npm run build`.
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sessionLines } from '../../bench/generate-session.mjs';
import { snapshotTimeline, type SessionSnapshot } from '../../src-shared/bridge/contract';
import type { WsMessage } from '../../src-shared/bridge/ws-protocol';
import { desktopLink, webLink } from '../../src-shared/links/app-link';
import { BookmarkStore } from '../services/bookmarks/bookmark-store';
import { SessionStore } from '../services/sessions/session-store';
import { startWebHost, type WebHost } from './web-host';

let dir: string;
let store: SessionStore;
let host: WebHost;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'le-web-'));
  const log = path.join(dir, 'sessions', 'e2e-sess', 'provenance.jsonl');
  await mkdir(path.dirname(log), { recursive: true });
  await copyFile(new URL('../services/sessions/fixtures/e2e-sess.jsonl', import.meta.url), log);
  store = new SessionStore({
    roots: [dir],
    poolSize: 1,
    bookmarks: new BookmarkStore(path.join(dir, '..', `${path.basename(dir)}-data`)),
  });
  await store.start();
  await store.idle();
  host = await startWebHost({ store, info: () => ({ version: 't', home: dir, roots: [dir], demo: false }) });
});
afterEach(async () => {
  await host.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
  await rm(`${dir}-data`, { recursive: true, force: true });
});

function connect(token: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${token}`, { origin });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function call(
  ws: WebSocket,
  id: number,
  service: string,
  method: string,
  args: unknown[],
): Promise<WsMessage> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as WsMessage;
      if ((message.type === 'reply' || message.type === 'reply-stream') && message.id === id) {
        ws.off('message', onMessage);
        resolve(message);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, service, method, args }));
  });
}

describe('web host', () => {
  it('serves the page only with the token, and no file outside the renderer', async () => {
    const page = await fetch(host.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    expect((await fetch(`http://127.0.0.1:${host.port}/`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${host.port}/%2e%2e/%2e%2e/package.json`)).status).toBe(404);
  });

  it('accepts a WebSocket only with the token and its own Origin', async () => {
    const origin = `http://127.0.0.1:${host.port}`;
    await expect(connect('wrong', origin)).rejects.toThrow(/401/);
    await expect(connect(host.token, 'http://evil.example')).rejects.toThrow(/403/);
    const ws = await connect(host.token, origin);
    const list = await call(ws, 1, 'sessions', 'list', []);
    expect(list).toMatchObject({ type: 'reply', reply: { ok: true } });
    const unknown = await call(ws, 2, 'sessions', 'deleteEverything', []);
    expect(unknown).toMatchObject({ reply: { ok: false, error: { code: 'unknown-method' } } });
    const bad = await call(ws, 3, 'sessions', 'snapshot', [42]);
    expect(bad).toMatchObject({ reply: { ok: false, error: { code: 'bad-arguments' } } });
    const forbidden = await call(ws, 4, 'sessions', 'open', ['/etc']);
    expect(forbidden).toMatchObject({ reply: { ok: false, error: { code: 'forbidden-path' } } });
    ws.close();
  });

  it('names the sessions list in the page, for the browser to ask for as it loads, and serves it only with the token', async () => {
    const origin = `http://127.0.0.1:${host.port}`;
    const html = await (await fetch(host.url)).text();
    const link =
      /<link rel="preload" id="early-sessions-list" as="fetch" crossorigin="anonymous" href="([^"]+)" \/>/.exec(
        html,
      );
    expect(link?.[1]).toBe(`/early/sessions-list?token=${host.token}`);
    expect((await fetch(`${origin}/early/sessions-list`)).status).toBe(401);
    expect((await fetch(`${origin}/early/sessions-list?token=wrong`)).status).toBe(401);
    expect((await fetch(`${origin}${link![1]}`, { method: 'POST' })).status).toBe(405);
    const early = await fetch(`${origin}${link![1]}`);
    expect(early.status).toBe(200);
    expect(early.headers.get('cache-control')).toBe('no-store');
    const items = (await early.json()) as { key: string }[];
    // The same list as the socket's.
    const ws = await connect(host.token, origin);
    const listed = await call(ws, 1, 'sessions', 'list', []);
    ws.close();
    expect(listed).toMatchObject({ reply: { ok: true, value: items } });
    expect(items.map((i) => path.basename(path.dirname(i.key)))).toEqual(['e2e-sess']);
  });

  it('serves the page at every app link path, with the same token and the assets from the root', async () => {
    const key = path.join(dir, 'sessions', 'e2e-sess', 'provenance.jsonl');
    const target = { kind: 'session', key, at: { kind: 'node', id: 'job:j1' } } as const;
    const origin = `http://127.0.0.1:${host.port}`;
    const page = await fetch(webLink(origin, host.token, target));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root"');
    expect(html).toContain('<base href="/" />');
    expect((await fetch(webLink(origin, '', target))).status).toBe(401);
    expect((await fetch(webLink(origin, 'wrong', { kind: 'bookmark', id: 'b1' }))).status).toBe(401);
    // Not an app path: still only the renderer's files.
    expect((await fetch(`${origin}/sessions/${encodeURIComponent(key)}?token=${host.token}`)).status).toBe(
      404,
    );
    expect((await fetch(`${origin}/session/%E0%A4%A?token=${host.token}`)).status).toBe(404);
    expect(desktopLink(target).startsWith('lineage-explorer://session/')).toBe(true);
  });

  it('sends a big snapshot as a path the page fetches once, with its token, as the worker writes it', async () => {
    const log = path.join(dir, 'sessions', 'big', 'provenance.jsonl');
    await mkdir(path.dirname(log), { recursive: true });
    await writeFile(log, [...sessionLines('big', 12_000)].join('\n') + '\n');
    const origin = `http://127.0.0.1:${host.port}`;
    const ws = await connect(host.token, origin);
    const opened = await call(ws, 1, 'sessions', 'open', [log]);
    expect(opened).toMatchObject({ reply: { ok: true } });
    await store.idle();
    // Nothing but small messages come down the socket: the snapshot is not one of them.
    const binary: number[] = [];
    ws.on('message', (data, isBinary) => {
      if (isBinary) binary.push((data as Buffer).length);
    });
    const reply = await call(ws, 2, 'sessions', 'snapshot', [log]);
    expect(reply).toMatchObject({ type: 'reply-stream', id: 2 });
    const where = `${origin}${(reply as { path: string }).path}`;
    expect((await fetch(where)).status).toBe(401);
    expect((await fetch(`${where}?token=wrong`)).status).toBe(401);
    const fetched = await fetch(`${where}?token=${host.token}`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toContain('application/json');
    const snapshot = (await fetched.json()) as SessionSnapshot;
    // Columns longer than one slice (4,000 values) came through complete, in parts (8,192 rows).
    expect(snapshot.timelineMore?.length).toBeGreaterThan(0);
    const timeline = snapshotTimeline(snapshot);
    expect(timeline.length).toBeGreaterThanOrEqual(12_000);
    expect(timeline.eventId).toHaveLength(timeline.length);
    expect(snapshot.nodes.length).toBeGreaterThan(5000);
    expect(snapshot.nodes.kinds.reduce((n, k) => n + k.id.length, 0)).toBe(snapshot.nodes.length);
    // Read once.
    expect((await fetch(`${where}?token=${host.token}`)).status).toBe(404);
    expect(binary).toEqual([]);
    ws.close();
  });

  it('pushes a bookmark change to every connected page', async () => {
    const origin = `http://127.0.0.1:${host.port}`;
    const [a, b] = [await connect(host.token, origin), await connect(host.token, origin)];
    const pushed = new Promise<unknown>((resolve) =>
      b.on('message', (data) => {
        const m = JSON.parse(String(data)) as WsMessage;
        if (m.type === 'event' && m.event.type === 'bookmarks.changed') resolve(m.event);
      }),
    );
    const key = path.join(dir, 'sessions', 'e2e-sess', 'provenance.jsonl');
    const draft = {
      target: { kind: 'session', key, at: { kind: 'seq', seq: 3 } },
      name: 'here',
      note: '',
      targetLabel: 'seq 3',
      seq: 3,
    };
    const added = await call(a, 1, 'bookmarks', 'add', [draft]);
    expect(added).toMatchObject({ reply: { ok: true, value: { name: 'here' } } });
    expect(await pushed).toEqual({ type: 'bookmarks.changed' });
    const listed = await call(b, 2, 'bookmarks', 'list', []);
    expect(listed).toMatchObject({
      reply: { ok: true, value: { bookmarks: [{ name: 'here', container: 'present' }] } },
    });
    const bad = await call(a, 3, 'bookmarks', 'add', [{ ...draft, target: { kind: 'bookmark', id: 'x' } }]);
    expect(bad).toMatchObject({ reply: { ok: false, error: { code: 'bad-arguments' } } });
    a.close();
    b.close();
  });
});
