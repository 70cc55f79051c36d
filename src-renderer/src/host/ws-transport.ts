/**
 * The web host's transport (src-shared/bridge/ws-protocol.ts): one WebSocket, calls matched to
 * replies by id, reconnect with exponential back-off. Calls made while disconnected wait for the
 * socket (they are not lost); calls in flight when it drops fail, because the server may or may
 * not have run them.
 *
 * A big message (a long list) comes as a binary message of its UTF-8 JSON, decoded here. Chromium
 * makes a string of a text message while it receives it, on this thread, before any of our code
 * runs (~2 s for a 1.2M-event session's ~200 MB snapshot); bytes cost it less to gather, and
 * `TextDecoder` less than that string (65 MB measured: 0.7 + 0.5 s as text, 0.5 + 0.3 s as bytes).
 * A snapshot does not come down the socket at all: its reply names a path it is fetched from
 * (fetch-reply.ts), which costs this thread a third of what the socket's bytes did.
 */
import type { BridgeReply, PushedEvent } from '../../../src-shared/bridge/contract';
import type { WsCall, WsMessage } from '../../../src-shared/bridge/ws-protocol';
import type { ConnectionState, Transport } from './transport';
import { fetchReply } from './fetch-reply';

const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000];
const decoder = new TextDecoder();

interface Pending {
  resolve(reply: BridgeReply): void;
}

export function createWsTransport(url: string): Transport {
  let socket: WebSocket | null = null;
  let nextId = 1;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let state: ConnectionState = { status: 'connecting' };
  const pending = new Map<number, Pending>();
  const queued: WsCall[] = [];
  const eventListeners = new Set<(event: PushedEvent) => void>();
  const stateListeners = new Set<(state: ConnectionState) => void>();

  const setState = (next: ConnectionState) => {
    state = next;
    for (const l of stateListeners) l(next);
  };

  const failAll = (message: string) => {
    for (const p of pending.values()) p.resolve({ ok: false, error: { code: 'internal', message } });
    pending.clear();
  };

  function connect() {
    timer = null;
    setState({ status: 'connecting' });
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      setState({ status: 'open' });
      for (const call of queued.splice(0)) ws.send(JSON.stringify(call));
    };
    ws.binaryType = 'arraybuffer';
    ws.onmessage = (message: MessageEvent<string | ArrayBuffer>) =>
      receive(typeof message.data === 'string' ? message.data : decoder.decode(message.data));
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      failAll('connection lost');
      const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
      attempt++;
      const reason = event.code === 1000 ? 'closed by the server' : `connection lost (code ${event.code})`;
      setState({ status: 'closed', retryAt: Date.now() + delay, attempt, reason });
      timer = setTimeout(connect, delay);
    };
  }

  function receive(text: string) {
    let message: WsMessage;
    try {
      message = JSON.parse(text) as WsMessage;
    } catch {
      return; // A frame we cannot read is not ours to act on.
    }
    if (message.type === 'reply' || message.type === 'reply-stream') {
      const p = pending.get(message.id);
      pending.delete(message.id);
      if (!p) return;
      if (message.type === 'reply') p.resolve(message.reply);
      else void fetchReply(streamUrl(url, message.path)).then(p.resolve);
    } else if (message.type === 'event') {
      for (const l of eventListeners) l(message.event);
    }
  }

  connect();

  return {
    call(service, method, args) {
      const call: WsCall = { id: nextId++, service, method, args };
      return new Promise<BridgeReply>((resolve) => {
        pending.set(call.id, { resolve });
        if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(call));
        else queued.push(call);
      });
    },
    onEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    onConnection(listener) {
      stateListeners.add(listener);
      listener(state);
      return () => stateListeners.delete(listener);
    },
    retryNow() {
      if (state.status !== 'closed' || !timer) return;
      clearTimeout(timer);
      connect();
    },
  };
}

/** The http(s) URL of `path` on the socket's server, with the socket's token. */
function streamUrl(socketUrl: string, path: string): string {
  const url = new URL(socketUrl);
  url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
  url.pathname = path;
  return url.href;
}
