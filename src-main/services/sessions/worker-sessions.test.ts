import { decodeSnapshotJson } from './decode-snapshot';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LOADING_DELTA_ROWS, LOADING_FLUSH_MS, WorkerSessions } from './worker-sessions';
import type { DeltaJson, SessionJob, SessionOp } from './session-worker-protocol';
import { decodeNodes } from '../../../src-shared/bridge/graph-columns';

const enc = new TextEncoder();
const line = (seq: number) =>
  JSON.stringify({
    schema_version: '2',
    event_id: `e-${seq}`,
    seq,
    ts: '2026-01-01T00:00:00Z',
    event_kind: 'note',
  }) + '\n';

function harness() {
  let now = 1_000_000;
  const sessions = new WorkerSessions(() => now);
  let id = 0;
  let offset = 0;
  const job = (op: SessionOp): SessionJob => ({
    id: ++id,
    fileKey: '/h/sessions/s/provenance.jsonl',
    sessionId: 's',
    op,
  });
  // A delta comes back as its JSON (for the main thread to pass on): read it as the page will.
  const withDecodedDelta = (result: unknown) => {
    const r = result as { delta?: DeltaJson | null };
    return (r?.delta ? { ...r, delta: JSON.parse(new TextDecoder().decode(r.delta.json)) } : r) as never;
  };
  return {
    sessions,
    advance: (ms: number) => (now += ms),
    handle: (op: SessionOp) => withDecodedDelta(sessions.handle(job(op))),
    read(from: number, to: number) {
      let text = '';
      for (let seq = from; seq < to; seq++) text += line(seq);
      const bytes = enc.encode(text);
      const result = withDecodedDelta(
        sessions.handle(
          job({
            op: 'read',
            bytes,
            fromOffset: offset,
            reset: offset === 0,
            fileBytes: offset + bytes.length,
          }),
        ),
      ) as { delta: { timeline: { length: number } } | null; held: boolean; item: { events: number } };
      offset += bytes.length;
      return result;
    },
  };
}

describe('WorkerSessions', () => {
  it('gathers no delta before a snapshot; while first read, holds deltas until enough events or time; once ready, a delta per read', () => {
    const h = harness();
    expect(h.read(1, 11)).toMatchObject({ delta: null, held: false, item: { events: 10 } });
    h.handle({ op: 'snapshot', version: 0 });
    // Followed, still loading: a small delta waits…
    expect(h.read(11, 21)).toMatchObject({ delta: null, held: true });
    // …until the events pile up…
    const big = h.read(21, 21 + LOADING_DELTA_ROWS);
    expect(big.held).toBe(false);
    expect(big.delta!.timeline.length).toBe(10 + LOADING_DELTA_ROWS);
    // …or time passes.
    expect(h.read(3000, 3005)).toMatchObject({ delta: null, held: true });
    h.advance(LOADING_FLUSH_MS);
    expect(h.read(3005, 3006).delta!.timeline.length).toBe(6);
    // Ready: what is pending goes with the answer, and every later read has its delta.
    h.read(4000, 4002);
    expect(h.handle({ op: 'ready' })).toMatchObject({ held: false, delta: { summary: { status: 'ready' } } });
    expect(h.read(5000, 5001).delta!.timeline.length).toBe(1);
  });

  it('locates an event and its corrections by byte position', () => {
    const h = harness();
    const correction =
      JSON.stringify({
        schema_version: '2',
        event_id: 'c-1',
        seq: 3,
        event_kind: 'correction',
        corrects_event_id: 'e-1',
        reason: 'typo',
        replacement: { actor: 'fixed' },
      }) + '\n';
    const text = line(1) + line(2) + correction;
    h.handle({ op: 'read', bytes: enc.encode(text), fromOffset: 0, reset: true, fileBytes: text.length });
    const located = h.handle({ op: 'locate', eventId: 'e-1' }) as {
      event: { lineNo: number };
      corrections: { correctionId: string; fields: string[]; at: { lineNo: number; byteOffset: number } }[];
    };
    expect(located.event.lineNo).toBe(1);
    expect(located.corrections).toEqual([
      {
        correctionId: 'c-1',
        reason: 'typo',
        fields: ['actor'],
        at: { lineNo: 3, byteOffset: line(1).length + line(2).length, byteLength: correction.length - 1 },
      },
    ]);
    expect(h.handle({ op: 'locate', eventId: 'nope' })).toBeNull();
  });

  it('keeps a clipped preview of a big tool output, not the whole output (the parsed line dies)', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const sessions = new WorkerSessions();
    const outputs = 2000;
    let text = '';
    for (let seq = 1; seq <= outputs; seq++)
      text +=
        JSON.stringify({
          schema_version: '2',
          event_id: `r-${seq}`,
          seq,
          event_kind: 'tool_result',
          tool_call_id: `c-${seq}`,
          output_summary: `${seq} ${'o'.repeat(50_000)}`,
        }) + '\n';
    const bytes = enc.encode(text);
    gc();
    const before = process.memoryUsage().heapUsed;
    sessions.handle({
      id: 1,
      fileKey: '/h/sessions/s/provenance.jsonl',
      sessionId: 's',
      op: { op: 'read', bytes, fromOffset: 0, reset: true, final: true, fileBytes: bytes.length },
    });
    gc();
    const kept = process.memoryUsage().heapUsed - before;
    // 100 MB of outputs read; a slice of each would keep all of it alive.
    expect(kept).toBeLessThan(20 * 1024 * 1024);
    expect(sessions.size).toBe(1);
  });
});

