// The engine on its own, with a toy builder: what the sciagent graph never does (edges shared by
// two owners, extras, dependency cycles) but the engine promises.
import { describe, expect, it } from 'vitest';
import { KeptKeys, ReactiveGraph, type BuildContext, type BuildResult } from './reactive-graph';
import type { LineageEdge, LineageNode } from './types';
import { testEdge, testNode } from './test-support/lineage-fixtures';

/** A member: `edge:<target>` owns an edge to target, `pub:<name>` publishes, `read:<name>` looks up. */
type Member = string;

const node = (id: string, data: Record<string, unknown> = {}): LineageNode => testNode(id, { data });
const edge = (source: string, target: string): LineageEdge => testEdge(source, target, ['session_id']);

function build(id: string, members: readonly Member[], ctx: BuildContext): BuildResult {
  const edges: LineageEdge[] = [];
  const extras: LineageNode[] = [];
  const publishes: [string, string][] = [];
  const data: Record<string, unknown> = {};
  for (const m of members) {
    const [what, arg] = m.split(':') as [string, string];
    if (what === 'edge') edges.push(edge('shared', arg));
    if (what === 'extra') extras.push(node(arg));
    if (what === 'pub') publishes.push(['k', arg]);
    if (what === 'read') data[arg] = [...ctx.lookup('k', arg)].sort();
    if (what === 'exists') data[`exists ${arg}`] = ctx.exists(arg);
  }
  return { node: node(id, data), edges, extras, publishes };
}

const signature = (r: BuildResult) => JSON.stringify(r.node?.data ?? null);

describe('ReactiveGraph', () => {
  it('keeps an edge two nodes own until the last of them drops it', () => {
    const g = new ReactiveGraph<Member>(build, signature);
    g.addMember('a', 'edge:t');
    g.addMember('b', 'edge:t');
    expect(g.flush().upsertedEdges.map((e) => e.id)).toEqual(['shared->t']);
    g.removeMember('a', 'edge:t');
    expect(g.flush().removedEdges).toEqual([]);
    expect(g.edges.has('shared->t')).toBe(true);
    g.removeMember('b', 'edge:t');
    expect(g.flush().removedEdges).toEqual(['shared->t']);
    expect(g.edges.size).toBe(0);
  });

  it('tells the readers of keys that came or went, and keeps a key still published once of twice', () => {
    const g = new ReactiveGraph<Member>(build, signature);
    for (const m of ['pub:A', 'pub:B', 'pub:A']) g.addMember('p', m);
    g.addMember('r', 'read:A');
    g.addMember('r', 'read:C');
    g.flush();
    expect(g.nodes.get('r')!.data).toEqual({ A: ['p'], C: [] });
    // p now publishes A and C: B went (A, listed twice, is still there once).
    g.removeMember('p', 'pub:A');
    g.removeMember('p', 'pub:B');
    g.addMember('p', 'pub:C');
    g.flush();
    expect(g.nodes.get('r')!.data).toEqual({ A: ['p'], C: ['p'] });
    g.addMember('r2', 'read:A');
    g.flush();
    expect(g.nodes.get('r2')!.data).toEqual({ A: ['p'] });
  });

  it('keeps an extra node while any owner lists it', () => {
    const g = new ReactiveGraph<Member>(build, signature);
    g.addMember('a', 'extra:x');
    g.addMember('b', 'extra:x');
    g.flush();
    g.removeMember('a', 'extra:x');
    const d1 = g.flush();
    expect(d1.removedNodes).toEqual(['a']);
    expect(g.nodes.has('x')).toBe(true);
    g.removeMember('b', 'extra:x');
    expect(g.flush().removedNodes.sort()).toEqual(['b', 'x']);
    // Nothing left of a, b nor x: the engine forgets them.
    expect(g.stateCount).toBe(0);
  });

  it('lists nodes in the order a map of them would: first built, and again last after a removal', () => {
    const g = new ReactiveGraph<Member>(build, signature);
    g.addMember('a', 'extra:x');
    g.addMember('b', 'pub:1');
    g.addMember('c', 'pub:2');
    g.flush();
    expect([...g.nodes.keys()]).toEqual(['a', 'x', 'b', 'c']);
    g.removeMember('b', 'pub:1');
    g.flush();
    g.addMember('b', 'pub:3');
    g.addMember('a', 'pub:4'); // rebuilt, not moved
    g.flush();
    expect([...g.nodes.keys()]).toEqual(['a', 'x', 'c', 'b']);
    expect([...g.nodes.values()].map((n) => n.id)).toEqual(['a', 'x', 'c', 'b']);
    expect([...g.nodes].map(([id, n]) => id === n.id)).toEqual([true, true, true, true]);
    expect(g.nodes.size).toBe(4);
    expect(g.nodes.get('x')?.id).toBe('x');
    expect(g.nodes.has('zz')).toBe(false);
  });

  it('rebuilds readers when a key they looked up is published, moved or dropped', () => {
    const g = new ReactiveGraph<Member>(build, signature);
    g.addMember('reader', 'read:p');
    g.addMember('reader', 'exists:w');
    g.flush();
    expect(g.nodes.get('reader')!.data).toEqual({ p: [], 'exists w': false });
    g.addMember('w', 'pub:p');
    expect(g.flush().upsertedNodes.map((n) => n.id)).toEqual(['w', 'reader']);
    expect(g.nodes.get('reader')!.data).toEqual({ p: ['w'], 'exists w': true });
    g.removeMember('w', 'pub:p');
    g.addMember('v', 'pub:p');
    g.flush();
    expect(g.nodes.get('reader')!.data).toEqual({ p: ['v'], 'exists w': false });
  });

  it('stops a dependency cycle instead of hanging', () => {
    // Each node publishes what it read, so each rebuild changes the other's signature.
    const cyclic = (id: string, members: readonly Member[], ctx: BuildContext): BuildResult => {
      const other = id === 'a' ? 'b' : 'a';
      const seen = ctx.lookup('k', other).size;
      const n = node(id, { seen, members: members.length });
      return { node: n, edges: [], extras: [], publishes: [['k', id]] };
    };
    let builds = 0;
    const g = new ReactiveGraph<Member>(
      (id, m, ctx) => {
        builds++;
        return cyclic(id, m, ctx);
      },
      () => String(builds),
    );
    g.addMember('a', '1');
    g.addMember('b', '1');
    g.flush();
    expect(builds).toBe(2 * 8); // each rebuilt at most 8 times in one flush
    expect(g.nodes.size).toBe(2);
  });
});

