import { describe, expect, it } from 'vitest';
import type { SessionDelta, SessionListItem, SessionSnapshot } from '../../../src-shared/bridge/contract';
import { encodeEdges, encodeNodes, rowsBy } from '../../../src-shared/bridge/graph-columns';
import { emptyTimelineColumns, TimelineEncoder } from '../../../src-shared/bridge/timeline-columns';
import type { EdgeReason, LineageEdge, LineageNode } from '../../../src-shared/lineage/types';
import { testEdge, testNode } from '../../../src-shared/lineage/test-support/lineage-fixtures';
import { growthSince } from './growth-chain';
import { applyDeltas, fromSnapshot, newStructure, type SessionData } from './session-data';
import { Timeline } from './timeline';

const summary = { key: 'k', status: 'ready' } as SessionListItem;
const health = { bytesRead: 0, fileBytes: 0, linesSkipped: 0, notices: [] };

/** A session node (no seq until its session_end), a job, a subagent and two tool calls. */
function session(): SessionData {
  const nodes = [
    testNode('session:s', { kind: 'session', label: 's', seq: null }),
    testNode('job:j1', { kind: 'job', label: 'j1', seq: 2 }),
    testNode('subagent:a', { kind: 'subagent', label: 'subagent', seq: 3 }),
    testNode('c1', { kind: 'tool_call', label: 'bash', seq: 4, data: { toolName: 'bash' } }),
    testNode('c2', { kind: 'tool_call', label: 'tool', seq: 5 }),
  ];
  const edges = nodes.slice(1).map((n) => testEdge('session:s', n.id, ['session_id' as EdgeReason]));
  return {
    key: 'k',
    version: 1,
    summary,
    nodes: new Map(nodes.map((n) => [n.id, n])),
    edges: new Map(edges.map((e) => [e.id, e])),
    revision: 0,
    nodeChanges: null,
    timeline: Timeline.empty,
    problems: [],
    health,
    structure: newStructure(),
    growth: null,
  };
}

function delta(
  data: SessionData,
  change: { nodes?: LineageNode[]; edges?: LineageEdge[]; removedNodes?: string[] },
  version = data.version + 1,
): SessionDelta {
  return {
    key: data.key,
    fromVersion: version - 1,
    version,
    reset: false,
    summary,
    lineage: {
      upsertedNodes: encodeNodes(change.nodes ?? []),
      removedNodes: change.removedNodes ?? [],
      upsertedEdges: encodeEdges(change.edges ?? []),
      removedEdges: [],
    },
    timeline: emptyTimelineColumns(),
    problems: [],
    health,
  };
}

/** `id` as the session holds it, with `fields` changed. */
const changed = (data: SessionData, id: string, fields: Partial<LineageNode>): LineageNode => ({
  ...data.nodes.get(id)!,
  ...fields,
});

