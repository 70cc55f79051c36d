/**
 * How the bridge travels over the web host's WebSocket (`serve`, browser tests).
 * Page: http://127.0.0.1:PORT/?token=T   Socket: ws://127.0.0.1:PORT/bridge?token=T
 * The token is random per server start; the server also checks the Origin.
 * Every message is one JSON value: client → server in a text frame; server → client in a text
 * frame, or — a message over 256 KB (a snapshot, a big list) — as a binary message holding the
 * same JSON as UTF-8 (a browser then need not make a string of it on the socket's thread).
 */
import type { BridgeReply, PushedEvent } from './contract';

export const WS_PATH = '/bridge';
export const TOKEN_PARAM = 'token';

/** client → server */
export interface WsCall {
  id: number;
  service: string;
  method: string;
  args: unknown[];
}

/** server → client */
export type WsMessage =
  { type: 'reply'; id: number; reply: BridgeReply } | { type: 'event'; event: PushedEvent };
