/**
 * Streamed replies (a snapshot, written by its session worker a part at a time) fetched over HTTP
 * instead of sent down the WebSocket: the socket carries a small `reply-stream` message naming a
 * one-time path, and the page fetches the JSON from it as the worker writes it.
 *
 * Why not the socket: Chromium spends its page's main thread on every byte a WebSocket brings
 * (~12 ms per MB here, however the bytes are split into messages: a 140 MB message held it ~1.3–
 * 1.9 s, and one message that big another ~0.7 s after its handler ran), where a fetched body
 * costs it ~0.4 s for the same 140 MB and arrives in half the time (measured in this machine's
 * Chromium, docs/performance-history.md "A snapshot fetched, not sent down the socket").
 *
 * A path is random, asked for with the page's token, and read once; one nobody asks for within
 * UNCLAIMED_MS is let go (its parts dropped), as are all when the host closes.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { errorReply } from '../../src-shared/bridge/dispatcher';
import { REPLY_STREAM_PATH } from '../../src-shared/bridge/ws-protocol';
import type { PartStream } from '../services/part-stream';
import { yieldTurn } from './send-in-order';

/**
 * Bytes written at a time, a turn apart. The page takes a fetched body as fast as serve writes it,
 * so each write goes whole into the loopback socket, which hands it on within the call: a 256 KB
 * write (the socket's piece) held serve's event loop up to ~40 ms while an 850k-event snapshot
 * was fetched (its longest block 58–78 ms, p99 38–56; as 64 KB pieces 25–38, p99 17–18 — what the
 * socket's path gave, 24–30 / 16).
 */
const PIECE_BYTES = 64 * 1024;

/** How long a streamed reply waits for the page to fetch it. */
export const UNCLAIMED_MS = 60_000;

interface Waiting {
  stream: PartStream;
  timer: ReturnType<typeof setTimeout>;
}

export class ReplyStreams {
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly unclaimedMs = UNCLAIMED_MS) {}

  /** Holds `stream` for one fetch; the path to fetch it from (without the token). */
  add(stream: PartStream): string {
    const id = randomBytes(16).toString('base64url');
    const timer = setTimeout(() => this.drop(id, 'nobody fetched it'), this.unclaimedMs);
    timer.unref?.();
    this.waiting.set(id, { stream, timer });
    return REPLY_STREAM_PATH + id;
  }

  /** Whether `pathname` names a streamed reply (served by `serve`, never by the file server). */
  static owns(pathname: string): boolean {
    return pathname.startsWith(REPLY_STREAM_PATH);
  }

  /**
   * Sends the stream at `pathname` as the response's body, a piece at a time as the socket takes
   * them, a turn apart (a write of many megabytes at once held serve's event loop). Failing before
   * its first part (a session too big to send), the body is the error reply (status 500); failing
   * later, the response is cut off, which the page's reader sees as an error. Unknown or taken: 404.
   */
  async serve(pathname: string, res: ServerResponse): Promise<void> {
    const id = pathname.slice(REPLY_STREAM_PATH.length);
    const entry = this.waiting.get(id);
    if (!entry) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('no such reply (each is fetched once)');
      return;
    }
    this.waiting.delete(id);
    clearTimeout(entry.timer);
    const parts = entry.stream[Symbol.asyncIterator]();
    let next: IteratorResult<Uint8Array>;
    try {
      next = await parts.next();
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(errorReply(error)));
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    try {
      for (; !next.done; next = await parts.next())
        for (let at = 0; at < next.value.length; at += PIECE_BYTES) {
          if (res.destroyed) throw new Error('the page went away');
          if (!res.write(next.value.subarray(at, at + PIECE_BYTES))) await drained(res);
          await yieldTurn();
        }
      res.end();
    } catch (error) {
      // The page left (its parts still to come are dropped) or the stream failed midway.
      entry.stream.fail(error as Error);
      res.destroy();
    }
  }

  /** Lets go of every stream not fetched yet (the host is closing). */
  close(): void {
    for (const id of [...this.waiting.keys()]) this.drop(id, 'the server closed');
  }

  private drop(id: string, why: string): void {
    const entry = this.waiting.get(id);
    if (!entry) return;
    this.waiting.delete(id);
    clearTimeout(entry.timer);
    entry.stream.fail(new Error(`streamed reply dropped: ${why}`));
  }
}

/** Settles once `res` can take more, or is closed (its writes then end the loop above). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