describe('applyDeltas: a node that changes only its label or seq', () => {
  it('is a growth that names the node as it was, not a reshape', () => {
    const data = session();
    const subagentBefore = data.nodes.get('subagent:a')!;
    const { data: next } = applyDeltas(data, [
      delta(data, {
        nodes: [changed(data, 'subagent:a', { label: 'planner' }), changed(data, 'session:s', { seq: 99 })],
      }),
    ]);
    expect(next.structure).not.toBe(data.structure); // the views look again…
    expect(next.growth).not.toBeNull(); // …and grow what they drew
    expect(next.growth!.from).toBe(data.structure);
    expect(next.growth!.nodes).toEqual([]);
    expect(next.growth!.changedInPlace.map((n) => [n.id, n.label, n.seq])).toEqual([
      ['subagent:a', 'subagent', 3],
      ['session:s', 's', null],
    ]);
    expect(next.growth!.changedInPlace[0]).toBe(subagentBefore);
    expect(next.nodes.get('subagent:a')!.label).toBe('planner');
  });

  it('a node added and then relabeled in the same batch is only added; one relabeled back is no change', () => {
    const data = session();
    const c3 = testNode('c3', { kind: 'tool_call', label: 'bash', seq: 6, data: { toolName: 'bash' } });
    const first = delta(data, {
      nodes: [c3, changed(data, 'job:j1', { label: 'renamed' })],
      edges: [testEdge('session:s', 'c3', ['session_id' as EdgeReason])],
    });
    const second = delta(
      data,
      { nodes: [{ ...c3, seq: 7 }, changed(data, 'job:j1', { label: 'j1' })] },
      data.version + 2,
    );
    const { data: next } = applyDeltas(data, [first, second]);
    expect(next.growth!.nodes).toEqual(['c3']);
    expect(next.growth!.changedInPlace).toEqual([]);
  });

  it('is still a reshape when the kind, the tool name or the group changes, or an edge changes its reasons', () => {
    const reshapes: [string, (d: SessionData) => SessionDelta][] = [
      ['kind', (d) => delta(d, { nodes: [changed(d, 'job:j1', { kind: 'artifact' })] })],
      [
        'tool name',
        (d) => delta(d, { nodes: [changed(d, 'c1', { label: 'git', data: { toolName: 'git' } })] }),
      ],
      // A tool call without a tool name is grouped by its label: a new label is another group.
      ['label naming a group', (d) => delta(d, { nodes: [changed(d, 'c2', { label: 'python' })] })],
      [
        'edge reasons',
        (d) => delta(d, { edges: [testEdge('session:s', 'c1', ['tool_call_id' as EdgeReason])] }),
      ],
    ];
    for (const [what, make] of reshapes) {
      const data = session();
      const { data: next } = applyDeltas(data, [make(data)]);
      expect(next.structure, what).not.toBe(data.structure);
      expect(next.growth, what).toBeNull();
    }
  });

  it('links into the growth chain: a view that skipped versions gets every node changed since, as it was then', () => {
    const data = session();
    const c3 = testNode('c3', { kind: 'tool_call', label: 'bash', seq: 6, data: { toolName: 'bash' } });
    const v2 = applyDeltas(data, [
      delta(data, { nodes: [changed(data, 'subagent:a', { label: 'planner' })] }),
    ]).data;
    const v3 = applyDeltas(v2, [
      delta(v2, {
        nodes: [c3, changed(v2, 'subagent:a', { label: 'writer' }), changed(v2, 'job:j1', { seq: 1 })],
        edges: [testEdge('session:s', 'c3', ['session_id' as EdgeReason])],
      }),
    ]).data;
    const v4 = applyDeltas(v3, [delta(v3, { removedNodes: ['job:j1'] })]).data;

    const since = growthSince(v3.growth!, data.structure)!;
    expect(since.nodes).toEqual(['c3']);
    expect(since.changedInPlace.map((n) => [n.id, n.label, n.seq])).toEqual([
      ['subagent:a', 'subagent', 3],
      ['job:j1', 'j1', 2],
    ]);
    // Changed and then removed: removed, as it was at the structure the view drew.
    const later = growthSince(v4.growth!, data.structure)!;
    expect(later.changedInPlace.map((n) => n.id)).toEqual(['subagent:a']);
    expect(later.removedNodes.map((n) => [n.id, n.seq])).toEqual([['job:j1', 2]]);
  });
});