describe('ReactiveGraph, keys a builder keeps watched (KeptKeys)', () => {
  /** A node `w` whose members `keep:<name>` are kept watched; its data: which are published. */
  function keepingGraph() {
    let list = new KeptKeys();
    const answers = new Map<string, boolean>();
    const peeks: string[] = [];
    const changes: string[][] = [];
    const g = new ReactiveGraph<Member>((id, members, ctx) => {
      if (id !== 'w') return build(id, members, ctx);
      const changed = list.takeChanged();
      changes.push(changed);
      // A key asked again only when new to the list or changed.
      for (let i = 0; i < changed.length; i += 2)
        answers.set(changed[i + 1]!, ctx.peek('k', changed[i + 1]!));
      for (const m of members) {
        const name = m.slice('keep:'.length);
        if (answers.has(name)) continue;
        list.add('k', name);
        peeks.push(name);
        answers.set(name, ctx.peek('k', name));
      }
      ctx.watchKept(list);
      return { node: node(id, Object.fromEntries(answers)), edges: [], extras: [], publishes: [] };
    }, signature);
    return {
      g,
      peeks,
      changes,
      startOver: () => {
        list = new KeptKeys();
        answers.clear();
      },
    };
  }

  it('rebuilds the node when a kept key changes, says which, and asks nothing else again', () => {
    const { g, peeks, changes } = keepingGraph();
    g.addMember('w', 'keep:A');
    g.addMember('w', 'keep:B');
    g.flush();
    expect(g.nodes.get('w')!.data).toEqual({ A: false, B: false });
    g.addMember('w', 'keep:C'); // grown: only C is asked and recorded
    g.flush();
    expect(peeks).toEqual(['A', 'B', 'C']);
    g.addMember('p', 'pub:B'); // B appears: w is rebuilt, told it was B
    g.flush();
    expect(g.nodes.get('w')!.data).toEqual({ A: false, B: true, C: false });
    expect(changes.at(-1)).toEqual(['k', 'B']);
    expect(peeks).toEqual(['A', 'B', 'C']);
    g.removeMember('p', 'pub:B'); // and goes again
    g.flush();
    expect(g.nodes.get('w')!.data).toEqual({ A: false, B: false, C: false });
    g.addMember('q', 'pub:Z'); // not a key of w's: not rebuilt
    const builds = g.rebuilds;
    g.flush();
    expect(g.rebuilds).toBe(builds + 1); // q only
  });

  it('drops the keys of a list it is no longer given', () => {
    const { g, startOver } = keepingGraph();
    g.addMember('w', 'keep:A');
    g.flush();
    startOver(); // the builder starts again with another list, without A
    g.removeMember('w', 'keep:A');
    g.addMember('w', 'keep:B');
    g.flush();
    const builds = g.rebuilds;
    g.addMember('p', 'pub:A'); // A no longer watched by w
    g.flush();
    expect(g.rebuilds).toBe(builds + 1); // p only
    g.addMember('p', 'pub:B');
    g.flush();
    expect(g.nodes.get('w')!.data).toEqual({ B: true });
  });
});
