/**
 * IPC channel names shared by the Electron main process and the preload.
 * Defined once so the two sides can never drift apart (a typo'd channel fails silently).
 * This file imports nothing: the preload bundles it, and the preload must stay tiny.
 */

/** Renderer → main request/response: `ipcRenderer.invoke(CALL_CHANNEL, { service, method, args })`. */
export const CALL_CHANNEL = 'lineage:call';

/** Main → renderer pushed events: `webContents.send(EVENT_CHANNEL, event)`. */
export const EVENT_CHANNEL = 'lineage:event';

/**
 * Preload → main, Electron only: absolute paths of files and folders the user dropped on the
 * window (`ipcRenderer.send(DROP_CHANNEL, paths)`). Main checks the sender and the paths.
 */
export const DROP_CHANNEL = 'lineage:drop';
