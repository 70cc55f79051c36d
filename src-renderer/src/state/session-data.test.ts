import { describe, expect, it } from 'vitest';
import type { SessionDelta, SessionListItem } from '../../../src-shared/bridge/contract';
import { encodeEdges, encodeNodes } from '../../../src-shared/bridge/graph-columns';
import { emptyTimelineColumns } from '../../../src-shared/bridge/timeline-columns';
import type { EdgeReason, LineageEdge, LineageNode } from '../../../src-shared/lineage/types';
import { testEdge, testNode } from '../../../src-shared/lineage/test-support/lineage-fixtures';
import { growthSince } from './growth-chain';
import { applyDeltas, newStructure, type SessionData } from './session-data';
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
