/**
 * What the renderer needs from a host, whichever carries it: one request/reply call and a
 * stream of pushed events. Both transports answer with the dispatcher's `BridgeReply`, so the
 * typed client above them never knows which one it talks to.
 */
import type { BridgeReply, PushedEvent } from '../../../src-shared/bridge/contract';

export type ConnectionState =
  | { status: 'connecting' }
  | { status: 'open' }
  /** Lost; `retryAt` is when the next attempt starts (ms since epoch). */
  | { status: 'closed'; retryAt: number; attempt: number; reason: string };

export interface Transport {
  call(service: string, method: string, args: unknown[]): Promise<BridgeReply>;
  /** Returns an unsubscribe function. */
  onEvent(listener: (event: PushedEvent) => void): () => void;
  /** Connection changes; a transport that cannot disconnect reports `open` once. */
  onConnection(listener: (state: ConnectionState) => void): () => void;
  /** Ask a closed transport to retry now instead of waiting for its back-off. */
  retryNow(): void;
}
