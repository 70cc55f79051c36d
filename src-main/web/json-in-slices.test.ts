import { PartStream } from '../services/part-stream';
import { describe, expect, it } from 'vitest';
import {
  decodedEvent,
  encodedDelta,
  encodedReply,
  encodedStream,
  ipcEvent,
  ipcReply,
} from '../services/encoded-json';
import { jsonInSlices } from './json-in-slices';

const noPause = () => Promise.resolve();

describe('jsonInSlices', () => {
  it('gives the same text as JSON.stringify, yielding between slices of long arrays', async () => {
    const n = 10_001;
    const value = {
      type: 'reply',
      id: 7,
      skipped: undefined,
      reply: {
        ok: true,
        value: {
          ids: Array.from({ length: n }, (_, i) => `n${i} "quoted" é`),
          index: Array.from({ length: n }, (_, i) => (i % 3 === 0 ? -1 : i)),
          eventIds: Array.from({ length: n }, (_, i) => [`e${i}`]),
          kinds: [{ kind: 'tool_call', seq: [1, null, 2], data: { a: { values: [undefined, 1] } } }, null],
          empty: [],
          nested: { deep: [[1, [2, { x: undefined, y: 'z' }]]] },
        },
      },
    };
    let pauses = 0;
    const bytes = await jsonInSlices(
      value,
      () => {
        pauses++;
        return Promise.resolve();
      },
      0, // pause wherever the encoder offers to
    );
    expect(Buffer.concat(bytes).toString('utf8')).toBe(JSON.stringify(value));
    expect(bytes).toHaveLength(1); // one message, one frame
    expect(pauses).toBeGreaterThanOrEqual(9); // three long arrays, three slices each
  });

  it('writes many small objects (the sessions list) natively in runs, and any object holding worker JSON or long columns part by part', async () => {
    const row = (i: number) => ({
      key: `/h/sessions/s${i}/provenance.jsonl`,
      sessionId: `s${i} "é"`,
      status: 'ready',
      skipped: undefined,
      events: i,
      verdicts: { verified: i % 3, refuted: 0 },
      models: i % 2 ? ['claude-opus-4-7'] : [],
      lastSeq: null,
    });
    const delta = { key: 'k', fromVersion: 1, version: 2, timeline: { eventId: ['a'] } };
    const withBytes = {
      type: 'session.delta',
      delta: encodedDelta({
        key: 'k',
        fromVersion: 1,
        version: 2,
        json: new TextEncoder().encode(JSON.stringify(delta)),
      }),
    };
    const columns = { kind: 'tool_call', seq: Array.from({ length: 5000 }, (_, i) => i) };
    const rows: unknown[] = Array.from({ length: 2000 }, (_, i) => row(i));
    rows.splice(700, 0, withBytes, undefined, columns, null);
    let pauses = 0;
    const bytes = await jsonInSlices(
      { type: 'reply', id: 9, reply: { ok: true, value: rows } },
      () => {
        pauses++;
        return noPause();
      },
      0,
    );
    const expected = rows.map((r) => (r === withBytes ? { type: 'session.delta', delta } : r));
    expect(Buffer.concat(bytes).toString('utf8')).toBe(
      JSON.stringify({ type: 'reply', id: 9, reply: { ok: true, value: expected } }),
    );
    // Runs of at most 256 rows, each its own slice (2,000 rows: at least 8), not one per row.
    expect(pauses).toBeGreaterThanOrEqual(8);
    expect(pauses).toBeLessThan(40);
  });

  it('does not pause in a small message without long arrays', async () => {
    let pauses = 0;
    const value = { type: 'reply', id: 1, reply: { ok: true, value: [1, 'a', { b: null }] } };
    const bytes = await jsonInSlices(
      value,
      () => {
        pauses++;
        return noPause();
      },
      0,
    );
    expect(JSON.parse(Buffer.concat(bytes).toString('utf8'))).toEqual(value);
    expect(pauses).toBe(0);
  });

  it('writes a value a worker already encoded as its bytes; the IPC host passes the bytes on', async () => {
    const snapshot = { key: 'k', timeline: { eventId: ['a', 'é'] }, n: [1, null] };
    const encodedBytes = new TextEncoder().encode(JSON.stringify(snapshot));
    const value = encodedReply<typeof snapshot>(encodedBytes);
    const message = { type: 'reply', id: 3, reply: { ok: true, value } };
    const bytes = await jsonInSlices(message, noPause, 0);
    // Three fragments of one message; the worker's bytes are sent as they are, not copied.
    expect(bytes).toHaveLength(3);
    expect(bytes[1]).toBe(encodedBytes);
    expect(JSON.parse(Buffer.concat(bytes).toString('utf8'))).toEqual({
      ...message,
      reply: { ok: true, value: snapshot },
    });
    const ipc = (await ipcReply({ ok: true, value })) as { ok: true; json: Uint8Array };
    expect(JSON.parse(new TextDecoder().decode(ipc.json))).toEqual(snapshot);
    expect(await ipcReply({ ok: true, value: [1] })).toEqual({ ok: true, value: [1] });
  });

  it('writes a pushed delta a worker encoded into its event message; the IPC host passes its bytes on', async () => {
    const delta = { key: 'k', fromVersion: 1, version: 2, timeline: { eventId: ['a'] } };
    const json = new TextEncoder().encode(JSON.stringify(delta));
    const event = {
      type: 'session.delta' as const,
      delta: encodedDelta({ key: 'k', fromVersion: 1, version: 2, json }),
    };
    expect(event.delta.key).toBe('k'); // what the host reads to know who wants it
    const parts = await jsonInSlices({ type: 'event', event }, noPause, 0);
    expect(JSON.parse(Buffer.concat(parts).toString('utf8'))).toEqual({
      type: 'event',
      event: { type: 'session.delta', delta },
    });
    expect(ipcEvent(event)).toEqual({ type: 'session.delta', json });
    expect(decodedEvent(event)).toEqual({ type: 'session.delta', delta });
  });

  it('the IPC host sends a streamed value as its parts joined, and a failed one as an error reply', async () => {
    const ok = new PartStream();
    ok.push(Buffer.from('{"k":'));
    ok.push(Buffer.from('"é"}'));
    ok.end();
    const sent = (await ipcReply({ ok: true, value: encodedStream(ok) })) as { ok: true; json: Uint8Array };
    expect(JSON.parse(new TextDecoder().decode(sent.json))).toEqual({ k: 'é' });
    const refused = new PartStream();
    refused.fail(new Error('too big to send'));
    expect(await ipcReply({ ok: true, value: encodedStream(refused) })).toEqual({
      ok: false,
      error: { code: 'internal', message: 'too big to send' },
    });
  });
});
