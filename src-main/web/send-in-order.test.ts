// A real WebSocket server and client on 127.0.0.1: what the page receives is what was sent.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { PIECE_BYTES, sendInOrder, type OrderedClient } from './send-in-order';

let server: WebSocketServer | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

async function connected(): Promise<{
  client: OrderedClient;
  received: string[];
  /** Each message's frame: text (sent whole) or binary (a big one's UTF-8, sent in pieces). */
  frames: ('text' | 'binary')[];
  page: WebSocket;
}> {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server!.once('listening', resolve));
  const port = (server.address() as { port: number }).port;
  const accepted = new Promise<WebSocket>((resolve) => server!.once('connection', resolve));
  const page = new WebSocket(`ws://127.0.0.1:${port}`);
  const received: string[] = [];
  const frames: ('text' | 'binary')[] = [];
  page.on('message', (data, isBinary) => {
    received.push(String(data));
    frames.push(isBinary ? 'binary' : 'text');
  });
  await new Promise((resolve) => page.once('open', resolve));
  return { client: { socket: await accepted, pending: 0, tail: Promise.resolve() }, received, frames, page };
}

describe('sendInOrder', () => {
  it('sends a big message in pieces, one a turn, arriving whole (a binary frame) and in order with the messages around it', async () => {
    const { client, received, frames, page } = await connected();
    // ~1.5 MB of text whose multi-byte characters fall across piece boundaries.
    const big = JSON.stringify({ rows: 'é€😀x'.repeat(Math.ceil((6 * PIECE_BYTES) / 10)) });
    let turns = 0;
    const count = () => {
      turns++;
      if (client.pending > 0) setImmediate(count);
    };
    sendInOrder(client, JSON.stringify({ n: 1 }));
    sendInOrder(client, Promise.resolve([Buffer.from(big)]));
    setImmediate(count);
    sendInOrder(client, JSON.stringify({ n: 3 })); // queued behind the big one
    for (let i = 0; i < 200 && received.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    expect(received).toHaveLength(3);
    expect(received[0]).toBe('{"n":1}');
    expect(received[1]).toBe(big);
    expect(received[2]).toBe('{"n":3}');
    expect(frames).toEqual(['text', 'binary', 'text']);
    expect(turns).toBeGreaterThan(Math.floor(Buffer.byteLength(big) / PIECE_BYTES) - 1); // the loop ran between pieces
    page.close();
  });

  it('sends a message given in parts as one message, the parts joined, without copying them first', async () => {
    const { client, received, frames, page } = await connected();
    const body = Buffer.from(JSON.stringify({ rows: 'é€😀x'.repeat(PIECE_BYTES / 5) }));
    // A part boundary inside a multi-byte character, as a piece boundary may be.
    const cut = body.indexOf(Buffer.from('€')) + 1;
    const parts = [Buffer.from('{"a":'), body.subarray(0, cut), body.subarray(cut), Buffer.from('}')];
    sendInOrder(client, JSON.stringify({ n: 1 }));
    sendInOrder(client, parts);
    sendInOrder(client, JSON.stringify({ n: 3 }));
    for (let i = 0; i < 200 && received.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    expect(received).toEqual(['{"n":1}', `{"a":${body.toString()}}`, '{"n":3}']);
    expect(frames).toEqual(['text', 'binary', 'text']);
    page.close();
  });

  it('writes a big message a piece at a time: pieces the page has not taken wait unwritten, not in the socket', async () => {
    const { client, received, page } = await connected();
    // The page stops reading (as a page busy parsing does): the kernel's buffers fill up.
    const raw = (page as unknown as { _socket: import('node:net').Socket })._socket;
    raw.pause();
    const big = Buffer.alloc(24 * 1024 * 1024, 'x');
    sendInOrder(client, [big]);
    let most = 0;
    const until = Date.now() + 400;
    while (Date.now() < until) {
      most = Math.max(most, client.socket.bufferedAmount);
      await new Promise((r) => setImmediate(r));
    }
    // Unwritten in the socket: at most a piece and its frame header (all of it, were the pieces
    // handed over regardless — written later in one long call that holds the event loop).
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(PIECE_BYTES + 16);
    raw.resume();
    for (let i = 0; i < 300 && received.length < 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(received).toHaveLength(1);
    expect(received[0]!.length).toBe(big.length);
    page.close();
  });

  it('sends parts that come one by one as one message, what is queued behind it after it', async () => {
    const { client, received, page } = await connected();
    let release!: () => void;
    const later = new Promise<void>((resolve) => (release = resolve));
    const body = 'é€😀x'.repeat(PIECE_BYTES / 4);
    async function* parts() {
      yield Buffer.from('{"a":"');
      await later; // the rest is still being written
      yield Buffer.from(body);
      yield Buffer.from('"}');
    }
    sendInOrder(client, parts());
    sendInOrder(client, JSON.stringify({ n: 2 }));
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual([]); // the message is open: nothing overtakes it
    release();
    for (let i = 0; i < 200 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(received).toEqual([JSON.stringify({ a: body }), '{"n":2}']);
    page.close();
  });

  it('closes the socket when parts fail midway (the message cannot be finished)', async () => {
    const { client, page } = await connected();
    const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
    async function* parts() {
      yield Buffer.from('{"a":');
      throw new Error('the worker died');
    }
    sendInOrder(client, parts());
    await closed;
    expect(page.readyState).toBe(page.CLOSED);
  });
});
