import { describe, expect, it } from 'vitest';
import type { LineageNode } from '../../../../../src-shared/lineage/types';
import type { AppState } from '../../../state/store';
import type { ToolGroup } from '../visible-graph';
import { changesSince, groupTotals } from './group-stats';

const node = (id: string, failed = false) => ({ id, failed }) as unknown as LineageNode;
const group = (members: string[], previous?: ToolGroup['previous']): ToolGroup => ({
  toolName: 'bash',
  memberKind: 'tool_call' as ToolGroup['memberKind'],
  parentId: 'job',
  members,
  expanded: false,
  shown: 0,
  previous,
});
const state = (
  revision: number,
  nodes: LineageNode[],
  before: [string, LineageNode | null][] | null,
  newNodes: string[] = [],
) =>
  ({
    data: {
      key: 'k',
      revision,
      nodes: new Map(nodes.map((n) => [n.id, n])),
      nodeChanges: before ? { from: revision - 1, before: new Map(before) } : null,
    },
    newNodes: new Set<string>(newNodes),
  }) as unknown as AppState;

describe('groupTotals', () => {
  it('a group grown by a live append counts only its new members, also when a store-change run saw the old group first', () => {
    let calls = 0;
    const totals = groupTotals((n) => {
      calls++;
      return { n: 1, failed: (n as unknown as { failed: boolean }).failed ? 1 : 0 };
    });
    const a = node('a');
    const b = node('b', true);
    const old = group(['a', 'b']);
    expect(totals(state(1, [a, b], null), 'g', old)).toMatchObject({ n: 2, failed: 1 });
    expect(calls).toBe(2);

    // Revision 2 adds c (failed) to the group. The store change runs the selector with the group
    // of the last render, then the render brings the grown group.
    const c = node('c', true);
    const s2 = state(2, [a, b, c], [['c', null]]);
    expect(totals(s2, 'g', old)).toMatchObject({ n: 2, failed: 1 });
    const grown = group(['a', 'b', 'c'], { members: old.members, added: ['c'], removed: [] });
    calls = 0;
    expect(totals(s2, 'g', grown)).toMatchObject({ n: 3, failed: 2 });
    expect(calls).toBe(1); // c only, not a recount of all three

    // Revision 3 moves a out of the group: the same two steps.
    const s3 = state(3, [a, b, c], []);
    totals(s3, 'g', grown);
    const shrunk = group(['b', 'c'], { members: grown.members, added: [], removed: ['a'] });
    expect(totals(s3, 'g', shrunk)).toMatchObject({ n: 2, failed: 2 });
  });

  it('keeps its sums right over many growths, when members that joined later change', () => {
    const totals = groupTotals((n) => ({
      n: 1,
      failed: (n as unknown as { failed: boolean }).failed ? 1 : 0,
    }));
    const nodes = new Map<string, LineageNode>([['m0', node('m0')]]);
    let g = group(['m0']);
    expect(totals(state(1, [...nodes.values()], null), 'g', g)).toMatchObject({ n: 1, failed: 0 });
    for (let revision = 2; revision <= 12; revision++) {
      // Each revision: a new member joins, and the member that joined two revisions ago fails.
      const joined = `m${revision - 1}`;
      const changed = `m${revision - 3}`;
      const before: [string, LineageNode | null][] = [[joined, null]];
      nodes.set(joined, node(joined));
      if (nodes.has(changed)) {
        before.push([changed, nodes.get(changed)!]);
        nodes.set(changed, node(changed, true));
      }
      const s = state(revision, [...nodes.values()], before);
      totals(s, 'g', g); // the store change's run, with the group of the last render
      g = group([...g.members, joined], { members: g.members, added: [joined], removed: [] });
      const failed = [...nodes.values()].filter((n) => (n as unknown as { failed: boolean }).failed).length;
      expect(totals(s, 'g', g)).toMatchObject({ n: nodes.size, failed, isNew: 0 });
      // Marked new: the member that just joined is, a node of another group is not.
      const marked = state(revision, [...nodes.values()], before, [joined]);
      expect(totals(marked, 'g', g)).toMatchObject({ isNew: 1 });
      expect(totals(state(revision, [...nodes.values()], before, ['elsewhere']), 'g', g)).toMatchObject({
        isNew: 0,
      });
    }
  });

  it('a group drawn two growths after the one it counted carries its figures over both, not a recount', () => {
    let calls = 0;
    const totals = groupTotals((n) => {
      calls++;
      return { n: 1, failed: (n as unknown as { failed: boolean }).failed ? 1 : 0 };
    });
    const [a, b, c, d, e, f] = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => node(id, id === 'b' || id === 'c'));
    const first = group(['a', 'b', 'e', 'f']);
    const s1 = state(1, [a!, b!, c!, d!, e!, f!], null);
    expect(totals(s1, 'g', first)).toMatchObject({ n: 4, failed: 1 });
    // Two growths the node never drew alone (React Flow took both graphs in one render): c came,
    // then d came and b went. The chain of changes reaches the version it counted.
    const second = group(['a', 'b', 'c', 'e', 'f'], { members: first.members, added: ['c'], removed: [] });
    const third = group(['a', 'c', 'd', 'e', 'f'], {
      members: second.members,
      added: ['d'],
      removed: ['b'],
      previous: second.previous,
    });
    calls = 0;
    expect(totals(s1, 'g', third)).toMatchObject({ n: 5, failed: 1 });
    expect(calls).toBe(3); // c and d counted, b taken off: not the five members again
    // A version not in the chain is counted again, whole.
    const unrelated = group(['a', 'c', 'd'], { members: ['x'], added: ['d'], removed: [] });
    calls = 0;
    expect(totals(s1, 'g', unrelated)).toMatchObject({ n: 3, failed: 1 });
    expect(calls).toBe(3);
  });
});

describe('changesSince', () => {
  it('nets out the members that came and went over the steps', () => {
    const v1 = ['a'];
    const v2 = ['a', 'b'];
    const v3 = ['a', 'c'];
    const g = group(['c', 'd'], {
      members: v3,
      added: ['d'],
      removed: ['a'],
      previous: {
        members: v2,
        added: ['c'],
        removed: ['b'],
        previous: { members: v1, added: ['b'], removed: [] },
      },
    });
    expect(changesSince(g, v1)).toEqual({ added: ['c', 'd'], removed: ['a'] });
    expect(changesSince(g, v3)).toMatchObject({ added: ['d'], removed: ['a'] });
    expect(changesSince(g, ['other'])).toBeNull();
  });
});