/** `text` (the whole of `log`) read by `sessions` as a first read, and its snapshot's nodes. */
function readWhole(sessions: WorkerSessions, log: string, sessionId: string, text: string) {
  const bytes = enc.encode(text);
  const job = { id: 1, fileKey: log, sessionId };
  sessions.handle({
    ...job,
    op: { op: 'read', bytes, fromOffset: 0, reset: true, final: true, fileBytes: bytes.length },
  });
  const { json } = sessions.handle({ ...job, op: { op: 'snapshot', version: 0 } }) as {
    json: Uint8Array[];
  };
  const snapshot = decodeSnapshotJson(json);
  return decodeNodes(snapshot.nodes, snapshot.timeline.eventId);
}

describe('child sessions beside a log', () => {
  it("a subagent's child session is found when its folder is there, and missing when it is not", async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'le-children-'));
    try {
      const log = path.join(home, 'sessions', 'parent', 'provenance.jsonl');
      await mkdir(path.dirname(log), { recursive: true });
      await mkdir(path.join(home, 'sessions', 'kid'));
      const event = (seq: number, kind: string, fields: Record<string, unknown>) =>
        JSON.stringify({ schema_version: '2', event_id: `e${seq}`, seq, event_kind: kind, ...fields }) + '\n';
      const text =
        event(1, 'subagent_spawned', { subagent_name: 'a' }) +
        event(2, 'subagent_completed', {
          subagent_name: 'a',
          spawn_event_id: 'e1',
          child_session_id: 'kid',
        }) +
        event(3, 'subagent_spawned', { subagent_name: 'b' }) +
        event(4, 'subagent_completed', {
          subagent_name: 'b',
          spawn_event_id: 'e3',
          child_session_id: 'gone',
        });
      await writeFile(log, text);
      const nodes = readWhole(new WorkerSessions(), log, 'parent', text);
      const exists = (id: string) => nodes.find((n) => n.id === id)?.data['exists'];
      expect(exists('child:kid')).toBe(true);
      expect(exists('child:gone')).toBe(false);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
  it('a child folder made after the listing is found once the listing is a second old, by another session of the home', async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'le-children-'));
    try {
      const sessions = new WorkerSessions();
      const childOf = async (parent: string, child: string) => {
        const log = path.join(home, 'sessions', parent, 'provenance.jsonl');
        await mkdir(path.dirname(log), { recursive: true });
        const text = [
          { event_id: `${parent}-1`, seq: 1, event_kind: 'subagent_spawned', subagent_name: 'a' },
          {
            event_id: `${parent}-2`,
            seq: 2,
            event_kind: 'subagent_completed',
            subagent_name: 'a',
            spawn_event_id: `${parent}-1`,
            child_session_id: child,
          },
        ]
          .map((e) => JSON.stringify({ schema_version: '2', ...e }) + '\n')
          .join('');
        await writeFile(log, text);
        return readWhole(sessions, log, parent, text).find((n) => n.id === `child:${child}`)?.data['exists'];
      };
      expect(await childOf('first', 'late')).toBe(false);
      await mkdir(path.join(home, 'sessions', 'late'));
      await new Promise((r) => setTimeout(r, 1100));
      expect(await childOf('second', 'late')).toBe(true);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
