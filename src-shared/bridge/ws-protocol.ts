/**
 * How the bridge travels over the web host's WebSocket (`serve`, browser tests).
 * Page: http://127.0.0.1:PORT/?token=T   Socket: ws://127.0.0.1:PORT/bridge?token=T
 * The token is random per server start; the server also checks the Origin.
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
