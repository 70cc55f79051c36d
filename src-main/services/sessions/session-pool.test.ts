// Real worker threads (needs `npm run build`: out/main/session-worker.js).
import { decodeSnapshotJson } from './decode-snapshot';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionPool } from './session-pool';

const enc = new TextEncoder();
const line = (seq: number, id: string) =>
  JSON.stringify({
    schema_version: '1',
    event_id: `${id}-${seq}`,
    seq,
    ts: '2026-01-01T00:00:00Z',
    event_kind: 'note',
    actor: 'agent',
  }) + '\n';

let pool: SessionPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('SessionPool', () => {
  it('sends the chunks of many logs given in one turn as one message per worker, each log keeping its own partial line and session', async () => {
    pool = new SessionPool({ size: 1 });
    const files = Array.from({ length: 30 }, (_, i) => `/logs/${i}/provenance.jsonl`);
    // One turn: a whole line and the first half of the next for every file.
    const first = files.map((fileKey, i) => {
      const text = line(1, `f${i}`) + line(2, `f${i}`).slice(0, 20);
      return pool!.call(fileKey, `s${i}`, {
        op: 'read',
        bytes: enc.encode(text),
        fromOffset: 0,
        reset: true,
        fileBytes: text.length,
      });
    });
    const firstResults = await Promise.all(first);
    expect(pool.batchesSent).toBe(1);
    firstResults.forEach((r, i) => {
      expect(r.item.key).toBe(files[i]);
      expect(r.item.sessionId).toBe(`s${i}`);
      expect(r.item.events).toBe(1);
      expect(r.committedOffset).toBe(enc.encode(line(1, `f${i}`)).length);
    });
    // Next turn: the rest of each file's second line — each file kept its own partial line.
    const second = files.map((fileKey, i) => {
      const whole = line(1, `f${i}`) + line(2, `f${i}`);
      const from = enc.encode(line(1, `f${i}`) + line(2, `f${i}`).slice(0, 20)).length;
      return pool!.call(fileKey, `s${i}`, {
        op: 'read',
        bytes: enc.encode(whole).subarray(from),
        fromOffset: from,
        reset: false,
        fileBytes: whole.length,
      });
    });
    const secondResults = await Promise.all(second);
    expect(pool.batchesSent).toBe(2);
    secondResults.forEach((r) => expect(r.item.events).toBe(2));
  });

  it("sends a big snapshot's JSON ahead of its answer, a part at a time as it is written", async () => {
    pool = new SessionPool({ size: 1 });
    const key = '/logs/big/provenance.jsonl';
    // ~50k rows with long event ids: a snapshot of more than one 8 MB part.
    const id = 'x'.repeat(200);
    const lines: string[] = [];
    for (let seq = 1; seq <= 50_000; seq++) lines.push(line(seq, id));
    const bytes = enc.encode(lines.join(''));
    await pool.call(key, 'big', {
      op: 'read',
      bytes,
      fromOffset: 0,
      reset: true,
      final: true,
      fileBytes: bytes.length,
    });
    const ahead: Uint8Array[] = [];
    let answered = false;
    const result = await pool.call(key, 'big', { op: 'snapshot', version: 0 }, (part) => {
      expect(answered).toBe(false); // parts come before the answer
      ahead.push(part);
    });
    answered = true;
    expect(ahead.length).toBeGreaterThan(0);
    expect(ahead[0]!.length).toBeGreaterThan(8 * 1024 * 1024 - 4);
    const { timeline } = decodeSnapshotJson([...ahead, ...result.json]);
    expect(timeline.length).toBe(50_000);
    expect(timeline.eventId.at(-1)).toBe(`${id}-50000`);
  });

  it("answers a log's ops in the order given: a snapshot asked right after a read has the read's events", async () => {
    pool = new SessionPool({ size: 2 });
    const key = '/logs/a/provenance.jsonl';
    const text = line(1, 'a') + line(2, 'a') + line(3, 'a');
    const read = pool.call(key, 'a', {
      op: 'read',
      bytes: enc.encode(text),
      fromOffset: 0,
      reset: true,
      fileBytes: text.length,
    });
    const snapshot = pool.call(key, 'a', { op: 'snapshot', version: 0 });
    const located = pool.call(key, 'a', { op: 'locate', eventId: 'a-2' });
    const lineNo = pool.call(key, 'a', { op: 'line-no', byteOffset: line(1, 'a').length });
    expect((await read).item.events).toBe(3);
    // The snapshot comes back as JSON bytes, transferred (the worker keeps no copy of them).
    const { json } = await snapshot;
    expect(decodeSnapshotJson(json).timeline.length).toBe(3);
    expect((await located)?.event).toMatchObject({
      eventId: 'a-2',
      lineNo: 2,
      byteOffset: line(1, 'a').length,
    });
    expect(await lineNo).toBe(2);
    // Forgotten: the next op starts a new, empty session.
    await pool.call(key, 'a', { op: 'forget' });
    expect((await pool.call(key, 'a', { op: 'take' })).item.events).toBe(0);
  });

  it('keeps one batch out per worker: jobs given in later turns while it works go together as the next one', async () => {
    pool = new SessionPool({ size: 1 });
    // A first read big enough to keep the worker busy for a while (~20k events).
    let text = '';
    for (let seq = 1; seq <= 20_000; seq++) text += line(seq, 'big');
    const big = pool.call('/logs/big/provenance.jsonl', 'big', {
      op: 'read',
      bytes: enc.encode(text),
      fromOffset: 0,
      reset: true,
      fileBytes: text.length,
    });
    // Ten small appends, each in a turn of its own (as appends to ten logs arrive).
    const small = [];
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setImmediate(r));
      const one = line(1, `s${i}`);
      small.push(
        pool.call(`/logs/s${i}/provenance.jsonl`, `s${i}`, {
          op: 'read',
          bytes: enc.encode(one),
          fromOffset: 0,
          reset: true,
          fileBytes: one.length,
        }),
      );
    }
    expect((await big).item.events).toBe(20_000);
    for (const r of await Promise.all(small)) expect(r.item.events).toBe(1);
    expect(pool.batchesSent).toBe(2);
  });

  it('reuses the buffers of big reads the worker sends back, each read still read whole, and lets them go when reads stop', async () => {
    pool = new SessionPool({ size: 1 });
    const key = '/logs/r/provenance.jsonl';
    const chunk = (from: number) => {
      let text = '';
      for (let seq = from; seq < from + 2000; seq++) text += line(seq, 'r');
      return enc.encode(text);
    };
    let offset = 0;
    for (let round = 0; round < 3; round++) {
      const bytes = chunk(round * 2000 + 1);
      const result = await pool.call(key, 'r', {
        op: 'read',
        bytes,
        fromOffset: offset,
        reset: offset === 0,
        fileBytes: offset + bytes.length,
      });
      offset += bytes.length;
      expect(bytes.byteLength).toBeGreaterThan(64 * 1024); // a big read: its copy is recycled
      expect(result.item.events).toBe((round + 1) * 2000);
      expect(pool.spareBuffers).toBe(1); // the one buffer, back after each read
    }
    const { json } = await pool.call(key, 'r', { op: 'snapshot', version: 0 });
    const { timeline } = decodeSnapshotJson(json);
    expect(timeline.eventId.slice(-2)).toEqual(['r-5999', 'r-6000']);
    // Quiet for a while: the spare buffer is let go (its memory given back).
    await new Promise((r) => setTimeout(r, 2200));
    expect(pool.spareBuffers).toBe(0);
  });

  it('starts a worker only when it is first given a job, and reports its own heap', async () => {
    pool = new SessionPool({ size: 1 });
    expect(await pool.memory()).toEqual([{ heapUsed: 0, external: 0, arrayBuffers: 0, newSpace: 0 }]);
    await pool.call('/logs/m/provenance.jsonl', 'm', { op: 'take' });
    const [usage] = await pool.memory();
    expect(usage!.heapUsed).toBeGreaterThan(0);
  });

  it('gives the young generation back once quiet after a big read (young-generation-release.ts)', async () => {
    pool = new SessionPool({ size: 1 });
    const key = '/logs/young/provenance.jsonl';
    // ~100k events read in 4 MiB chunks, as a first read is: the new space grows to its most.
    const lines: string[] = [];
    for (let seq = 1; seq <= 100_000; seq++) lines.push(line(seq, 'y'.repeat(60)));
    const bytes = enc.encode(lines.join(''));
    const chunk = 4 * 1024 * 1024;
    for (let from = 0; from < bytes.length; from += chunk) {
      const part = bytes.subarray(from, Math.min(bytes.length, from + chunk));
      await pool.call(key, 'young', {
        op: 'read',
        bytes: part,
        fromOffset: from,
        reset: from === 0,
        final: from + part.length === bytes.length,
        fileBytes: bytes.length,
      });
    }
    await pool.call(key, 'young', { op: 'ready' });
    const [grown] = await pool.memory();
    expect(grown!.newSpace).toBeGreaterThan(16 * 1024 * 1024);
    // V8 shrinks it at a collection once the last ~5 s allocated little: ~6–7 s of quiet.
    let shrunk = grown!.newSpace;
    const until = Date.now() + 20_000;
    while (Date.now() < until && shrunk > 8 * 1024 * 1024) {
      await new Promise((r) => setTimeout(r, 500));
      shrunk = (await pool.memory())[0]!.newSpace;
    }
    expect(shrunk).toBeLessThanOrEqual(8 * 1024 * 1024);
    // The session is still there, whole.
    expect((await pool.call(key, 'young', { op: 'take' })).item.events).toBe(100_000);
  }, 40_000);

  it('stops a worker once its last session is forgotten and it stays idle, and starts one again for the next log', async () => {
    pool = new SessionPool({ size: 1, retireIdleMs: 100 });
    const key = '/logs/r/provenance.jsonl';
    const text = line(1, 'r') + line(2, 'r');
    await pool.call(key, 'r', {
      op: 'read',
      bytes: enc.encode(text),
      fromOffset: 0,
      reset: true,
      fileBytes: text.length,
    });
    // Holding a session: kept however long it is idle.
    await new Promise((r) => setTimeout(r, 300));
    expect((await pool.memory())[0]!.heapUsed).toBeGreaterThan(0);
    await pool.call(key, 'r', { op: 'forget' });
    await new Promise((r) => setTimeout(r, 300));
    // Stopped: no worker answers for the slot.
    expect(await pool.memory()).toEqual([{ heapUsed: 0, external: 0, arrayBuffers: 0, newSpace: 0 }]);
    // The next log starts a new worker, with nothing of the old one's.
    const again = await pool.call(key, 'r', {
      op: 'read',
      bytes: enc.encode(text),
      fromOffset: 0,
      reset: true,
      fileBytes: text.length,
    });
    expect(again.item.events).toBe(2);
    expect((await pool.memory())[0]!.heapUsed).toBeGreaterThan(0);
  });
});
