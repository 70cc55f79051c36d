// The page's side of a streamed reply (ws-protocol.ts, `reply-stream`) against a real HTTP server
// answering as serve's reply-streams.ts does: Node's fetch, streams and TextDecoder are the
// browser's APIs.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchReply } from './fetch-reply';

let server: Server;
let origin: string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each path's answer. */
const answers: Record<string, (res: ServerResponse) => Promise<void>> = {
  // Parts written apart in time, a character split between two of them.
  '/reply/ok': async (res) => {
    const e = Buffer.from('“é”');
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.write(Buffer.concat([Buffer.from('{"k":"'), e.subarray(0, 4)]));
    await sleep(20);
    res.end(Buffer.concat([e.subarray(4), Buffer.from('","n":[1,2]}')]));
  },
  '/reply/refused': async (res) => {
    res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ ok: false, error: { code: 'internal', message: 'session s is too big' } }));
  },
  '/reply/cut': async (res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.write('{"k":');
    await sleep(30);
    res.destroy();
  },
  '/reply/short': async (res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end('{"k":');
  },
};

beforeEach(async () => {
  server = createServer((req, res) => {
    const answer = answers[req.url!];
    if (answer) return void answer(res);
    res.writeHead(404).end('no such reply (each is fetched once)');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('fetchReply', () => {
  it('is the value of the JSON written in parts', async () => {
    expect(await fetchReply(`${origin}/reply/ok`)).toEqual({ ok: true, value: { k: '“é”', n: [1, 2] } });
  });

  it("is serve's error reply when it refused (500)", async () => {
    expect(await fetchReply(`${origin}/reply/refused`)).toEqual({
      ok: false,
      error: { code: 'internal', message: 'session s is too big' },
    });
  });

  it('is a failed call, saying why, when the body is cut off, incomplete, or not there', async () => {
    const failure = async (url: string) => {
      const reply = await fetchReply(url);
      expect(reply.ok).toBe(false);
      return (reply as { error: { message: string } }).error.message;
    };
    expect(await failure(`${origin}/reply/cut`)).toMatch(/^the reply was cut off/);
    expect(await failure(`${origin}/reply/short`)).toBe('the reply was not complete JSON');
    expect(await failure(`${origin}/reply/taken`)).toBe('the reply could not be fetched (HTTP 404)');
    expect(await failure('http://127.0.0.1:1/reply/x')).toMatch(/^could not fetch the reply/);
  });
});
