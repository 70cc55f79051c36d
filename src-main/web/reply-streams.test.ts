// A real HTTP server on 127.0.0.1:0 serving real part streams, fetched with Node's fetch.
import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PartStream } from '../services/part-stream';
import { ReplyStreams } from './reply-streams';

let server: Server;
let streams: ReplyStreams;
let origin: string;
const UNCLAIMED_MS = 300;

beforeEach(async () => {
  streams = new ReplyStreams(UNCLAIMED_MS);
  server = createServer((req, res) => void streams.serve(new URL(req.url!, 'http://x').pathname, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterEach(async () => {
  streams.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('streamed replies fetched over HTTP', () => {
  it('sends the parts as they are written, as one JSON body, once', async () => {
    const stream = new PartStream();
    const path = streams.add(stream);
    expect(ReplyStreams.owns(path)).toBe(true);
    stream.push(Buffer.from('{"k":"'));
    const response = await fetch(origin + path);
    expect(response.status).toBe(200);
    // The first part is there before the rest is written (a character split across two parts).
    const reader = response.body!.getReader();
    expect(Buffer.from((await reader.read()).value!).toString()).toBe('{"k":"');
    const long = 'x'.repeat(600_000); // more than one piece of the response
    const e = Buffer.from('é');
    stream.push(Buffer.concat([Buffer.from(long), e.subarray(0, 1)]));
    stream.push(Buffer.concat([e.subarray(1), Buffer.from('"}')]));
    stream.end();
    const rest: Uint8Array[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest.push(r.value);
    expect(JSON.parse('{"k":"' + Buffer.concat(rest).toString('utf8'))).toEqual({ k: long + 'é' });
    expect((await fetch(origin + path)).status).toBe(404);
  });

  it('answers a stream that failed before its first part with its error reply (500)', async () => {
    const stream = new PartStream();
    const path = streams.add(stream);
    stream.fail(new Error('session s is too big to send in one snapshot'));
    const response = await fetch(origin + path);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      ok: false,
      error: { code: 'internal', message: 'session s is too big to send in one snapshot' },
    });
  });

  it('cuts the body off when the stream fails midway (the reader sees an error, not a short JSON)', async () => {
    const stream = new PartStream();
    const path = streams.add(stream);
    stream.push(Buffer.from('{"k":'));
    const response = await fetch(origin + path);
    expect(response.status).toBe(200);
    const body = response.text();
    await sleep(50);
    stream.fail(new Error('worker died'));
    await expect(body).rejects.toThrow();
  });

  it('lets go of a stream nobody fetches (its parts dropped), and of one whose page went away', async () => {
    const unclaimed = new PartStream();
    const path = streams.add(unclaimed);
    await sleep(UNCLAIMED_MS + 100);
    await expect(unclaimed.finished).rejects.toThrow('nobody fetched it');
    expect((await fetch(origin + path)).status).toBe(404);

    const left = new PartStream();
    const leftPath = streams.add(left);
    left.push(Buffer.from('{"k":'));
    const controller = new AbortController();
    const response = await fetch(origin + leftPath, { signal: controller.signal });
    await response.body!.getReader().read();
    controller.abort();
    // The next part finds the response gone: the stream is failed, so later parts are not held.
    await sleep(50);
    left.push(Buffer.alloc(1_000_000, 0x20));
    await expect(left.finished).rejects.toThrow('the page went away');
  });
});
