// Electron is the test double; the session store is real (temp files, chokidar, worker threads).
import type { WebContents } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_CHANNEL, DROP_CHANNEL, EVENT_CHANNEL } from '../../src-shared/bridge/channels';
import type { BridgeReply, PushedEvent, SessionListItem } from '../../src-shared/bridge/contract';
import { SessionStore } from '../services/sessions/session-store';
import { APP_ENTRY_URL } from './app-protocol';
import { startIpcHost, type IpcHost } from './ipc-host';
import { FakeWebContents, ipcMain, resetFakeElectron } from './test-support/fake-electron';
import { makeTempDirs, type TempDirs } from './test-support/temp-home';
import { appPageMatcher } from './trusted-sender';

vi.mock('electron', () => import('./test-support/fake-electron'));

let dirs: TempDirs;
let store: SessionStore;
let host: IpcHost;
let drops: string[][];

beforeEach(async () => {
  resetFakeElectron();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  dirs = await makeTempDirs('e2e-sess');
  store = new SessionStore({ roots: [dirs.home], poolSize: 1 });
  await store.start();
  await store.idle();
  drops = [];
  host = startIpcHost({
    store,
    info: () => ({ version: 't', home: dirs.home, roots: store.roots, demo: false }),
    isAppPage: appPageMatcher(),
    onDrop: (paths) => drops.push(paths),
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  host.dispose();
  await store.close();
  await dirs.cleanup();
});

function window(url = APP_ENTRY_URL): FakeWebContents {
  const contents = new FakeWebContents();
  void contents.loadURL(url);
  host.attach(contents as unknown as WebContents);
  return contents;
}

const call = (event: unknown, service: string, method: string, args: unknown[] = []) =>
  ipcMain.invoke(CALL_CHANNEL, event, { service, method, args }) as Promise<BridgeReply>;
const refused = { ok: false, error: { code: 'forbidden-path', message: 'untrusted sender' } };

describe('the IPC host', () => {
  it('answers our page’s calls through the contract', async () => {
    const contents = window();
    const reply = await call(contents.ipcEvent(), 'sessions', 'list');
    expect(reply.ok).toBe(true);
    expect((reply as { value: SessionListItem[] }).value.map((s) => s.sessionId)).toEqual(['e2e-sess']);
  });

  it('refuses an iframe inside our window, even one showing our page', async () => {
    const contents = window();
    const frame = { url: APP_ENTRY_URL, parent: contents.mainFrame };
    expect(await call(contents.ipcEvent(frame), 'sessions', 'list')).toEqual(refused);
    const foreignFrame = { url: 'https://evil.example/', parent: contents.mainFrame };
    expect(await call(contents.ipcEvent(foreignFrame), 'sessions', 'list')).toEqual(refused);
    expect(console.warn).toHaveBeenCalledWith(
      'lineage-explorer: refused a bridge call from https://evil.example/',
    );
  });

  it('refuses a window navigated elsewhere, a window it never attached, and a vanished frame', async () => {
    const navigated = window('https://evil.example/');
    expect(await call(navigated.ipcEvent(), 'sessions', 'list')).toEqual(refused);
    const stranger = new FakeWebContents();
    await stranger.loadURL(APP_ENTRY_URL);
    expect(await call(stranger.ipcEvent(), 'sessions', 'list')).toEqual(refused);
    expect(await call(window().ipcEvent(null), 'sessions', 'list')).toEqual(refused);
  });

  it('validates every call against the contract', async () => {
    const event = window().ipcEvent();
    const reply = (request: unknown) => ipcMain.invoke(CALL_CHANNEL, event, request) as Promise<BridgeReply>;
    const code = async (request: unknown) => {
      const r = await reply(request);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(await code('sessions.list')).toBe('bad-arguments');
    expect(await code({ service: 'fs', method: 'readFile', args: ['/etc/passwd'] })).toBe('unknown-method');
    expect(await code({ service: 'sessions', method: 'constructor', args: [] })).toBe('unknown-method');
    expect(await code({ service: 'sessions', method: 'snapshot', args: [42] })).toBe('bad-arguments');
    expect(
      await code({ service: 'sessions', method: 'rawLine', args: [dirs.logOf('e2e-sess'), -1, 10] }),
    ).toBe('bad-arguments');
    expect(await code({ service: 'sessions', method: 'list', args: [] })).toBe('ok');
  });

  it('accepts paths from the page only under the roots the user opened', async () => {
    const event = window().ipcEvent();
    const outside = await call(event, 'sessions', 'open', ['/etc']);
    expect(outside).toMatchObject({ ok: false, error: { code: 'forbidden-path' } });
    const escape = await call(event, 'sessions', 'open', [`${dirs.home}/sessions/../../..`]);
    expect(escape).toMatchObject({ ok: false, error: { code: 'forbidden-path' } });
    const inside = await call(event, 'sessions', 'open', [`${dirs.home}/sessions/e2e-sess`]);
    expect(inside.ok).toBe(true);
  });

  it('takes drops only from our page, and only well-formed ones', () => {
    const contents = window();
    ipcMain.emit(DROP_CHANNEL, contents.ipcEvent(), ['/data/a', '/data/b.jsonl']);
    ipcMain.emit(DROP_CHANNEL, contents.ipcEvent({ url: APP_ENTRY_URL, parent: contents.mainFrame }), ['/x']);
    ipcMain.emit(DROP_CHANNEL, window('https://evil.example/').ipcEvent(), ['/y']);
    ipcMain.emit(DROP_CHANNEL, contents.ipcEvent(), ['relative']);
    ipcMain.emit(DROP_CHANNEL, contents.ipcEvent(), '/not-a-list');
    expect(drops).toEqual([['/data/a', '/data/b.jsonl']]);
  });

  it('pushes events to attached windows that are still there, or to one window', () => {
    const a = window();
    const b = window();
    const gone = window();
    gone.destroy();
    const notice: PushedEvent = { type: 'notice', message: 'hello' };
    host.send(notice);
    host.send({ type: 'command', command: { name: 'show-keys' } }, b as unknown as WebContents);
    expect(a.sent).toEqual([{ channel: EVENT_CHANNEL, payload: notice }]);
    expect(b.sent.map((s) => s.payload)).toEqual([
      notice,
      { type: 'command', command: { name: 'show-keys' } },
    ]);
    expect(gone.sent).toEqual([]);
  });

  it('removes its handlers when disposed', () => {
    host.dispose();
    expect(ipcMain.handlers.has(CALL_CHANNEL)).toBe(false);
    expect(ipcMain.listenerCount(DROP_CHANNEL)).toBe(0);
  });
});
