/**
 * Picks the transport once, at start: Electron's preload bridge when present, else the web
 * host's WebSocket on the page's own origin with the token the page was opened with.
 */
import { TOKEN_PARAM, WS_PATH } from '../../../src-shared/bridge/ws-protocol';
import { createClient } from './client';
import { createElectronTransport, type PreloadHost } from './electron-transport';
import type { Transport } from './transport';
import { createWsTransport } from './ws-transport';

declare global {
  interface Window {
    host?: PreloadHost;
  }
}

function pickTransport(): Transport {
  if (window.host) return createElectronTransport(window.host);
  const token = new URLSearchParams(location.search).get(TOKEN_PARAM) ?? '';
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return createWsTransport(
    `${scheme}://${location.host}${WS_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`,
  );
}

export const transport = pickTransport();
export const call = createClient(transport);
export { HostError } from './client';
export type { ConnectionState } from './transport';
