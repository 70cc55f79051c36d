import { describe, expect, it } from 'vitest';
import type { LineageEdge, LineageNode } from '../../../../src-shared/lineage/types';
import { testEdge, testNode } from '../../../../src-shared/lineage/test-support/lineage-fixtures';
import { visibleGraphOf } from './visible-graph';

const node = (id: string, kind: LineageNode['kind'], seq: number): LineageNode =>
  testNode(id, { kind, seq, eventIds: [id], data: kind === 'tool_call' ? { toolName: 'shell' } : {} });
const edge = (source: string, target: string): LineageEdge => testEdge(source, target);

describe('visibleGraphOf, grown by appended nodes', () => {
  it('puts every appended tool call into its group in seq order, leaving the group the last graph held as it was', () => {
    // As the page holds them: one Map of nodes and one of edges, changed in place by deltas.
    const nodes = new Map<string, LineageNode>([['session', node('session', 'session', 0)]]);
    const edges = new Map<string, LineageEdge>();
    const addCall = (seq: number) => {
      const id = `call-${seq}`;
      nodes.set(id, node(id, 'tool_call', seq));
      const e = edge('session', id);
      edges.set(e.id, e);
      return { id, edge: e.id };
    };
    for (let seq = 1; seq <= 40; seq++) addCall(seq);
    const expanded = new Set<string>();
    const first = visibleGraphOf('k', nodes, edges, expanded, 1);
    const group = [...first.groups.values()].find((g) => g.toolName === 'shell')!;
    const before = [...group.members];

    // A delta of 3,000 appended calls (one arrives out of order), applied as a growth.
    const added = [];
    for (let seq = 41; seq <= 3040; seq++) added.push(addCall(seq === 41 ? 3041 : seq));
    const grown = visibleGraphOf('k', nodes, edges, expanded, 2, {
      from: 1,
      nodes: added.map((a) => a.id),
      edges: added.map((a) => a.edge),
      removedNodes: [],
      removedEdges: [],
    });
    const after = [...grown.groups.values()].find((g) => g.toolName === 'shell')!;
    expect(after.members).toHaveLength(3040);
    const seqs = after.members.map((id) => nodes.get(id)!.seq!);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(after.previous?.added).toHaveLength(3000);
    // The earlier graph's group is untouched (views compare the two).
    expect(group.members).toEqual(before);
  });
});