describe('rows and edges that name their message’s nodes by position', () => {
  const row = (eventId: string, nodeId: string | null, seq: number) =>
    [eventId, 'tool_call', seq, null, seq, seq * 10, 9, nodeId, null] as const;

  it('are given the nodes’ ids, as the nodes hold them, in a snapshot and in a delta', () => {
    // c1's second event has no row in the snapshot: it stays an id.
    const c1 = testNode('c1', { kind: 'tool_call', label: 'bash', seq: 1, eventIds: ['e1', 'gone'] });
    const j1 = testNode('job:j1', { kind: 'job', label: 'j1', seq: 2, eventIds: ['e2'] });
    const index = new Map<string, number>();
    const rowOf = (id: string) => ({ e1: 0, e2: 1 })[id];
    const nodes = encodeNodes([c1, j1], index, rowsBy(rowOf));
    const timeline = new TimelineEncoder(index);
    timeline.add(...row('e1', 'c1', 1));
    timeline.add(...row('e2', 'job:j1', 2));
    const snapshot: SessionSnapshot = {
      key: 'k',
      version: 1,
      summary,
      nodes,
      edges: encodeEdges([testEdge('job:j1', 'c1', ['job_id' as EdgeReason])], index),
      timeline: timeline.finish(),
      problems: [],
      health,
    };
    const wire = JSON.parse(JSON.stringify(snapshot)) as SessionSnapshot;
    expect(wire.timeline.nodeId.every((v) => typeof v === 'number')).toBe(true);
    expect(wire.nodes.kinds.map((k) => k.eventIds)).toEqual([[[0, 'gone']], [[1]]]);
    const data = fromSnapshot(wire);
    const held = data.nodes.get('c1')!;
    expect(data.timeline.nodeId(0)).toBe('c1');
    expect(data.timeline.nodeId(1)).toBe('job:j1');
    expect(data.edges.get('job:j1->c1')).toMatchObject({ source: 'job:j1', target: 'c1' });
    // As the nodes hold them (the page shares one string per id: shared-ids.ts).
    expect(data.timeline.nodeId(0)).toBe(held.id);
    expect(held.eventIds).toEqual(['e1', 'gone']);
    expect(data.nodes.get('job:j1')!.eventIds).toEqual(['e2']);
    expect(data.timeline.eventId(0)).toBe(held.eventIds[0]);

    // A delta: its new node by position, and a row of a node it does not carry by id.
    const c2 = testNode('c2', { kind: 'tool_call', label: 'git', seq: 3, eventIds: ['e3'] });
    const deltaIndex = new Map<string, number>();
    const upserted = encodeNodes(
      [c2],
      deltaIndex,
      rowsBy((id) => (id === 'e3' ? 0 : undefined)),
    );
    const rows = new TimelineEncoder(deltaIndex);
    rows.add(...row('e3', 'c2', 3));
    rows.add(...row('e4', 'job:j1', 4));
    const d: SessionDelta = {
      key: 'k',
      fromVersion: 1,
      version: 2,
      reset: false,
      summary,
      lineage: {
        upsertedNodes: upserted,
        removedNodes: [],
        upsertedEdges: encodeEdges([testEdge('job:j1', 'c2', ['job_id' as EdgeReason])], deltaIndex),
        removedEdges: [],
      },
      timeline: rows.finish(),
      problems: [],
      health,
    };
    const sent = JSON.parse(JSON.stringify(d)) as SessionDelta;
    expect(sent.timeline.nodeId).toEqual([0, 'job:j1']);
    expect(sent.lineage.upsertedEdges.target).toEqual([0]);
    expect(sent.lineage.upsertedNodes.kinds[0]!.eventIds).toEqual([[0]]);
    const next = applyDeltas(data, [sent]).data;
    expect([next.timeline.nodeId(2), next.timeline.nodeId(3)]).toEqual(['c2', 'job:j1']);
    expect(next.timeline.nodeId(2)).toBe(next.nodes.get('c2')!.id);
    expect(next.edges.get('job:j1->c2')).toMatchObject({ target: 'c2' });
    expect(next.nodes.get('c2')!.eventIds).toEqual(['e3']);

    // A row naming a node its delta does not carry is refused by name (host-sync then tells the
    // user and takes the session again).
    const bad = JSON.parse(JSON.stringify({ ...sent, fromVersion: 2, version: 3 })) as SessionDelta;
    bad.timeline.nodeId = [5, 'job:j1'];
    expect(() => applyDeltas(next, [bad])).toThrow('a timeline row refers to node #5, not in its message');
  });
});

describe('applyDeltas: a big node sent with the events the page holds kept', () => {
  it('puts the events it holds back before the new ones, and shares their strings', () => {
    const data = session();
    const ids = Array.from({ length: 100 }, (_, i) => `launch-${i}`);
    const held = { ...data.nodes.get('job:j1')!, eventIds: ids };
    (data.nodes as Map<string, LineageNode>).set('job:j1', held);
    const grown = { ...held, eventIds: [...ids.map((id) => `${id}`), 'launch-100'] };
    const d = delta(data, {});
    d.lineage.upsertedNodes = encodeNodes([grown], undefined, undefined, () => 100);
    expect(d.lineage.upsertedNodes.kinds[0]!.eventIds[0]).toEqual(['launch-100']);
    const { data: next } = applyDeltas(data, [d]);
    const job = next.nodes.get('job:j1')!;
    expect(job.eventIds).toEqual([...ids, 'launch-100']);
    expect(job.eventIds[0]).toBe(held.eventIds[0]);
  });

  it('cannot be applied by a page that does not hold the node', () => {
    const data = session();
    const d = delta(data, {});
    d.lineage.upsertedNodes = encodeNodes(
      [testNode('job:other', { kind: 'job', label: 'o', seq: 9 })],
      undefined,
      undefined,
      () => 3,
    );
    expect(() => applyDeltas(data, [d])).toThrow(
      /job:other was sent with its first 3 events kept, but it is not held/,
    );
  });
});
