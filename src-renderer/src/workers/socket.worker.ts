/**
 * Holds the page's WebSocket to serve, so that receiving a big message costs the page's main
 * thread nothing: Chromium assembles a message on the thread that owns its socket, and a 200 MB
 * snapshot arriving as one text frame held the main thread ~2 s before a line of our code ran.
 * Here it arrives as bytes (serve sends a big message as a binary frame) and is handed over
 * without a copy; small messages (deltas, replies) are passed on as they are, in order.
 */
import type { SocketCommand, SocketReport } from './socket-protocol';

let socket: WebSocket | null = null;

const report = (message: SocketReport, transfer: Transferable[] = []) =>
  self.postMessage(message, { transfer });

self.onmessage = (event: MessageEvent<SocketCommand>) => {
  const command = event.data;
  if (command.type === 'connect') {
    socket?.close();
    const generation = command.generation;
    const ws = new WebSocket(command.url);
    ws.binaryType = 'arraybuffer';
    socket = ws;
    ws.onopen = () => report({ type: 'open', generation });
    ws.onmessage = (message: MessageEvent<string | ArrayBuffer>) => {
      const data = message.data;
      if (typeof data === 'string') report({ type: 'text', generation, data });
      else report({ type: 'bytes', generation, data }, [data]);
    };
    ws.onclose = (closed) => {
      if (socket === ws) socket = null;
      report({ type: 'close', generation, code: closed.code });
    };
  } else if (command.type === 'send') {
    if (socket?.readyState === WebSocket.OPEN) socket.send(command.text);
  } else {
    socket?.close();
    socket = null;
  }
};
