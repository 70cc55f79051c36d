import { describe, expect, it } from 'vitest';
import { SessionLog } from './session-log';

const enc = new TextEncoder();

function ev(fields: Record<string, unknown>): string {
  return JSON.stringify({ schema_version: '2', session_id: 's', ts: '2026-01-01T00:00:00+00:00', ...fields });
}

function read(text: string | Uint8Array): SessionLog {
  const log = new SessionLog();
  log.push(typeof text === 'string' ? enc.encode(text) : text);
  log.end();
  return log;
}

describe('SessionLog reading rules', () => {
  it('keeps a non-object line as a parse error with its line and byte offset', () => {
    const a = ev({ event_id: 'a', event_kind: 'tool_call', seq: 1 });
    const log = read(`${a}\n[1,2]\nnot json\n"str"\n`);
    expect(log.events.size).toBe(1);
    expect(log.parseErrors.map((p) => [p.lineNo, p.byteOffset])).toEqual([
      [2, a.length + 1],
      [3, a.length + 7],
      [4, a.length + 16],
    ]);
    expect(log.parseErrors[0]!.message).toMatch(/not a JSON object/);
  });

  it('recovers a complete event glued after a torn fragment', () => {
    const torn = '{"schema_version": "2", "event_id": "t", "event_ki';
    const whole = ev({ event_id: 'b', event_kind: 'tool_result', seq: 2 });
    const log = read(`${torn}${whole}\n`);
    expect([...log.events.keys()]).toEqual(['b']);
    expect(log.parseErrors).toHaveLength(1);
    expect(log.parseErrors[0]!.message).toMatch(/torn fragment/);
    expect(log.events.get('b')!.event.byteOffset).toBe(torn.length);
  });

  it('keeps a torn line whose tail does not parse as one parse error', () => {
    const log = read('xx{"schema_version": "2", "event_id": "t"\n');
    expect(log.parseErrors).toHaveLength(1);
    expect(log.events.size).toBe(0);
  });

  it('separates invalid objects, unsupported versions and duplicates from events', () => {
    const log = read(
      [
        JSON.stringify({ event_id: 'x' }),
        JSON.stringify({ schema_version: '3', event_id: 'u1', event_kind: 'tool_call' }),
        JSON.stringify({ schema_version: 2, event_id: 'u2', event_kind: 'tool_call' }),
        JSON.stringify({ event_id: 'u3', event_kind: 'tool_call' }),
        ev({ event_id: 'a', event_kind: 'tool_call', seq: 1, tool_name: 'first' }),
        ev({ event_id: 'a', event_kind: 'tool_call', seq: 2, tool_name: 'second' }),
        ev({ event_id: 'k', event_kind: 'brand_new_kind', seq: 3 }),
      ].join('\n'),
    );
    expect(log.invalid).toHaveLength(1);
    expect(log.unsupported.map((u) => u.eventId)).toEqual(['u1', 'u2', 'u3']);
    expect(log.duplicates.map((d) => [d.eventId, d.lineNo, d.firstLineNo])).toEqual([['a', 6, 5]]);
    expect(log.events.get('a')!.body['tool_name']).toBe('first');
    expect(log.events.get('k')!.event.kind).toBe('brand_new_kind');
  });

  it('orders by seq with ties by file position and flags repeated seq', () => {
    const log = read(
      [
        ev({ event_id: 'c', event_kind: 'k', seq: 3 }),
        ev({ event_id: 'n', event_kind: 'k' }),
        ev({ event_id: 'a', event_kind: 'k', seq: 1 }),
        ev({ event_id: 'b1', event_kind: 'k', seq: 2 }),
        ev({ event_id: 'b2', event_kind: 'k', seq: 2 }),
      ].join('\n'),
    );
    expect(log.ordered().map((v) => v.event.eventId)).toEqual(['a', 'b1', 'b2', 'c', 'n']);
    expect(log.seqRepeats.map((e) => e.eventId)).toEqual(['b2']);
  });

  it('flags repeated seqs of every kind: small, huge, negative, fractional, and across bitmap growth', () => {
    // Seqs kept in a bitmap (small integers) and in a set (anything else, or beyond the bitmap's
    // reach when it was seen): a repeat is found wherever the first one went.
    const seqs = [5, 3e9, -2, 0.5, 1 << 20, 100_000, 0];
    const lines = seqs.map((seq, i) => ev({ event_id: `a${i}`, event_kind: 'k', seq }));
    for (let i = 0; i < 70_000; i++) lines.push(ev({ event_id: `f${i}`, event_kind: 'k', seq: 200_000 + i }));
    seqs.forEach((seq, i) => lines.push(ev({ event_id: `r${i}`, event_kind: 'k', seq })));
    lines.push(ev({ event_id: 'new', event_kind: 'k', seq: 150_000 }));
    const log = read(lines.join('\n'));
    expect(log.seqRepeats.map((e) => e.eventId)).toEqual(seqs.map((_, i) => `r${i}`));
  });

  it('applies corrections last, in seq order, keeping the original; a missing target is dangling', () => {
    const log = read(
      [
        ev({
          event_id: 'c2',
          event_kind: 'correction',
          seq: 9,
          corrects_event_id: 'j',
          replacement: { status: 'failed' },
        }),
        ev({
          event_id: 'c1',
          event_kind: 'correction',
          seq: 5,
          corrects_event_id: 'j',
          replacement: { status: 'running', x: 1 },
        }),
        ev({
          event_id: 'j',
          event_kind: 'compute_job_status_changed',
          seq: 2,
          job_id: 'J',
          status: 'pending',
        }),
        ev({ event_id: 'd', event_kind: 'correction', seq: 10, corrects_event_id: 'nope', replacement: {} }),
      ].join('\n'),
    );
    const view = log.events.get('j')!;
    expect(view.body['status']).toBe('failed');
    expect(view.body['x']).toBe(1);
    // One object per event: the body as read is kept by the log, once a correction changed it.
    expect(view.event).toBe(view);
    expect(log.rawBody(view)['status']).toBe('pending');
    expect(view.corrections.map((c) => [c.correctionId, c.before['status'], c.after['status']])).toEqual([
      ['c1', 'pending', 'running'],
      ['c2', 'running', 'failed'],
    ]);
    expect(log.appliedCorrectionCount()).toBe(2);
    expect(log.danglingCorrections().map((c) => c.eventId)).toEqual(['d']);
  });

  it('gives one event corrected many times, newest last or not, the view of all of them in seq order', () => {
    const target = ev({ event_id: 't', event_kind: 'artifact_produced', seq: 1, path: '/a', size_bytes: 0 });
    const corrections = Array.from({ length: 300 }, (_, i) =>
      ev({
        event_id: `c${i}`,
        event_kind: 'correction',
        seq: 10 + i,
        corrects_event_id: 't',
        reason: `r${i}`,
        replacement: { size_bytes: i + 1, ...(i % 7 === 0 ? { [`f${i}`]: i } : {}) },
      }),
    );
    // Line by line as a live log is read: in seq order (each applied on top of the others), then
    // with every tenth written late (sorted in among them), then with the target after them all.
    const inOrder = [target, ...corrections];
    const late = [
      target,
      ...corrections.filter((_, i) => i % 10),
      ...corrections.filter((_, i) => !(i % 10)),
    ];
    const targetLast = [...corrections, target];
    const views = [inOrder, late, targetLast].map((lines) => {
      const log = new SessionLog();
      for (const line of lines) log.push(enc.encode(`${line}\n`));
      log.end();
      const view = log.events.get('t')!;
      expect(log.rawBody(view)['size_bytes']).toBe(0);
      return { body: view.body, corrections: view.corrections };
    });
    expect(views[0]!.body['size_bytes']).toBe(300);
    expect(views[0]!.body['f294']).toBe(294);
    expect(views[0]!.corrections).toHaveLength(300);
    expect(views[0]!.corrections[5]).toMatchObject({ correctionId: 'c5', reason: 'r5', seq: 15 });
    expect(views[0]!.corrections[5]!.before).toEqual({ size_bytes: 5 });
    expect(views[1]).toEqual(views[0]);
    expect(views[2]).toEqual(views[0]);
  });

  it('applies a correction as it was written, even when another correction changes it', () => {
    const log = read(
      [
        ev({
          event_id: 't',
          event_kind: 'compute_job_status_changed',
          seq: 1,
          job_id: 'J',
          status: 'pending',
        }),
        ev({
          event_id: 'c1',
          event_kind: 'correction',
          seq: 2,
          corrects_event_id: 't',
          replacement: { status: 'x' },
          reason: 'r1',
        }),
        // Corrects the correction: c1's view changes, not what c1 does to t.
        ev({
          event_id: 'c2',
          event_kind: 'correction',
          seq: 3,
          corrects_event_id: 'c1',
          replacement: { replacement: { status: 'y' }, reason: 'r2' },
        }),
      ].join('\n'),
    );
    const t = log.events.get('t')!;
    expect(t.body['status']).toBe('x');
    expect(t.corrections.map((c) => [c.correctionId, c.reason])).toEqual([['c1', 'r1']]);
    const c1 = log.events.get('c1')!;
    expect(c1.body['reason']).toBe('r2');
    expect(log.rawBody(c1)['reason']).toBe('r1');
    // Events nothing corrects: no corrections, and their body is the one read.
    const other = read(ev({ event_id: 'a', event_kind: 'k', seq: 1, status: 's' })).events.get('a')!;
    expect(other.corrections).toEqual([]);
    expect(other.body['status']).toBe('s');
  });

  it('never loses a valid event around binary garbage, NUL bytes and invalid UTF-8', () => {
    const a = enc.encode(ev({ event_id: 'a', event_kind: 'k', seq: 1 }) + '\n');
    const garbage = new Uint8Array([0xff, 0xfe, 0x00, 0x01, 0xc3, 0x28, 0x0a, 0x00, 0x00, 0x0a]);
    const b = enc.encode(ev({ event_id: 'b', event_kind: 'k', seq: 2, note: 'ok' }));
    const bytes = new Uint8Array([...a, ...garbage, ...b]);
    const log = read(bytes);
    expect([...log.events.keys()].sort()).toEqual(['a', 'b']);
    expect(log.parseErrors).toHaveLength(2);
  });

  it('while tailing, waits for the newline of the last line', () => {
    const log = new SessionLog();
    const line = ev({ event_id: 'a', event_kind: 'k', seq: 1 });
    const d1 = log.push(enc.encode(line.slice(0, 20)));
    expect(d1.added).toEqual([]);
    const d2 = log.push(enc.encode(`${line.slice(20)}\n`));
    expect(d2.added.map((v) => v.event.eventId)).toEqual(['a']);
  });
});
