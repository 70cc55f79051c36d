import { describe, expect, it } from 'vitest';
import type { EdgeReason, LineageEdge, LineageNode } from '../../../../src-shared/lineage/types';
import { chainGrowth, growthSince, MAX_CHAIN } from '../../state/growth-chain';
import type { Growth } from '../../state/session-data';
import { testEdge, testNode } from '../../../../src-shared/lineage/test-support/lineage-fixtures';
import { buildVisibleGraph, groupId, visibleGraphOf } from './visible-graph';

const node = (id: string, kind: LineageNode['kind'], seq: number, toolName?: string): LineageNode =>
  testNode(id, { kind, label: toolName ?? id, seq, data: toolName ? { toolName } : {} });
const edge = (source: string, target: string): LineageEdge =>
  testEdge(source, target, ['session_id' as EdgeReason]);

/** A session with `calls` bash calls under it, as live appends leave the maps (updated in place). */
function session(calls: number) {
  const nodes = new Map<string, LineageNode>([['s', node('s', 'session', 0)]]);
  const edges = new Map<string, LineageEdge>();
  const append = (i: number) => {
    const n = node(`c${i}`, 'tool_call', i, 'bash');
    const e = edge('s', n.id);
    nodes.set(n.id, n);
    edges.set(e.id, e);
    return { nodes: [n.id], edges: [e.id] };
  };
  for (let i = 1; i <= calls; i++) append(i);
  return { nodes, edges, append };
}

/** One growth after another, linked as applyDeltas links them. */
function grown(last: Growth | null, from: number, added: { nodes: string[]; edges: string[] }): Growth {
  return chainGrowth(last, { from, ...added, removedNodes: [], removedEdges: [], changedInPlace: [] });
}

const noneExpanded: ReadonlySet<string> = new Set();

describe('growthSince', () => {
  it('merges the growths back to a structure; a node added and then removed within them is neither', () => {
    const n2 = node('c2', 'tool_call', 2, 'bash');
    const g1 = chainGrowth(null, {
      from: 1,
      nodes: ['c1'],
      edges: [],
      removedNodes: [],
      removedEdges: [],
      changedInPlace: [],
    });
    const g2 = chainGrowth(g1, {
      from: 2,
      nodes: ['c2'],
      edges: ['s->c2'],
      removedNodes: [],
      removedEdges: [],
      changedInPlace: [],
    });
    const g3 = chainGrowth(g2, {
      from: 3,
      nodes: ['c3'],
      edges: [],
      removedNodes: [n2],
      removedEdges: [],
      changedInPlace: [],
    });
    const merged = growthSince(g3, 1)!;
    expect(merged.from).toBe(1);
    expect(merged.nodes).toEqual(['c1', 'c3']);
    expect(merged.edges).toEqual(['s->c2']);
    expect(merged.removedNodes).toEqual([]);
    expect(growthSince(g3, 3)).toBe(g3);
    expect(growthSince(g3, 0)).toBeNull(); // not reachable: the caller rebuilds
  });

  it('always reaches MAX_CHAIN - 1 versions back, however long the session has grown', () => {
    let g: Growth | null = null;
    for (let from = 0; from < 5 * MAX_CHAIN; from++) {
      g = chainGrowth(g, {
        from,
        nodes: [`c${from}`],
        edges: [],
        removedNodes: [],
        removedEdges: [],
        changedInPlace: [],
      });
      const back = Math.max(0, from - (MAX_CHAIN - 1));
      expect(growthSince(g, back)?.nodes.length).toBe(from - back + 1);
      if (back > 0) expect(growthSince(g, back - 1)).toBeNull(); // older links are let go
    }
  });
});

describe('visibleGraphOf', () => {
  it('grows what it drew over versions it was never called with (a deferred render skipped them)', () => {
    const s = session(3);
    const key = 'grow-over-skipped';
    visibleGraphOf(key, s.nodes, s.edges, noneExpanded, 10, null);
    // Three live appends, each a structure of its own; the view is called with the last only.
    const g1 = grown(null, 10, s.append(4));
    const g2 = grown(g1, 11, s.append(5));
    const g3 = grown(g2, 12, s.append(6));
    const graph = visibleGraphOf(key, s.nodes, s.edges, noneExpanded, 13, g3);
    const group = graph.groups.get(groupId('s', 'bash'))!;
    expect(group.members).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
    // Grown, not rebuilt: the group says who came since what was drawn (group-stats counts only them).
    expect(group.previous?.added).toEqual(['c4', 'c5', 'c6']);
    expect(graph.edges.find((e) => e.target === groupId('s', 'bash'))?.count).toBe(6);
  });

  it('adds nothing twice when a build already saw what a later growth brings (maps are newer than the shape)', () => {
    const s = session(2);
    const key = 'build-saw-it';
    // The shape drawn is structure 20, but the maps already hold the append of structure 21.
    const g = grown(null, 20, s.append(3));
    visibleGraphOf(key, s.nodes, s.edges, noneExpanded, 20, null);
    const graph = visibleGraphOf(key, s.nodes, s.edges, noneExpanded, 21, g);
    const fresh = buildVisibleGraph(s.nodes, s.edges, noneExpanded);
    expect(graph.groups.get(groupId('s', 'bash'))!.members).toEqual(['c1', 'c2', 'c3']);
    expect(graph.edges.map((e) => [e.id, e.count])).toEqual(fresh.edges.map((e) => [e.id, e.count]));
  });
});

/** A tool call as the sciagent lineage makes it (its event id is its node id here). */
const toolCall = (id: string, seq: number): LineageNode =>
  testNode(id, { kind: 'tool_call', seq, eventIds: [id], data: { toolName: 'shell' } });

describe('visibleGraphOf, grown by appended nodes', () => {
  it('puts every appended tool call into its group in seq order, leaving the group the last graph held as it was', () => {
    // As the page holds them: one Map of nodes and one of edges, changed in place by deltas.
    const nodes = new Map<string, LineageNode>([['session', node('session', 'session', 0)]]);
    const edges = new Map<string, LineageEdge>();
    const addCall = (seq: number) => {
      const id = `call-${seq}`;
      nodes.set(id, toolCall(id, seq));
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
      changedInPlace: [],
      previous: null,
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
