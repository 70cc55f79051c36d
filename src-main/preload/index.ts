/**
 * The two-function bridge: page code gets `window.host = { call, onEvent }` and nothing else.
 * ipcRenderer and the Electron event object never reach the page, so a compromised page cannot
 * talk on arbitrary channels. Built as CommonJS (out/preload/index.cjs) because sandboxed
 * preloads cannot be ES modules.
 *
 * Besides, the preload turns a drop of files or folders on the window into their paths for main
 * (the page cannot: sandboxed pages see no paths). It listens on the shared DOM from its own,
 * isolated world, so nothing of it is visible to page code.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import {
  CALL_CHANNEL,
  DROP_CHANNEL,
  EVENT_CHANNEL,
  type JsonBytesEvent,
  type JsonBytesReply,
} from '../../src-shared/bridge/channels';
import { carriesFiles, droppedFilePaths } from './dropped-files';

const host = {
  async call(service: string, method: string, args: unknown): Promise<unknown> {
    const reply: unknown = await ipcRenderer.invoke(CALL_CHANNEL, { service, method, args });
    // A snapshot crosses as its JSON bytes (main does not decode it): the page gets the value.
    if (isJsonBytes(reply)) return { ok: true, value: JSON.parse(new TextDecoder().decode(reply.json)) };
    return reply;
  },
  onEvent(listener: (event: unknown) => void): () => void {
    // Wrap so the page only ever sees the payload, never the IpcRendererEvent (which holds `sender`).
    const wrapped = (_event: IpcRendererEvent, payload: unknown): void =>
      // A delta crosses as its JSON bytes (main does not decode it): the page gets the delta.
      listener(
        isJsonBytesEvent(payload)
          ? { type: payload.type, delta: JSON.parse(new TextDecoder().decode(payload.json)) }
          : payload,
      );
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
    };
  },
};

function isJsonBytesEvent(payload: unknown): payload is JsonBytesEvent {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    (payload as JsonBytesEvent).type === 'session.delta' &&
    (payload as JsonBytesEvent).json instanceof Uint8Array
  );
}

function isJsonBytes(reply: unknown): reply is JsonBytesReply {
  return typeof reply === 'object' && reply !== null && (reply as JsonBytesReply).json instanceof Uint8Array;
}

contextBridge.exposeInMainWorld('host', host);

// Accept file drops anywhere on the window (default: Chromium would try to navigate to the file).
window.addEventListener('dragover', (event) => {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
});
window.addEventListener('drop', (event) => {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  const paths = droppedFilePaths(event, (file) => webUtils.getPathForFile(file));
  if (paths.length) ipcRenderer.send(DROP_CHANNEL, paths);
});
