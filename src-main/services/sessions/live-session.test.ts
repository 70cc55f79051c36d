// A generated 12k-event session (the bench's generator: the corpus's event mix) read the way serve
// reads it, in its worker's code: the snapshot's JSON, as clients get it, is the snapshot.
import { decodeSnapshotJson } from './decode-snapshot';
import { describe, expect, it } from 'vitest';
import { sessionLines } from '../../../bench/generate-session.mjs';
import {
  decodeEdges,
  decodeNodes,
  nodeIdsOf,
  takeEventsKeptFrom,
} from '../../../src-shared/bridge/graph-columns';
import {
  snapshotEdgeParts,
  snapshotTimeline,
  type SessionPreview,
  type SessionSnapshot,
} from '../../../src-shared/bridge/contract';
import { joinParts } from './utf8-parts';
import { decodeTimeline, timelineRows, type TimelineRow } from '../../../src-shared/bridge/timeline-columns';
import { fromWireNode } from '../../../src-shared/bridge/wire-node';
import type { LineageNode } from '../../../src-shared/lineage/types';
import { ChunkParser } from '../../../src-shared/formats/sciagent/chunk-parser';
import { LiveSession } from './live-session';
import { emptyListItem } from './empty-list-item';
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

/** The same bytes read the way serve's session worker reads them, first read done. */
function readInWorker() {
  const sessions = new WorkerSessions();
  const job = { id: 1, fileKey: 'f', sessionId: 'gen' };
  sessions.handle({
    ...job,
    op: { op: 'read', bytes, fromOffset: 0, reset: true, final: true, fileBytes: bytes.length },
  });
  sessions.handle({ ...job, op: { op: 'ready' } });
  return { sessions, job };
}

describe('a session not read yet', () => {
  it("is listed as a new LiveSession's row says, without making one", () => {
    const file = '/home/sessions/abc/provenance.jsonl';
    expect(emptyListItem(file, 'abc')).toEqual(new LiveSession(file, 'abc', () => undefined).listItem());
  });
});

