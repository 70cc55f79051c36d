/**
 * The web host: the same services over HTTP + WebSocket, for `serve` (a cluster login node
 * through an SSH tunnel) and the browser tests. Bound to 127.0.0.1; a random token in the URL;
 * the WebSocket's Origin must be this server's; only the built renderer is served as files —
 * session data travels only through the bridge, which accepts paths under the roots alone.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import type { AppInfo, PushedEvent } from '../../src-shared/bridge/contract';
import { createDispatcher } from '../../src-shared/bridge/dispatcher';
import {
  EARLY_LIST_PATH,
  TOKEN_PARAM,
  WS_PATH,
  type WsCall,
  type WsMessage,
} from '../../src-shared/bridge/ws-protocol';
import { connectClient } from '../services/client-services';
import type { SessionStore } from '../services/sessions/session-store';
import { isUnder } from '../services/fs/is-under';
import { serveEarlyList, withEarlyListLink } from './early-list';
import { jsonInSlices } from './json-in-slices';
import { ReplyStreams } from './reply-streams';
import { encodedBytesOf, encodedStreamOf } from '../services/encoded-json';
import { PIECE_BYTES, sendInOrder, yieldTurn, type OrderedClient } from './send-in-order';
import { parseAppPath } from '../../src-shared/links/app-link';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};
const MAX_MESSAGE_BYTES = 1024 * 1024;

export interface WebHost {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

export interface WebHostOptions {
  store: SessionStore;
  info: () => AppInfo;
  port?: number;
  rendererDir?: string;
  /** How long a streamed reply waits to be fetched (reply-streams.ts; tests shorten it). */
  unclaimedReplyMs?: number;
}

/** out/renderer next to this bundle (out/main), or the repo's build when run from sources. */
export function rendererDir(): string {
  for (const rel of ['../renderer', '../../out/renderer']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path.join(dir, 'index.html'))) return dir;
  }
  throw new Error('renderer not built: run `npm run build` first');
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = randomBytes(24).toString('base64url');
  const root = options.rendererDir ?? rendererDir();
  const streams = new ReplyStreams(options.unclaimedReplyMs);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === EARLY_LIST_PATH) {
      if (req.method !== 'GET') return send(res, 405, 'method not allowed');
      if (!tokenMatches(url.searchParams.get(TOKEN_PARAM), token)) return send(res, 401, 'no access token');
      return void serveEarlyList(res, options.store);
    }
    if (!ReplyStreams.owns(url.pathname)) return void serveFile(req, res, root, token);
    if (req.method !== 'GET') return send(res, 405, 'method not allowed');
    if (!tokenMatches(url.searchParams.get(TOKEN_PARAM), token)) return send(res, 401, 'no access token');
    void streams.serve(url.pathname, res);
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const clients = new Set<Client>();

  const unsubscribe = options.store.onEvent((event) => {
    const message = pushedMessage(event);
    for (const client of clients) if (client.wants(event)) sendInOrder(client, message);
  });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const port = (server.address() as { port: number }).port;
    const allowedOrigins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
    if (url.pathname !== WS_PATH || !tokenMatches(url.searchParams.get(TOKEN_PARAM), token)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    if (!allowedOrigins.includes(req.headers.origin ?? '')) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = connectClient(options.store, options.info);
      const dispatch = createDispatcher(connection.services);
      const client: Client = { socket: ws, wants: connection.wants, pending: 0, tail: Promise.resolve() };
      clients.add(client);
      ws.on('close', () => clients.delete(client));
      ws.on('message', async (data) => {
        let call: WsCall;
        try {
          call = JSON.parse(String(data)) as WsCall;
        } catch {
          return; // not our protocol: ignore rather than crash
        }
        const reply = await dispatch({ service: call.service, method: call.method, args: call.args });
        const stream = reply.ok ? encodedStreamOf(reply.value) : undefined;
        // A snapshot: fetched by the page from a path of its own as its worker writes it.
        if (stream)
          sendInOrder(
            client,
            JSON.stringify({
              type: 'reply-stream',
              id: call.id,
              path: streams.add(stream),
            } satisfies WsMessage),
          );
        // Encoded in slices (a big reply is megabytes of JSON), sent in the order it was produced.
        else
          sendInOrder(
            client,
            jsonInSlices({ type: 'reply', id: call.id, reply } satisfies WsMessage, yieldTurn),
          );
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/?${TOKEN_PARAM}=${token}`,
    port,
    token,
    close: async () => {
      unsubscribe();
      streams.close();
      for (const c of clients) c.socket.terminate();
      server.closeAllConnections(); // a streamed reply still being fetched
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The message for a pushed event, made at once (a live append's delta goes out in the turn it
 * came in: through the async path of a reply it waited behind other messages, and the 50-session
 * live bench's p95 rose 145 → 200–330 ms). A delta is the JSON its session worker wrote, copied in
 * as its bytes, never re-encoded here.
 */
function pushedMessage(event: PushedEvent): string | Uint8Array | Uint8Array[] {
  const bytes = event.type === 'session.delta' ? encodedBytesOf(event.delta) : undefined;
  if (!bytes) return JSON.stringify({ type: 'event', event } satisfies WsMessage);
  // A big delta (a log being read: ~1 MB each) is sent as its parts, not copied into one buffer:
  // a copy per delta was as much again of short-lived memory outside the heap, which starts
  // serve's major GCs (a 1.2M-event read: 46 of them → 28–31).
  if (bytes.length > BIG_DELTA_BYTES) return [DELTA_PREFIX, bytes, DELTA_SUFFIX];
  return Buffer.concat([DELTA_PREFIX, bytes, DELTA_SUFFIX]);
}
const BIG_DELTA_BYTES = PIECE_BYTES / 4;
const DELTA_PREFIX = Buffer.from('{"type":"event","event":{"type":"session.delta","delta":');
const DELTA_SUFFIX = Buffer.from('}}');

interface Client extends OrderedClient {
  wants: (e: PushedEvent) => boolean;
}

async function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  token: string,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed');
  // An app link (src-shared/links/app-link.ts: session/…, document/…, bookmark/…) is the page
  // itself, which then opens what the path names; the same token guards it.
  const isLink = parseAppPath(url.pathname) !== null;
  let rel: string;
  try {
    rel = decodeURIComponent(url.pathname);
  } catch {
    return send(res, 404, 'not found');
  }
  if (rel === '/' || rel === '/index.html' || isLink) {
    // The page needs the token; without it, say how to get in rather than a blank app.
    if (!tokenMatches(url.searchParams.get(TOKEN_PARAM), token))
      return send(
        res,
        401,
        'Open the URL that `lineage-explorer serve` printed (it carries the access token).',
      );
    rel = '/index.html';
  }
  const file = path.join(root, rel);
  if (!isUnder(file, root)) return send(res, 404, 'not found');
  try {
    const page = rel === '/index.html';
    const body = page
      ? withEarlyListLink(withRootBase(await readFile(file, 'utf8')), token)
      : await readFile(file);
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': rel === '/index.html' ? 'no-store' : 'max-age=3600',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    send(res, 404, 'not found');
  }
}

/**
 * The page's assets are referenced relative to it (`./assets/…`, for the desktop's app:// page);
 * served at a link's path (`/session/…/node/…`) they must still resolve from the root.
 */
function withRootBase(html: string): string {
  return html.replace(/<head>/i, '<head>\n    <base href="/" />');
}

function send(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

function tokenMatches(given: string | null, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
