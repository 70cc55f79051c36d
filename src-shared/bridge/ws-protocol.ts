/**
 * How the bridge travels over the web host's WebSocket (`serve`, browser tests).
 * Page: http://127.0.0.1:PORT/?token=T   Socket: ws://127.0.0.1:PORT/bridge?token=T
 * The token is random per server start; the server also checks the Origin.
 * Every message is one JSON value: client → server in a text frame; server → client in a text
 * frame, or — a message over 256 KB (a big list) — as a binary message holding the same JSON as
 * UTF-8 (a browser then need not make a string of it on the socket's thread).
 *
 * A reply a session worker writes as it goes (a snapshot) is not sent down the socket: a
 * `reply-stream` message names a one-time path under REPLY_STREAM_PATH, and the page fetches the
 * reply's value from it (GET, with the same token) as it is written — its JSON with status 200,
 * or an error reply (`{ok: false, error}`) with status 500. A body cut off midway is a failed
 * call. Chromium takes a fetched body off its page's thread, a WebSocket's bytes on it
 * (src-main/web/reply-streams.ts).
 *
 * The sessions list is also at EARLY_LIST_PATH (GET, the same token): the page the web host
 * serves names it in a `<link rel="preload">`, so the browser asks for it while it loads the
 * page's scripts, before the socket can be opened (src-main/web/early-list.ts).
 */
import type { BridgeReply, PushedEvent } from './contract';

export const WS_PATH = '/bridge';
export const TOKEN_PARAM = 'token';
export const REPLY_STREAM_PATH = '/reply/';
export const EARLY_LIST_PATH = '/early/sessions-list';
/** The `id` of the page's `<link rel="preload">` of EARLY_LIST_PATH. */
export const EARLY_LIST_LINK_ID = 'early-sessions-list';

/** client → server */
export interface WsCall {
  id: number;
  service: string;
  method: string;
  args: unknown[];
}

/** server → client */
export type WsMessage =
  | { type: 'reply'; id: number; reply: BridgeReply }
  /** The reply to call `id` is fetched from `path` (relative to the server, token added). */
  | { type: 'reply-stream'; id: number; path: string }
  | { type: 'event'; event: PushedEvent };
