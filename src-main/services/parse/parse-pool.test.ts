import { afterEach, describe, expect, it } from 'vitest';
import { ParsePool } from './parse-pool';

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

let pool: ParsePool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('ParsePool', () => {
  it('sends the chunks of many files given in one turn as one message per worker, each answered on its own', async () => {
    pool = new ParsePool({ size: 1 });
    const files = Array.from({ length: 30 }, (_, i) => `/logs/${i}/provenance.jsonl`);
    // One turn: a whole line and the first half of the next for every file.
    const first = files.map((fileKey, i) => {
      const text = line(1, `f${i}`) + line(2, `f${i}`).slice(0, 20);
      return pool!.parse({ fileKey, bytes: enc.encode(text), fromOffset: 0, reset: true });
    });
    const firstResults = await Promise.all(first);
    expect(pool.batchesSent).toBe(1);
    firstResults.forEach((r, i) => {
      expect(r.fileKey).toBe(files[i]);
      expect(r.lines).toBe(1);
      expect(r.records).toHaveLength(1);
      expect(r.committedOffset).toBe(enc.encode(line(1, `f${i}`)).length);
    });
    // Next turn: the rest of each file's second line — each file kept its own partial line.
    const second = files.map((fileKey, i) => {
      const whole = line(1, `f${i}`) + line(2, `f${i}`);
      const from = enc.encode(line(1, `f${i}`) + line(2, `f${i}`).slice(0, 20)).length;
      return pool!.parse({
        fileKey,
        bytes: enc.encode(whole).subarray(from),
        fromOffset: from,
        reset: false,
      });
    });
    const secondResults = await Promise.all(second);
    expect(pool.batchesSent).toBe(2);
    secondResults.forEach((r, i) => {
      expect(r.records).toHaveLength(1);
      const record = r.records[0]!;
      expect(record.type).toBe('event');
      if (record.type === 'event') expect(record.eventId).toBe(`f${i}-2`);
    });
  });
});
