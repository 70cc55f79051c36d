/**
 * The two-function bridge: page code gets `window.host = { call, onEvent }` and nothing else.
 * ipcRenderer and the Electron event object never reach the page, so a compromised renderer
 * cannot talk on arbitrary channels. Built as CommonJS (out/preload/index.cjs) because
 * sandboxed preloads cannot be ES modules.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CALL_CHANNEL, EVENT_CHANNEL } from '../../src-shared/bridge/channels';

const host = {
  call(service: string, method: string, args: unknown): Promise<unknown> {
    return ipcRenderer.invoke(CALL_CHANNEL, { service, method, args });
  },
  onEvent(listener: (event: unknown) => void): () => void {
    // Wrap so the page only ever sees the payload, never the IpcRendererEvent (which holds `sender`).
    const wrapped = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('host', host);