describe('LiveSession snapshots', () => {
  it("a worker's snapshot JSON decodes to the session's snapshot (nodes, edges, timeline)", () => {
    const whole = readSession().snapshot().snapshot;
    const { sessions, job } = readInWorker();
    const { json } = sessions.handle({ ...job, op: { op: 'snapshot', version: 0 } }) as {
      json: Uint8Array[];
    };
    const decoded = decodeSnapshotJson(json);
    const rows = (s: SessionSnapshot) => {
      const out: TimelineRow[] = [];
      decodeTimeline(s.timeline, (row) => out.push(row), nodeIdsOf(s.nodes));
      return out;
    };
    expect(whole.nodes.length).toBeGreaterThan(5000);
    // A node names its events by their rows' positions (decoding turns them into ids, in place).
    const eventRefs = decoded.nodes.kinds.flatMap((k) => k.eventIds.flat());
    expect(eventRefs.filter((v) => typeof v === 'string')).toEqual([]);
    expect(eventRefs.length).toBeGreaterThan(10_000);
    expect(decodeNodes(decoded.nodes, decoded.timeline.eventId)).toEqual(
      decodeNodes(whole.nodes, whole.timeline.eventId),
    );
    expect(decodeEdges(decoded.edges, nodeIdsOf(decoded.nodes))).toEqual(
      decodeEdges(whole.edges, nodeIdsOf(whole.nodes)),
    );
    expect(rows(decoded).length).toBeGreaterThanOrEqual(12_000);
    // Rows and edges name the snapshot's nodes by position, never by a copy of their id.
    expect(decoded.timeline.nodeId.filter((v) => typeof v === 'string')).toEqual([]);
    expect(decoded.timeline.nodeId.filter((v) => typeof v === 'number').length).toBeGreaterThan(10_000);
    expect(decoded.edges.target.filter((v) => typeof v === 'string')).toEqual([]);
    expect(rows(decoded)).toEqual(rows(whole));
    expect({ ...decoded.summary, live: false }).toEqual({ ...whole.summary, live: false });
    expect(decoded.version).toBe(whole.version);
  });

  it("a snapshot's rows name the node each event is in, as the deltas of a session followed from its start do (also after an earlier snapshot)", () => {
    // The snapshot finds a row's node from the nodes' members; a delta from the node ids it holds.
    // Corrections that move launches to another job and rename tool calls move events between
    // nodes after they were placed; an orphan result and a correction are rows of no node.
    const extra = [
      { event_id: 'orphan', event_kind: 'tool_result', seq: 90_001, tool_call_id: 'nobody', success: true },
      ...[...sessionLines('gen', 12_000)]
        .map((l) => JSON.parse(l) as { event_id: string; event_kind: string })
        .filter((e) => e.event_kind === 'compute_job_launched' || e.event_kind === 'tool_call')
        .filter((_, i) => i % 97 === 0)
        .map((e, i) => ({
          event_id: `fix-${i}`,
          event_kind: 'correction',
          seq: 90_002 + i,
          corrects_event_id: e.event_id,
          replacement:
            e.event_kind === 'tool_call' ? { tool_call_id: `moved-${i}` } : { job_id: `moved-job-${i % 3}` },
        })),
    ];
    const text =
      new TextDecoder().decode(bytes) +
      extra.map((e) => JSON.stringify({ schema_version: '2', ...e })).join('\n') +
      '\n';
    const all = new TextEncoder().encode(text);
    const records = () =>
      new ChunkParser().parse({ fileKey: 'f', bytes: all, fromOffset: 0, reset: true, final: true });
    const followed = new LiveSession('f', 'gen', () => false);
    followed.snapshot();
    const r = records();
    followed.apply(r.records, r.committedOffset, all.length);
    const delta = followed.takeDelta()!;
    const byDelta = new Map(
      timelineRows(delta.timeline, nodeIdsOf(delta.lineage.upsertedNodes)).map((row) => [
        row.eventId,
        row.nodeId,
      ]),
    );
    // Read in two steps with a snapshot between: the second places every node again (positions
    // are kept on the graph's records between snapshots, meaning nothing until set again), after
    // the corrections moved events and made new nodes.
    const read = new LiveSession('f', 'gen', () => false);
    const again = records();
    const half = Math.floor(again.records.length * 0.6);
    read.apply(again.records.slice(0, half), 0, all.length);
    read.snapshot();
    read.apply(again.records.slice(half), again.committedOffset, all.length);
    const { snapshot } = read.snapshot();
    const rows = timelineRows(snapshot.timeline, nodeIdsOf(snapshot.nodes));
    expect(rows.length).toBe(text.trim().split('\n').length);
    expect(rows.filter((row) => row.nodeId === null).length).toBeGreaterThan(extra.length - 2);
    expect(rows.filter((row) => row.nodeId?.includes('moved')).length).toBeGreaterThan(20);
    expect(new Map(rows.map((row) => [row.eventId, row.nodeId]))).toEqual(byDelta);
  });

  it('a snapshot written in parts (the nodes of a kind, the edges, the rows) decodes to the one written whole', () => {
    const inParts = readSession().snapshotJson(0, 1000).json;
    const whole = readSession().snapshotJson(0, 1_000_000).json;
    const raw = (json: Uint8Array[]) =>
      JSON.parse(new TextDecoder().decode(joinParts(json))) as SessionSnapshot;
    const parts = raw(inParts);
    const one = raw(whole);
    // The rows after the first 1,000 in parts of 1,000 that go on from each other; a big kind in
    // several parts, in order.
    expect(one.timelineMore).toBeUndefined();
    expect(one.edgesMore).toBeUndefined();
    expect(parts.timeline.length).toBe(1000);
    expect(parts.timelineMore!.length).toBe(Math.ceil(one.timeline.length / 1000) - 1);
    expect(parts.edges.length).toBe(1000);
    expect(parts.edgesMore!.length).toBe(Math.ceil(one.edges.length / 1000) - 1);
    const kindNames = parts.nodes.kinds.map((k) => k.kind);
    expect(kindNames.length).toBeGreaterThan(new Set(kindNames).size);
    expect(parts.nodes.kinds.every((k) => k.length <= 1000)).toBe(true);
    const decoded = (s: SessionSnapshot) => {
      const timeline = snapshotTimeline(s);
      const ids = nodeIdsOf(s.nodes);
      const rows: TimelineRow[] = [];
      decodeTimeline(timeline, (row) => rows.push(row), ids);
      // Each part of the edges alone, as a page decodes them.
      const edges = snapshotEdgeParts(s).flatMap((part) => decodeEdges(part, ids));
      return { rows, nodes: decodeNodes(s.nodes, timeline.eventId), edges };
    };
    const a = decoded(parts);
    const b = decoded(one);
    expect(a.rows.length).toBe(one.timeline.length);
    expect(a.rows).toEqual(b.rows);
    expect(a.nodes).toEqual(b.nodes);
    expect(a.edges).toEqual(b.edges);
  });

  it("a worker's preview is the session's newest events and row, and starts no following", () => {
    const { sessions, job } = readInWorker();
    const json = sessions.handle({ ...job, op: { op: 'preview', rows: 300 } }) as Uint8Array;
    const preview = JSON.parse(new TextDecoder().decode(json)) as SessionPreview;
    const whole = readSession().snapshot().snapshot;
    const all = timelineRows(whole.timeline, nodeIdsOf(whole.nodes));
    // The last 300 events of the file, as the snapshot has them (node ids included).
    expect(timelineRows(preview.timeline, nodeIdsOf(preview.nodes))).toEqual(all.slice(-300));
    expect(preview.summary.events).toBe(all.length);
    // With the nodes of those rows (what the rows say they are about), as the snapshot has them.
    const wanted = new Set(all.slice(-300).flatMap((r) => (r.nodeId ? [r.nodeId] : [])));
    expect(wanted.size).toBeGreaterThan(100);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(decodeNodes(preview.nodes, preview.timeline.eventId).sort(byId)).toEqual(
      decodeNodes(whole.nodes, whole.timeline.eventId)
        .filter((n) => wanted.has(n.id))
        .sort(byId),
    );
    expect(preview.summary.status).toBe('ready');
    expect(preview.health.bytesRead).toBe(bytes.length);
    // Not followed: an append gathers no delta (a snapshot would have started one).
    const more = new TextEncoder().encode(
      JSON.stringify({ schema_version: '2', event_id: 'late', event_kind: 'tool_call', seq: 99_999 }) + '\n',
    );
    const read = sessions.handle({
      ...job,
      op: {
        op: 'read',
        bytes: more,
        fromOffset: bytes.length,
        reset: false,
        fileBytes: bytes.length + more.length,
      },
    }) as { delta: unknown };
    expect(read.delta).toBeNull();
    // Fewer events than asked for: all of them.
    const small = new WorkerSessions();
    small.handle({
      ...job,
      op: { op: 'read', bytes: more, fromOffset: 0, reset: true, final: true, fileBytes: more.length },
    });
    const few = JSON.parse(
      new TextDecoder().decode(small.handle({ ...job, op: { op: 'preview', rows: 300 } }) as Uint8Array),
    ) as SessionPreview;
    expect(timelineRows(few.timeline, nodeIdsOf(few.nodes)).map((r) => r.eventId)).toEqual(['late']);
  });

  it('a snapshot through JSON gives back every node, edge and row: corrections, unicode, missing nodes, problems; an empty session', () => {
    const line = (fields: Record<string, unknown>) =>
      JSON.stringify({ schema_version: '2', ts: '2026-01-01T00:00:00Z', ...fields }) + '\n';
    const text =
      line({
        event_id: 'é1',
        event_kind: 'tool_call',
        seq: 1,
        tool_call_id: 'c✓',
        tool_name: 'shell 𝄞',
        actor: 'agent ü',
      }) +
      line({ event_id: 'r1', event_kind: 'tool_result', seq: 2, tool_call_id: 'c✓', success: true }) +
      'not json\n' +
      line({
        event_id: 'v1',
        event_kind: 'verification_result',
        seq: 3,
        verdict: 'verified',
        file_path: '/w/ö.txt',
      }) +
      line({
        event_id: 'fix',
        event_kind: 'correction',
        seq: 4,
        corrects_event_id: 'é1',
        replacement: { tool_name: 'y' },
      }) +
      line({
        event_id: 'j1',
        event_kind: 'compute_job_launched',
        ts: 'garbage',
        seq: 5,
        job_id: 'job ✓',
        mount_path: '/w',
        expected_artifacts: ['never/ü.json'],
      });
    const bytes = new TextEncoder().encode(text);
    const records = new ChunkParser().parse({ fileKey: 'f', bytes, fromOffset: 0, reset: true, final: true });
    const session = new LiveSession('f', 'ü', () => false);
    session.apply(records.records, records.committedOffset, bytes.length);
    session.markReady();
    const { snapshot } = session.snapshot();
    expect(snapshot.problems.length).toBeGreaterThan(0);
    const nodes = decodeNodes(snapshot.nodes, snapshot.timeline.eventId);
    expect(nodes.some((n) => n.corrections?.length)).toBe(true);
    expect(nodes.some((n) => n.missing)).toBe(true);
    expect(snapshot.timeline.t).toContain(null);
    const back = JSON.parse(JSON.stringify(snapshot)) as SessionSnapshot;
    const dropNulls = (n: LineageNode) => ({
      ...n,
      data: Object.fromEntries(Object.entries(n.data).filter(([, v]) => v !== null)),
    });
    const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(byId(decodeNodes(back.nodes, back.timeline.eventId).map(fromWireNode))).toEqual(
      byId([...session.lineageNodes()].map(dropNulls)),
    );
    expect(byId(decodeEdges(back.edges, nodeIdsOf(back.nodes)))).toEqual(byId([...session.lineageEdges()]));
    const rows = timelineRows(back.timeline, nodeIdsOf(back.nodes));
    expect(rows.map((r) => r.eventId)).toEqual(['é1', 'r1', 'v1', 'fix', 'j1']);
    expect(rows[0]).toMatchObject({
      actor: 'agent ü',
      seq: 1,
      t: Date.parse('2026-01-01T00:00:00Z'),
      lineNo: 1,
    });
    expect(rows[4]).toMatchObject({ t: null, lineNo: 6 });
    expect(back.problems).toEqual(snapshot.problems);

    const none = JSON.parse(
      JSON.stringify(new LiveSession('e', 'e', () => false).snapshot().snapshot),
    ) as SessionSnapshot;
    expect([decodeNodes(none.nodes), decodeEdges(none.edges), timelineRows(none.timeline)]).toEqual([
      [],
      [],
      [],
    ]);
  });

  it("a delta's timeline has the events it adds first, marked fresh, then the events corrected", () => {
    const line = (fields: Record<string, unknown>) =>
      JSON.stringify({ schema_version: '2', ...fields }) + '\n';
    const parser = new ChunkParser();
    const session = new LiveSession('f', 's', () => false);
    let offset = 0;
    const read = (text: string) => {
      const bytes = new TextEncoder().encode(text);
      const r = parser.parse({ fileKey: 'f', bytes, fromOffset: offset, reset: offset === 0 });
      offset += bytes.length;
      session.apply(r.records, r.committedOffset, offset);
    };
    read(line({ event_id: 'a', event_kind: 'tool_call', seq: 1, tool_call_id: 'c1', tool_name: 'x' }));
    session.markReady();
    session.snapshot();
    read(
      line({ event_id: 'b', event_kind: 'tool_call', seq: 2, tool_call_id: 'c2', tool_name: 'x' }) +
        line({
          event_id: 'fix',
          event_kind: 'correction',
          seq: 3,
          corrects_event_id: 'a',
          replacement: { tool_name: 'y' },
        }),
    );
    const delta = session.takeDelta()!;
    expect(delta.timeline.eventId).toEqual(['b', 'fix', 'a']);
    expect(delta.timeline.fresh).toBe(2);
  });

  it('a big node sent again sends only the events its pages lack, and they get all of them back', () => {
    // One cluster job for every launch (sciagent's cluster mode): ~200 events, grown a few at a time.
    const lines = [...sessionLines('one', 3000, 42, { jobs: 'one-cluster' })];
    const parser = new ChunkParser();
    const session = new LiveSession('f', 'one', () => false);
    let offset = 0;
    const read = (text: string) => {
      const chunk = new TextEncoder().encode(text);
      const r = parser.parse({ fileKey: 'f', bytes: chunk, fromOffset: offset, reset: offset === 0 });
      offset += chunk.length;
      session.apply(r.records, r.committedOffset, offset);
    };
    read(lines.slice(0, 2000).join('\n') + '\n');
    session.markReady();
    // What a page holds: the snapshot's nodes, then each delta's.
    const held = new Map<string, readonly string[]>();
    const { snapshot } = session.snapshot();
    for (const n of decodeNodes(snapshot.nodes, snapshotTimeline(snapshot).eventId))
      held.set(n.id, n.eventIds);
    expect(held.get('job:cluster-0')!.length).toBeGreaterThan(64);
    let kept = 0;
    let jobSent = 0;
    for (const line of lines.slice(2000)) {
      read(line + '\n');
      const delta = session.takeDelta();
      if (!delta) continue;
      const cols = delta.lineage.upsertedNodes;
      for (const k of cols.kinds) {
        kept += k.keptEvents?.length ?? 0;
        // A node sent with its events kept lists only the new ones.
        for (const [row] of k.keptEvents ?? []) expect(k.eventIds[row]!.length).toBeLessThan(3);
      }
      const before = new Map(held);
      const nodes = decodeNodes(cols, delta.timeline.eventId, (id) => held.get(id));
      for (const id of delta.lineage.removedNodes) held.delete(id);
      for (const n of nodes) {
        // The ids it kept are the held list's own strings, and the receiver is told how many (once).
        const was = before.get(n.id);
        const from = was ? takeEventsKeptFrom(n, was) : 0;
        if (n.id === 'job:cluster-0' && was) expect(from).toBe(was.length);
        for (let i = 0; i < from; i++) if (n.eventIds[i] !== was![i]) expect.fail(`${n.id} event ${i}`);
        if (was) expect(takeEventsKeptFrom(n, was)).toBe(0);
        held.set(n.id, n.eventIds);
      }
      if (nodes.some((n) => n.id === 'job:cluster-0')) jobSent++;
    }
    expect(jobSent).toBeGreaterThan(10);
    expect(kept).toBe(jobSent);
    // Every node as the session has it (a snapshot sends every node whole).
    const last = session.snapshot().snapshot;
    const now = decodeNodes(last.nodes, snapshotTimeline(last).eventId);
    expect(now.length).toBe(held.size);
    for (const n of now) expect(held.get(n.id), n.id).toEqual(n.eventIds);

    // Without the copy it keeps events of, a page cannot take such a delta: it says so.
    const launch = lines.find((l) => l.includes('compute_job_launched'))!;
    read(
      launch.replace(/"event_id":"[^"]+"/, '"event_id":"again"').replace(/"seq":\d+/, '"seq":100000') + '\n',
    );
    const grown = session.takeDelta()!;
    expect(() => decodeNodes(grown.lineage.upsertedNodes, grown.timeline.eventId, () => undefined)).toThrow(
      /job:cluster-0 was sent with its first \d+ events kept, but it is not held/,
    );
  });
});
