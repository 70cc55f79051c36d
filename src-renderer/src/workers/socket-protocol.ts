/**
 * Between the page and the worker that holds its WebSocket to serve (host/socket-in-worker.ts).
 * `generation` names one connection: what an older one reports after a reconnect is ignored.
 */

/** page → worker */
export type SocketCommand =
  { type: 'connect'; url: string; generation: number } | { type: 'send'; text: string } | { type: 'close' };

/** worker → page; a binary message's bytes are transferred, not copied. */
export type SocketReport =
  | { type: 'open'; generation: number }
  | { type: 'text'; generation: number; data: string }
  | { type: 'bytes'; generation: number; data: ArrayBuffer }
  | { type: 'close'; generation: number; code: number };
