// The preload with electron replaced by its test double (electron's renderer modules), in Node:
// `window` is a plain EventTarget, so every DOM event here is untrusted, as a page's own would be.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CALL_CHANNEL, DROP_CHANNEL, EVENT_CHANNEL } from '../../src-shared/bridge/channels';
import { contextBridge, ipcRenderer } from '../electron/test-support/fake-electron';
import { carriesFiles, droppedFilePaths, type DropLike } from './dropped-files';

vi.mock('electron', () => import('../electron/test-support/fake-electron'));

interface Host {
  call(service: string, method: string, args: unknown): Promise<unknown>;
  onEvent(listener: (event: unknown) => void): () => void;
}
let host: Host;
const target = new EventTarget();

beforeAll(async () => {
  vi.stubGlobal('window', target);
  await import('./index');
  host = contextBridge.exposed.get('host') as Host;
});

describe('the preload', () => {
  it('exposes exactly two functions, and nothing else, to the page', () => {
    expect([...contextBridge.exposed.keys()]).toEqual(['host']);
    expect(Object.keys(host).sort()).toEqual(['call', 'onEvent']);
  });

  it('sends calls on the one call channel', async () => {
    await host.call('sessions', 'list', []);
    expect(ipcRenderer.invoke).toHaveBeenCalledWith(CALL_CHANNEL, {
      service: 'sessions',
      method: 'list',
      args: [],
    });
  });

  it('turns an answer that crossed as JSON bytes (a snapshot) into its value for the page', async () => {
    ipcRenderer.invoke.mockResolvedValueOnce({
      ok: true,
      json: new TextEncoder().encode('{"key":"k","n":[1,"é"]}'),
    });
    expect(await host.call('sessions', 'snapshot', ['k'])).toEqual({
      ok: true,
      value: { key: 'k', n: [1, 'é'] },
    });
  });

  it('turns a delta that crossed as JSON bytes into the delta for the page', () => {
    const seen: unknown[] = [];
    const off = host.onEvent((event) => seen.push(event));
    const json = new TextEncoder().encode('{"key":"k","version":2,"note":"é"}');
    ipcRenderer.emit(EVENT_CHANNEL, {}, { type: 'session.delta', json });
    off();
    expect(seen).toEqual([{ type: 'session.delta', delta: { key: 'k', version: 2, note: 'é' } }]);
  });

  it('hands the page only the payload of an event, never the Electron event, and unsubscribes', () => {
    const seen: unknown[][] = [];
    const off = host.onEvent((...args) => seen.push(args));
    ipcRenderer.emit(EVENT_CHANNEL, { sender: 'the IpcRendererEvent' }, { type: 'notice', message: 'hi' });
    off();
    ipcRenderer.emit(EVENT_CHANNEL, {}, { type: 'notice', message: 'after' });
    expect(seen).toEqual([[{ type: 'notice', message: 'hi' }]]);
    expect(ipcRenderer.listenerCount(EVENT_CHANNEL)).toBe(0);
  });

  it('ignores a drop the page made up (untrusted), sending nothing to main', () => {
    const drop = Object.assign(new Event('drop', { cancelable: true }), {
      dataTransfer: { types: ['Files'], files: [{ path: '/etc' }] },
    });
    target.dispatchEvent(drop);
    expect(drop.defaultPrevented).toBe(true);
    expect(ipcRenderer.send).not.toHaveBeenCalledWith(DROP_CHANNEL, expect.anything());
  });
});

describe('droppedFilePaths', () => {
  const file = (p: string) => ({ path: p }) as unknown as File;
  const event = (isTrusted: boolean, paths: string[]): DropLike => ({
    isTrusted,
    dataTransfer: { types: ['Files'], files: paths.map(file) },
  });
  const pathOf = (f: File) => (f as unknown as { path: string }).path;

  it('returns the paths of a real drop, skipping files that have none', () => {
    expect(droppedFilePaths(event(true, ['/a', '', '/b.jsonl']), pathOf)).toEqual(['/a', '/b.jsonl']);
  });

  it('returns nothing for a synthetic drop or one without data', () => {
    expect(droppedFilePaths(event(false, ['/a']), pathOf)).toEqual([]);
    expect(droppedFilePaths({ isTrusted: true, dataTransfer: null }, pathOf)).toEqual([]);
  });

  it('leaves drags of text inside the page alone', () => {
    expect(carriesFiles({ dataTransfer: { types: ['text/plain'], files: [] } })).toBe(false);
    expect(carriesFiles({ dataTransfer: { types: ['Files'], files: [] } })).toBe(true);
    expect(carriesFiles({ dataTransfer: null })).toBe(false);
  });
});
