/**
 * Sends messages to one WebSocket client in the order they were produced, a big one in pieces
 * with the event loop free in between.
 *
 * Order: a reply encoded over several turns (json-in-slices) must not be overtaken by a delta
 * pushed meanwhile (the page would apply a delta of a snapshot it does not have yet). Pieces: a
 * socket write copies its bytes at once, and one of a 17 MB snapshot held serve's event loop
 * ~60 ms here (2 MB deltas ~20 ms); a message is sent as fragments of at most PIECE_BYTES (the
 * page gets it whole; RFC 6455 lets a text message's fragments split a character), the next
 * once the last is written: pieces the socket had not taken yet were written later all in one
 * `writev` — a 200 MB snapshot to a busy page held serve's event loop 100–600 ms in that call.
 */
import type { WebSocket } from 'ws';

export const PIECE_BYTES = 256 * 1024;

export interface OrderedClient {
  socket: WebSocket;
  /** Messages queued behind one still being encoded or sent. */
  pending: number;
  tail: Promise<void>;
}

/** Lets other work run between two slices of a big reply's encoding, or two pieces of a send. */
export const yieldTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `message`: text, its bytes, or its bytes in parts (sent as they are, not joined first), or the
 * parts to come (a reply still being encoded).
 */
export function sendInOrder(
  client: OrderedClient,
  message: string | Uint8Array | Uint8Array[] | Promise<Uint8Array[]>,
): void {
  // The usual case — a message made at once, not big, nothing queued — goes out at once, whole.
  if (
    !(message instanceof Promise) &&
    !Array.isArray(message) &&
    message.length <= PIECE_BYTES / 4 &&
    client.pending === 0
  ) {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(message, { binary: false });
    return;
  }
  client.pending++;
  client.tail = client.tail
    .then((): Promise<Uint8Array[]> | Uint8Array[] =>
      typeof message === 'string'
        ? [Buffer.from(message)]
        : message instanceof Promise || Array.isArray(message)
          ? message
          : [message],
    )
    .then((parts) => sendInPieces(client.socket, parts))
    .catch(() => {
      // An unencodable reply is dropped (the call times out on the page); later ones still go.
    })
    .finally(() => client.pending--);
}

/**
 * `parts` (one message's bytes) as text fragments of at most PIECE_BYTES, each once the one
 * before it is written (at least a turn apart).
 */
async function sendInPieces(socket: WebSocket, parts: readonly Uint8Array[]): Promise<void> {
  const pieces: Uint8Array[] = [];
  for (const part of parts)
    for (let at = 0; at < part.length; at += PIECE_BYTES) pieces.push(part.subarray(at, at + PIECE_BYTES));
  if (pieces.length === 0) pieces.push(new Uint8Array(0));
  for (let i = 0; i < pieces.length; i++) {
    if (socket.readyState !== socket.OPEN) return;
    const fin = i === pieces.length - 1;
    if (fin) socket.send(pieces[i]!, { binary: false, fin });
    else {
      // Called once the socket has written it (or failed: then the state check above ends it).
      await new Promise<void>((resolve) => socket.send(pieces[i]!, { binary: false, fin }, () => resolve()));
      await yieldTurn();
    }
  }
}
