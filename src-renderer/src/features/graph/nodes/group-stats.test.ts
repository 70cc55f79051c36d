import { describe, expect, it } from 'vitest';
import type { LineageNode } from '../../../../../src-shared/lineage/types';
import type { AppState } from '../../../state/store';
import type { ToolGroup } from '../visible-graph';
import { groupTotals } from './group-stats';

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
const state = (revision: number, nodes: LineageNode[], before: [string, LineageNode | null][] | null) =>
  ({
    data: {
      key: 'k',
      revision,
      nodes: new Map(nodes.map((n) => [n.id, n])),
      nodeChanges: before ? { from: revision - 1, before: new Map(before) } : null,
    },
    newNodes: new Set<string>(),
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
});
