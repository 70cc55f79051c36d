import { describe, expect, it } from 'vitest';
import type { EdgeReason, LineageEdge, LineageNode } from '../../../../src-shared/lineage/types';
import { testEdge, testNode } from '../../../../src-shared/lineage/test-support/lineage-fixtures';
import { chainGrowth } from '../../state/growth-chain';
import { placeNewNodes } from './layout/place-new';
import { RfEdgeCache } from './rf-edge-cache';
import { RfNodeCache } from './rf-node-cache';
import { groupId, visibleGraphOf } from './visible-graph';

const node = (id: string, kind: LineageNode['kind'], seq: number, toolName?: string): LineageNode =>
  testNode(id, { kind, label: toolName ?? id, seq, data: toolName ? { toolName } : {} });

/** A session with bash calls under it, appended to as live deltas leave the maps (in place). */
function liveSession() {
  const nodes = new Map<string, LineageNode>([['s', node('s', 'session', 0)]]);
  const edges = new Map<string, LineageEdge>();
  let seq = 0;
  const append = (tool = 'bash') => {
    const n = node(`c${++seq}`, 'tool_call', seq, tool);
    const e = testEdge('s', n.id, ['session_id' as EdgeReason]);
    nodes.set(n.id, n);
    edges.set(e.id, e);
    return { nodes: [n.id], edges: [e.id], removedNodes: [], removedEdges: [], changedInPlace: [] };
  };
  return { nodes, edges, append };
}

describe('RfNodeCache and RfEdgeCache, live', () => {
  it('give React Flow the same lists while calls only join a collapsed group, and new ones when a node is drawn', () => {
    const s = liveSession();
    for (let i = 0; i < 5; i++) s.append();
    const key = 'rf-lists';
    const none = new Set<string>();
    let structure = 1;
    let graph = visibleGraphOf(key, s.nodes, s.edges, none, structure, null);
    let positions = placeNewNodes(graph, new Map(), 'RIGHT');
    const nodeCache = new RfNodeCache();
    const edgeCache = new RfEdgeCache();
    const nodes1 = nodeCache.build(graph, positions, 'RIGHT');
    const edges1 = edgeCache.build(graph, null);
    expect(nodes1.map((n) => n.id)).toEqual(['s', groupId('s', 'bash')]);

    // A call joins the bash group: the group is a new object with six members…
    const g2 = chainGrowth(null, { from: structure, ...s.append() });
    graph = visibleGraphOf(key, s.nodes, s.edges, none, ++structure, g2);
    expect(graph.groups.get(groupId('s', 'bash'))!.members).toHaveLength(6);
    expect(graph.edgeAt('s', groupId('s', 'bash'))!.count).toBe(6);
    // …but React Flow is given nothing new: its node and edge lists are the ones it has.
    positions = placeNewNodes(graph, positions, 'RIGHT');
    expect(nodeCache.build(graph, positions, 'RIGHT')).toBe(nodes1);
    expect(edgeCache.build(graph, null)).toBe(edges1);

    // A call of another tool draws a new group: new lists, the old objects kept.
    const g3 = chainGrowth(g2, { from: structure, ...s.append('grep') });
    graph = visibleGraphOf(key, s.nodes, s.edges, none, ++structure, g3);
    positions = placeNewNodes(graph, positions, 'RIGHT');
    const nodes3 = nodeCache.build(graph, positions, 'RIGHT');
    expect(nodes3).not.toBe(nodes1);
    expect(nodes3.map((n) => n.id)).toEqual(['s', groupId('s', 'bash'), groupId('s', 'grep')]);
    expect(nodes3[1]).toBe(nodes1[1]);
    expect(edgeCache.build(graph, null)).not.toBe(edges1);

    // Expanding the group changes its box's contents: a new object for it.
    const expanded = new Set([groupId('s', 'bash')]);
    graph = visibleGraphOf(key, s.nodes, s.edges, expanded, structure, null);
    positions = placeNewNodes(graph, positions, 'RIGHT');
    const nodes4 = nodeCache.build(graph, positions, 'RIGHT');
    expect(nodes4.find((n) => n.id === groupId('s', 'bash'))).not.toBe(nodes1[1]);
  });
});
