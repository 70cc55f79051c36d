/**
 * The web host's WebSocket, held by a worker (workers/socket.worker.ts) so that a big message —
 * a session's snapshot, hundreds of MB — is received off the page's main thread. Serve sends a
 * message over 256 KB as a binary message of its UTF-8 JSON (ws-protocol.ts); it reaches the page
 * as bytes, decoded here, at once, when the page takes it. A page that cannot start the worker
 * holds the socket itself, as it did before (same messages, same order).
 */
import type { SocketCommand, SocketReport } from '../workers/socket-protocol';

export interface SocketHandlers {
  onOpen(): void;
  /** Each message's text, in the order serve sent them. */
  onMessage(text: string): void;
  onClose(code: number): void;
}

export interface ServeSocket {
  /** Whether it is open: a text sent before or after is dropped (the caller queues calls). */
  readonly open: boolean;
  send(text: string): void;
}

const decoder = new TextDecoder();
const textOf = (data: string | ArrayBuffer) => (typeof data === 'string' ? data : decoder.decode(data));

let worker: Worker | null | undefined;
let generation = 0;
let current: { generation: number; handlers: SocketHandlers; socket: { open: boolean } } | null = null;

function socketWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    const started = new Worker(new URL('../workers/socket.worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = (event: MessageEvent<SocketReport>) => onReport(event.data);
    // Its script did not load or failed: the connection it held is lost (the transport connects
    // again, and then holds the socket itself).
    started.onerror = () => {
      started.terminate();
      worker = null;
      const lost = current;
      current = null;
      if (lost) {
        lost.socket.open = false;
        lost.handlers.onClose(1006);
      }
    };
    worker = started;
  } catch {
    worker = null; // a page that may not start workers keeps its socket itself
  }
  return worker;
}

function onReport(report: SocketReport): void {
  const connection = current;
  if (!connection || report.generation !== connection.generation) return; // an older connection's
  if (report.type === 'open') {
    connection.socket.open = true;
    connection.handlers.onOpen();
  } else if (report.type === 'close') {
    connection.socket.open = false;
    current = null;
    connection.handlers.onClose(report.code);
  } else connection.handlers.onMessage(textOf(report.data));
}

/** Opens a connection to `url`; the one opened before it (if any) is closed and heard no more. */
export function connectServeSocket(url: string, handlers: SocketHandlers): ServeSocket {
  const w = socketWorker();
  if (!w) return directSocket(url, handlers);
  const socket = {
    open: false,
    send(text: string) {
      if (socket.open) w.postMessage({ type: 'send', text } satisfies SocketCommand);
    },
  };
  current = { generation: ++generation, handlers, socket };
  w.postMessage({ type: 'connect', url, generation } satisfies SocketCommand);
  return socket;
}

function directSocket(url: string, handlers: SocketHandlers): ServeSocket {
  const ws = new WebSocket(url);
  ws.binaryType = 'arraybuffer';
  ws.onopen = () => handlers.onOpen();
  ws.onmessage = (message: MessageEvent<string | ArrayBuffer>) => handlers.onMessage(textOf(message.data));
  ws.onclose = (closed) => handlers.onClose(closed.code);
  return {
    get open() {
      return ws.readyState === WebSocket.OPEN;
    },
    send: (text) => ws.send(text),
  };
}
