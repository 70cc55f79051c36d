/**
 * Sends messages to one WebSocket client in the order they were produced, a big one in pieces
 * with the event loop free in between.
 *
 * Order: a reply encoded over several turns (json-in-slices) must not be overtaken by a delta
 * pushed meanwhile (the page would apply a delta of a snapshot it does not have yet). Pieces: a
 * socket write copies its bytes at once, and one of a 17 MB snapshot held serve's event loop
 * ~60 ms here (2 MB deltas ~20 ms); a message is sent as fragments of at most PIECE_BYTES (the
 * page gets it whole; a message's fragments may split a character), the next once the last is
 * written: pieces the socket had not taken yet were written later all in one `writev` — a 200 MB
 * snapshot to a busy page held serve's event loop 100–600 ms in that call.
 *
 * Frames: a message of one piece is a text frame; one of several (over PIECE_BYTES) is a binary
 * message of the same UTF-8 JSON (ws-protocol.ts). Chromium turns a text message into a string
 * on the page's main thread as it receives it (~2 s for a 200 MB snapshot); bytes cost it less,
 * and the page decodes them when it takes them (ws-transport.ts).
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
 * parts to come (a reply still being encoded), or parts that come one by one (a reply whose
 * value's JSON is still being written: the message's first piece goes out with its first part, and
 * what is queued behind it waits for its last). A message whose parts fail midway cannot be
 * finished: the socket is closed (the page connects again and takes what it showed afresh).
 */
export function sendInOrder(
  client: OrderedClient,
  message: string | Uint8Array | Uint8Array[] | Promise<Uint8Array[]> | AsyncIterable<Uint8Array>,
): void {
  // The usual case — a message made at once, not big, nothing queued — goes out at once, whole.
  if (
    (typeof message === 'string' || message instanceof Uint8Array) &&
    message.length <= PIECE_BYTES / 4 &&
    client.pending === 0
  ) {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(message, { binary: false });
    return;
  }
  client.pending++;
  const send = async (): Promise<void> => {
    if (typeof message === 'string') return sendInPieces(client.socket, [Buffer.from(message)]);
    if (message instanceof Uint8Array) return sendInPieces(client.socket, [message]);
    if (Array.isArray(message)) return sendInPieces(client.socket, message);
    if (message instanceof Promise) return sendInPieces(client.socket, await message);
    try {
      await sendInPieces(client.socket, message);
    } catch {
      client.socket.terminate();
    }
  };
  client.tail = client.tail
    .then(send)
    .catch(() => {
      // An unencodable reply is dropped (the call times out on the page); later ones still go.
    })
    .finally(() => client.pending--);
}

/**
 * `parts` (one message's bytes) as fragments of at most PIECE_BYTES, each once the one before it
 * is written (at least a turn apart): a binary message, or a text frame if it is one piece.
 */
async function sendInPieces(
  socket: WebSocket,
  parts: readonly Uint8Array[] | AsyncIterable<Uint8Array>,
): Promise<void> {
  // One piece behind: the last is sent with `fin` (a part may come in after it otherwise), and a
  // message found to be one piece long goes as text.
  let held: Uint8Array | null = null;
  let pieces = 0;
  for await (const part of parts)
    for (let at = 0; at < part.length; at += PIECE_BYTES) {
      if (held) {
        if (socket.readyState !== socket.OPEN) return;
        // Called once the socket has written it (or failed: then the state check ends it).
        const piece: Uint8Array = held;
        pieces++;
        await new Promise<void>((resolve) =>
          socket.send(piece, { binary: true, fin: false }, () => resolve()),
        );
        await yieldTurn();
      }
      held = part.subarray(at, at + PIECE_BYTES);
    }
  if (socket.readyState === socket.OPEN)
    socket.send(held ?? new Uint8Array(0), { binary: pieces > 0, fin: true });
}
