import { describe, expect, it } from 'vitest';
import type { EdgeReason, LineageEdge, LineageNode } from '../../../../src-shared/lineage/types';
import { chainGrowth, growthSince, MAX_CHAIN } from '../../state/growth-chain';
import type { Growth } from '../../state/session-data';
import { testEdge, testNode } from '../../../../src-shared/lineage/test-support/lineage-fixtures';
import { placeNewNodes } from './layout/place-new';
import { buildVisibleGraph, groupId, kindGroupId, visibleGraphOf, type VisibleGraph } from './visible-graph';

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

  it("keeps a group's last changes chained, back to the versions a node may still be drawn from", () => {
    const s = session(3);
    const key = 'group-changes-chained';
    let graph = visibleGraphOf(key, s.nodes, s.edges, noneExpanded, 40, null);
    const drawn = [graph.groups.get(groupId('s', 'bash'))!.members];
    for (let k = 0; k < 6; k++) {
      graph = visibleGraphOf(
        key,
        s.nodes,
        s.edges,
        noneExpanded,
        41 + k,
        grown(null, 40 + k, s.append(4 + k)),
      );
      drawn.push(graph.groups.get(groupId('s', 'bash'))!.members);
    }
    // Newest first: each change's members are the version before it, four of them kept.
    const chain: string[][] = [];
    for (let c = graph.groups.get(groupId('s', 'bash'))!.previous; c; c = c.previous) {
      chain.push([...c.members]);
      expect(c.added).toEqual([`c${3 + drawn.length - chain.length}`]);
    }
    expect(chain).toEqual(drawn.slice(-5, -1).reverse());
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

describe('visibleGraphOf, a node that came and went between two drawings', () => {
  it('grows past it (an expected artifact until it is produced), as a fresh build would draw', () => {
    const s = session(3);
    const key = 'came-and-went';
    visibleGraphOf(key, s.nodes, s.edges, noneExpanded, 30, null);
    // What the live page saw: the growths since the drawing name the edge to a node that came
    // and went (not in the maps any more) and that node's removal, with another node appended.
    const gone = node('c4', 'tool_call', 4, 'bash');
    const added = s.append(5);
    const g = chainGrowth(null, {
      from: 30,
      nodes: added.nodes,
      edges: ['s->c4', ...added.edges],
      removedNodes: [gone],
      removedEdges: [],
      changedInPlace: [],
    });
    const graph = visibleGraphOf(key, s.nodes, s.edges, noneExpanded, 31, g);
    const group = graph.groups.get(groupId('s', 'bash'))!;
    // Grown, not rebuilt (only a growth says who came).
    expect(group.previous?.added).toEqual(['c5']);
    const fresh = buildVisibleGraph(s.nodes, s.edges, noneExpanded);
    expect(group.members).toEqual(fresh.groups.get(groupId('s', 'bash'))!.members);
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

describe('visibleGraphOf, grown by calls that sort among the members (two processes writing)', () => {
  it('puts each in its place in its group, as a fresh build would, leaving the last group as it was', () => {
    const nodes = new Map<string, LineageNode>([['session', node('session', 'session', 0)]]);
    const edges = new Map<string, LineageEdge>();
    const addCall = (id: string, seq: number) => {
      nodes.set(id, toolCall(id, seq));
      const e = edge('session', id);
      edges.set(e.id, e);
      return { nodes: [id], edges: [e.id] };
    };
    // Writer A's calls at seqs 1…200; writer B's come later, with seqs of its own counter.
    for (let seq = 1; seq <= 200; seq++) addCall(`a${seq}`, seq);
    const expanded = new Set<string>();
    let structure = 1;
    let graph = visibleGraphOf('two', nodes, edges, expanded, structure);
    let last: Growth | null = null;
    for (const seq of [5, 5, 17, 1, 250, 199, 0, 120]) {
      const group = [...graph.groups.values()].find((g) => g.toolName === 'shell')!;
      const before = [...group.members];
      last = grown(last, structure, addCall(`b${seq}-${structure}`, seq));
      graph = visibleGraphOf('two', nodes, edges, expanded, ++structure, last);
      expect(group.members).toEqual(before);
      expect(drawn(graph)).toEqual(drawn(buildVisibleGraph(nodes, edges, expanded)));
    }
    const members = [...graph.groups.values()].find((g) => g.toolName === 'shell')!.members;
    expect(members).toHaveLength(208);
    expect(members.slice(0, 4)).toEqual(['b0-7', 'a1', 'b1-4', 'a2']);
  });
});

describe('visibleGraphOf, a leaf that moves to a new parent (two processes writing)', () => {
  /**
   * A session with `subagents` subagents, each with one validation (attached by name: the spawn
   * of that name last before it). Writer B's spawn of a namesake arrives after a validation it
   * takes over: the validation's edge from the old subagent goes, one from the new one comes.
   */
  function session(subagents: number) {
    const nodes = new Map<string, LineageNode>([['s', node('s', 'session', 0)]]);
    const edges = new Map<string, LineageEdge>();
    const link = (source: string, target: string) => {
      const e = testEdge(source, target, ['subagent_name' as EdgeReason]);
      edges.set(e.id, e);
      return e.id;
    };
    for (let i = 1; i <= subagents; i++) {
      nodes.set(`sa${i}`, node(`sa${i}`, 'subagent', 10 * i));
      link('s', `sa${i}`);
      nodes.set(`v${i}`, node(`v${i}`, 'validation', 10 * i + 5));
      link(`sa${i}`, `v${i}`);
    }
    /**
     * Subagent `id` spawned, taking validation `v` over from its parent `from`: the growth from
     * structure 1 (the drawing) that says so.
     */
    const takeOver = (id: string, seq: number, v: string, from: string): Growth => {
      nodes.set(id, node(id, 'subagent', seq));
      const gone = edges.get(`${from}->${v}`)!;
      edges.delete(gone.id);
      return chainGrowth(null, {
        from: 1,
        nodes: [id],
        edges: [link('s', id), link(id, v)],
        removedNodes: [],
        removedEdges: [gone],
        changedInPlace: [],
      });
    };
    return { nodes, edges, link, takeOver };
  }

  it('moves a validation drawn one by one, as a fresh build draws it, without a rebuild', () => {
    const s = session(2);
    const key = 'move-one';
    const first = visibleGraphOf(key, s.nodes, s.edges, noneExpanded, 1, null);
    const growth = s.takeOver('sa3', 12, 'v1', 'sa1');
    const graph = visibleGraphOf(key, s.nodes, s.edges, noneExpanded, 2, growth);
    expect(graph.representative).toBe(first.representative); // grown: a rebuild makes a new map
    expect(drawn(graph)).toEqual(drawn(buildVisibleGraph(s.nodes, s.edges, noneExpanded)));
    expect(graph.edges.find((e) => e.target === 'v1')?.source).toBe('sa3');
    expect(graph.nodes.filter((n) => n.id === 'v1')).toHaveLength(1);
  });

  it('moves a grouped validation within its group (both subagents drawn as one group): it neither came nor went', () => {
    const s = session(30); // over GROUP_OVER: subagents and their validations drawn as kind groups
    const key = 'move-grouped';
    const first = visibleGraphOf(key, s.nodes, s.edges, noneExpanded, 1, null);
    const growth = s.takeOver('sa31', 12, 'v1', 'sa1');
    const graph = visibleGraphOf(key, s.nodes, s.edges, noneExpanded, 2, growth);
    expect(graph.representative).toBe(first.representative);
    expect(drawn(graph)).toEqual(drawn(buildVisibleGraph(s.nodes, s.edges, noneExpanded)));
    const validations = [...graph.groups.values()].find((g) => g.memberKind === 'validation')!;
    expect(validations.members).toHaveLength(30);
    expect(validations.previous?.added).toEqual([]);
    expect(validations.previous?.removed).toEqual([]);
  });

  it('rebuilds when the node that moves has another way in (a build hangs it by its first edge)', () => {
    const s = session(2);
    const key = 'move-two-ways';
    s.link('sa2', 'v1'); // v1 also hangs by sa2, after sa1
    const first = visibleGraphOf(key, s.nodes, s.edges, noneExpanded, 1, null);
    const growth = s.takeOver('sa3', 12, 'v1', 'sa1');
    const graph = visibleGraphOf(key, s.nodes, s.edges, noneExpanded, 2, growth);
    expect(graph.representative).not.toBe(first.representative);
    expect(drawn(graph)).toEqual(drawn(buildVisibleGraph(s.nodes, s.edges, noneExpanded)));
    expect(graph.edges.some((e) => e.source === 'sa2' && e.target === 'v1')).toBe(true);
  });
});

/** What a visible graph draws, comparable with toEqual (member lists in order, edges by id). */
function drawn(g: VisibleGraph) {
  return {
    nodes: g.nodes.map((n) => ({
      id: n.id,
      kind: n.kind,
      seq: n.seq,
      group: n.group && {
        toolName: n.group.toolName,
        members: n.group.members,
        expanded: n.group.expanded,
        shown: n.group.shown,
      },
    })),
    edges: g.edges
      .map((e) => ({ id: e.id, count: e.count, reasons: [...e.reasons].sort() }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
    representative: [...g.representative].sort(),
  };
}

describe('visibleGraphOf, grown by nodes changed in place (label or seq only)', () => {
  /**
   * A session node with no seq yet (it gets one from its last event), a job with 30 artifacts
   * (a kind group), a subagent and three bash calls, as the page holds them.
   */
  function session() {
    const nodes = new Map<string, LineageNode>();
    const edges = new Map<string, LineageEdge>();
    const add = (n: LineageNode, parent?: string) => {
      nodes.set(n.id, n);
      if (parent) {
        const e = edge(parent, n.id);
        edges.set(e.id, e);
      }
    };
    add(testNode('session:s', { kind: 'session', label: 's', seq: null }));
    add(node('job:j', 'job', 1), 'session:s');
    add(node('subagent:a', 'subagent', 2), 'session:s');
    for (let i = 1; i <= 3; i++) add(node(`c${i}`, 'tool_call', 2 + i, 'bash'), 'session:s');
    for (let i = 1; i <= 30; i++) add(node(`a${i}`, 'artifact', 10 + i), 'job:j');
    /** Changes node `id` in the maps; returns it as it was (for Growth's `changedInPlace`). */
    const change = (id: string, fields: Partial<LineageNode>) => {
      const was = nodes.get(id)!;
      nodes.set(id, { ...was, ...fields });
      return was;
    };
    return { nodes, edges, change };
  }
  const inPlace = (from: number, changedInPlace: LineageNode[]): Growth =>
    chainGrowth(null, { from, nodes: [], edges: [], removedNodes: [], removedEdges: [], changedInPlace });

  it('a new label keeps the graph drawn as it is (nodes draw their label from the store)', () => {
    const s = session();
    const before = visibleGraphOf('relabel', s.nodes, s.edges, noneExpanded, 1);
    const growth = inPlace(1, [
      s.change('subagent:a', { label: 'planner' }),
      s.change('a7', { label: 'x.csv' }),
    ]);
    const after = visibleGraphOf('relabel', s.nodes, s.edges, noneExpanded, 2, growth);
    expect(after).toBe(before);
    expect(drawn(after)).toEqual(drawn(buildVisibleGraph(s.nodes, s.edges, noneExpanded)));
  });

  it('a new seq moves only that node, in the drawn list or in its group, as a fresh build would', () => {
    const s = session();
    const before = visibleGraphOf('reseq', s.nodes, s.edges, noneExpanded, 1);
    const jobBefore = before.nodes.find((n) => n.id === 'job:j')!;
    const artifacts = before.groups.get(kindGroupId('job:j', 'artifact'))!;
    const tools = before.groups.get(groupId('session:s', 'bash'))!;
    const positions = new Map(before.nodes.map((n, i) => [n.id, { x: i, y: 0 }]));
    // The session's last event gives it a seq; an artifact is seen earlier than it was (seq 12 → 100).
    const growth = inPlace(1, [s.change('session:s', { seq: 200 }), s.change('a2', { seq: 100 })]);
    const after = visibleGraphOf('reseq', s.nodes, s.edges, noneExpanded, 2, growth);

    expect(drawn(after)).toEqual(drawn(buildVisibleGraph(s.nodes, s.edges, noneExpanded)));
    expect(after.nodes.at(-1)).toMatchObject({ id: 'session:s', seq: 200 });
    const grownArtifacts = after.groups.get(kindGroupId('job:j', 'artifact'))!;
    expect(grownArtifacts.members.at(-1)).toBe('a2');
    // Grown, not rebuilt: the rest keep their objects, the group says it gained and lost no one
    // (group-stats updates its figures from the changed node alone), nothing new to place.
    expect(after.nodes.find((n) => n.id === 'job:j')).toBe(jobBefore);
    expect(after.groups.get(groupId('session:s', 'bash'))).toBe(tools);
    expect(grownArtifacts.previous).toEqual({ members: artifacts.members, added: [], removed: [] });
    expect(placeNewNodes(after, positions, 'RIGHT')).toBe(positions);
  });

  it('rebuilds when a new seq changes which members an expanded group shows', () => {
    const s = session();
    const expanded = new Set([kindGroupId('job:j', 'artifact')]);
    const before = visibleGraphOf('reseq-expanded', s.nodes, s.edges, expanded, 1);
    const growth = inPlace(1, [s.change('a1', { seq: 100 })]);
    const after = visibleGraphOf('reseq-expanded', s.nodes, s.edges, expanded, 2, growth);
    expect(after).not.toBe(before);
    expect(drawn(after)).toEqual(drawn(buildVisibleGraph(s.nodes, s.edges, expanded)));
  });

  it('a reshape (no growth) still rebuilds: a tool call that changed tool moves group', () => {
    const s = session();
    const before = visibleGraphOf('reshape', s.nodes, s.edges, noneExpanded, 1);
    s.change('c2', { label: 'git', data: { toolName: 'git' } });
    const after = visibleGraphOf('reshape', s.nodes, s.edges, noneExpanded, 2, null);
    expect(after).not.toBe(before);
    expect(after.groups.get(groupId('session:s', 'git'))?.members).toEqual(['c2']);
    expect(after.groups.get(groupId('session:s', 'bash'))?.members).toEqual(['c1', 'c3']);
    expect(drawn(after)).toEqual(drawn(buildVisibleGraph(s.nodes, s.edges, noneExpanded)));
  });
});

describe('buildVisibleGraph, nodes on a cycle no root leads to', () => {
  it('draws each node once: the earliest as a root, the others under it, the edge back into it merged', () => {
    const nodes = new Map<string, LineageNode>(
      [node('s', 'session', 0), node('x', 'job', 5), node('y', 'artifact', 6), node('z', 'artifact', 7)].map(
        (n) => [n.id, n],
      ),
    );
    const edges = new Map<string, LineageEdge>(
      [edge('z', 'x'), edge('x', 'y'), edge('y', 'z')].map((e) => [e.id, e]),
    );
    const graph = buildVisibleGraph(nodes, edges, noneExpanded);
    expect(graph.nodes.map((n) => n.id)).toEqual(['s', 'x', 'y', 'z']);
    expect([...graph.representative]).toEqual([
      ['s', 's'],
      ['x', 'x'],
      ['y', 'y'],
      ['z', 'z'],
    ]);
    expect(graph.edges.map((e) => e.id).sort()).toEqual(['x->y', 'y->z', 'z->x']);
  });
});
