/**
 * The Electron transport: the preload's two functions (`window.host`). IPC cannot drop while the
 * window lives, so the connection is always open.
 */
import type { BridgeReply, PushedEvent } from '../../../src-shared/bridge/contract';
import type { ConnectionState, Transport } from './transport';

/** Exactly what src-main/preload exposes; nothing else reaches page code. */
export interface PreloadHost {
  call(service: string, method: string, args: unknown): Promise<unknown>;
  onEvent(listener: (event: unknown) => void): () => void;
}

export function createElectronTransport(host: PreloadHost): Transport {
  return {
    call: async (service, method, args) => (await host.call(service, method, args)) as BridgeReply,
    onEvent: (listener) => host.onEvent((event) => listener(event as PushedEvent)),
    onConnection(listener: (state: ConnectionState) => void) {
      listener({ status: 'open' });
      return () => {};
    },
    retryNow() {},
  };
}
