// A generated 12k-event session (the bench's generator: the corpus's event mix) read the way serve
// reads it, in its worker's code: the snapshot's JSON, as clients get it, is the snapshot.
import { describe, expect, it } from 'vitest';
import { sessionLines } from '../../../bench/generate-session.mjs';
import { decodeEdges, decodeNodes } from '../../../src-shared/bridge/graph-columns';
import type { SessionSnapshot } from '../../../src-shared/bridge/contract';
import { decodeTimeline, type TimelineRow } from '../../../src-shared/bridge/timeline-columns';
import { ChunkParser } from '../../../src-shared/formats/sciagent/chunk-parser';
import { LiveSession } from './live-session';
import { WorkerSessions } from './worker-sessions';

const bytes = new TextEncoder().encode([...sessionLines('gen', 12_000)].join('\n') + '\n');

function readSession(): LiveSession {
  const records = new ChunkParser().parse({ fileKey: 'f', bytes, fromOffset: 0, reset: true, final: true });
  // As the worker sees it: no child session folders beside this log.
  const session = new LiveSession('f', 'gen', () => false);
  session.apply(records.records, records.committedOffset, bytes.length);
  session.markReady();
  return session;
}

describe('LiveSession snapshots', () => {
  it("a worker's snapshot JSON decodes to the session's snapshot (nodes, edges, timeline)", () => {
    const whole = readSession().snapshot().snapshot;
    const sessions = new WorkerSessions();
    const job = { id: 1, fileKey: 'f', sessionId: 'gen' };
    sessions.handle({
      ...job,
      op: { op: 'read', bytes, fromOffset: 0, reset: true, final: true, fileBytes: bytes.length },
    });
    sessions.handle({ ...job, op: { op: 'ready' } });
    const { json } = sessions.handle({ ...job, op: { op: 'snapshot', version: 0 } }) as { json: Uint8Array };
    const decoded = JSON.parse(new TextDecoder().decode(json)) as SessionSnapshot;
    const rows = (s: SessionSnapshot) => {
      const out: TimelineRow[] = [];
      decodeTimeline(s.timeline, (row) => out.push(row));
      return out;
    };
    expect(whole.nodes.length).toBeGreaterThan(5000);
    expect(decodeNodes(decoded.nodes)).toEqual(decodeNodes(whole.nodes));
    expect(decodeEdges(decoded.edges)).toEqual(decodeEdges(whole.edges));
    expect(rows(decoded).length).toBeGreaterThanOrEqual(12_000);
    expect(rows(decoded)).toEqual(rows(whole));
    expect({ ...decoded.summary, live: false }).toEqual({ ...whole.summary, live: false });
    expect(decoded.version).toBe(whole.version);
  });
});
