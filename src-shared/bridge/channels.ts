/**
 * IPC channel names shared by the Electron main process and the preload.
 * Defined once so the two sides can never drift apart (a typo'd channel fails silently).
 * This file imports nothing: the preload bundles it, and the preload must stay tiny.
 */

/** Renderer → main request/response: `ipcRenderer.invoke(CALL_CHANNEL, { service, method, args })`. */
export const CALL_CHANNEL = 'lineage:call';

/**
 * A CALL_CHANNEL answer whose value crosses as the UTF-8 bytes of its JSON (a snapshot a session
 * worker wrote): main passes the bytes on without decoding them, the preload turns the answer
 * into `{ ok: true, value }` before the page sees it.
 */
export interface JsonBytesReply {
  ok: true;
  json: Uint8Array;
}

/** An EVENT_CHANNEL delta that crosses as the UTF-8 bytes of its JSON (the preload decodes it). */
export interface JsonBytesEvent {
  type: 'session.delta';
  json: Uint8Array;
}

/** Main → renderer pushed events: `webContents.send(EVENT_CHANNEL, event)`. */
export const EVENT_CHANNEL = 'lineage:event';

/**
 * Preload → main, Electron only: absolute paths of files and folders the user dropped on the
 * window (`ipcRenderer.send(DROP_CHANNEL, paths)`). Main checks the sender and the paths.
 */
export const DROP_CHANNEL = 'lineage:drop';
