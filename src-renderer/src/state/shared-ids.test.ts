import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { SessionDelta, SessionListItem, SessionSnapshot } from '../../../src-shared/bridge/contract';
import { encodeEdges, encodeNodes } from '../../../src-shared/bridge/graph-columns';
import { encodeTimeline, type TimelineRow } from '../../../src-shared/bridge/timeline-columns';
import type { EdgeReason, LineageNode } from '../../../src-shared/lineage/types';
import { testEdge, testNode } from '../../../src-shared/lineage/test-support/lineage-fixtures';
import { applyDelta, fromSnapshot, type SessionData } from './session-data';
import { eventIdOf, shareIdsWith } from './shared-ids';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const health = { bytesRead: 0, fileBytes: 0, linesSkipped: 0, notices: [] };
const CALLS = 20_000;

/** `CALLS` tool calls as the bench's logs have them: UUID events, `toolu_01…` ids, a call and a result each. */
function toolCalls(): { nodes: LineageNode[]; rows: TimelineRow[] } {
  const nodes: LineageNode[] = [testNode('session:s', { kind: 'session' })];
  const rows: TimelineRow[] = [];
  for (let i = 0; i < CALLS; i++) {
    const id = `tool:toolu_01${randomUUID().replaceAll('-', '').slice(0, 22)}`;
    const events = [randomUUID(), randomUUID()];
    nodes.push(testNode(id, { kind: 'tool_call', label: 'bash', seq: 2 * i, eventIds: events }));
    events.forEach((eventId, k) =>
      rows.push({
        eventId,
        kind: k ? 'tool_result' : 'tool_call',
        seq: 2 * i + k,
        t: null,
        lineNo: 2 * i + k + 1,
        byteOffset: 0,
        byteLength: 0,
        nodeId: id,
        actor: null,
      }),
    );
  }
  return { nodes, rows };
}

/** The snapshot as the page gets it: JSON text (every id a string of its own once parsed). */
function snapshotText(nodes: LineageNode[], rows: TimelineRow[]): string {
  const snapshot: SessionSnapshot = {
    key: 'k',
    version: 1,
    summary: { key: 'k', status: 'ready' } as SessionListItem,
    nodes: encodeNodes(nodes),
    edges: encodeEdges(nodes.slice(1).map((n) => testEdge('session:s', n.id, ['session_id' as EdgeReason]))),
    timeline: encodeTimeline(rows),
    problems: [],
    health,
  };
  return JSON.stringify(snapshot);
}

/** Heap kept by what `make` returns (after full collections), per tool call. */
function keptPerCall<T>(make: () => T): { bytes: number; kept: T } {
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = make();
  gc();
  return { bytes: (process.memoryUsage().heapUsed - before) / CALLS, kept };
}

describe('one string per id in the page (shared-ids.ts)', () => {
  it('a snapshot keeps each node id and event id once, not once per place it arrives', () => {
    const { nodes, rows } = toolCalls();
    const text = snapshotText(nodes, rows);
    // The parsed snapshot, before it is decoded, holds every id in every place it arrived: the
    // baseline, measured in this run (~710 bytes a call here).
    const parsed = keptPerCall(() => JSON.parse(text) as SessionSnapshot);
    const decoded = keptPerCall(() => fromSnapshot(JSON.parse(text) as SessionSnapshot));
    const data = decoded.kept;
    expect(data.timeline.length).toBe(2 * CALLS);
    expect(data.timeline.nodeId(1)).toBe(nodes[1]!.id);
    expect(data.timeline.eventId(1)).toBe(nodes[1]!.eventIds[1]);
    // Decoded, a call kept ~330 bytes more than the parsed snapshot without the sharing (1,038 vs
    // ~710) and ~105 more with it (815): three copies of its node id and two of event ids left out.
    expect(decoded.bytes).toBeLessThan(parsed.bytes + 220);
  });

  it('a node sent again shares the ids of the copy it replaces, and so do its rows and edges', () => {
    const { nodes, rows } = toolCalls();
    // The calls first (as a log being read sends them), then every node again with its result.
    const first = fromSnapshot(
      JSON.parse(
        snapshotText(
          nodes,
          rows.filter((_, i) => i % 2 === 0),
        ),
      ) as SessionSnapshot,
    );
    const again: SessionDelta = JSON.parse(
      JSON.stringify({
        key: 'k',
        fromVersion: 1,
        version: 2,
        reset: false,
        summary: first.summary,
        lineage: {
          upsertedNodes: encodeNodes(nodes.slice(1)),
          removedNodes: [],
          upsertedEdges: encodeEdges(
            nodes.slice(1).map((n) => testEdge('session:s', n.id, ['session_id' as EdgeReason])),
          ),
          removedEdges: [],
        },
        timeline: { ...encodeTimeline(rows.filter((_, i) => i % 2 === 1)), fresh: CALLS },
        problems: [],
        health,
      }),
    ) as SessionDelta;
    const applied = keptPerCall(() => applyDelta(first, again).data);
    const data: SessionData = applied.kept;
    expect(data.timeline.length).toBe(2 * CALLS);
    expect(data.nodes.get(nodes[5]!.id)?.eventIds).toEqual(nodes[5]!.eventIds);
    // Measured here: ~440 bytes a call without the sharing (the node's new copies of its id and
    // event ids, and the rows' and edges' own), ~337 with it.
    expect(applied.bytes).toBeLessThan(390);
  });
});

describe('shared ids of a big node (a cluster job of thousands of events)', () => {
  const fresh = (s: string) => (' ' + s).slice(1);
  // (Which string is kept is the heap test's business above: equal strings compare equal here.)
  it('finds its events by index, and a copy sent again in another order keeps each in its place', () => {
    const ids = Array.from({ length: 5000 }, () => randomUUID());
    const node = testNode('job:c', { kind: 'job', eventIds: ids });
    const copy = fresh(ids[1234]!);
    expect(eventIdOf(node, copy)).toBe(ids[1234]);
    expect(eventIdOf(node, 'not-an-event')).toBe('not-an-event');
    // Sent again: one more event at the end, and two swapped (a correction moved them).
    const again = testNode('job:c', { kind: 'job', eventIds: [...ids.map(fresh), randomUUID()] });
    [again.eventIds[10], again.eventIds[20]] = [again.eventIds[20]!, again.eventIds[10]!];
    shareIdsWith(again, node);
    for (let i = 0; i < 5000; i++)
      expect(again.eventIds[i]).toBe(i === 10 ? ids[20] : i === 20 ? ids[10] : ids[i]);
  });
});
