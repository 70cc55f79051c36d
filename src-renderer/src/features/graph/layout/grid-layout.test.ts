import { describe, expect, it } from 'vitest';
import { gridLayoutOf, WRAP_AT } from './grid-layout';
import { LAYER_GAP } from './node-size';

const node = (id: string) => ({ id, width: 232, height: 52 });

/** A group and its `n` members, as an expanded tool group: one layer of n nodes after it. */
function fan(n: number) {
  const nodes = [node('group'), ...Array.from({ length: n }, (_, i) => node(`m${i}`))];
  const edges = nodes.slice(1).map((m) => ({ source: 'group', target: m.id }));
  return { nodes, edges };
}

function extent(positions: Map<string, { x: number; y: number }>, ids: string[]) {
  const xs = ids.map((id) => positions.get(id)!.x);
  const ys = ids.map((id) => positions.get(id)!.y);
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

describe('the grid layout (grid-layout.ts)', () => {
  it('puts a layer of up to WRAP_AT nodes in one column after its parent', () => {
    const { nodes, edges } = fan(WRAP_AT);
    const at = gridLayoutOf(nodes, edges, 'RIGHT');
    const members = nodes.slice(1).map((n) => n.id);
    expect(new Set(members.map((id) => at.get(id)!.x))).toEqual(new Set([232 + LAYER_GAP]));
    expect(members.map((id) => at.get(id)!.y)).toEqual(members.map((_, i) => i * (52 + 20)));
  });

  it('wraps a wider layer into a few columns side by side, none overlapping', () => {
    const { nodes, edges } = fan(330);
    for (const direction of ['RIGHT', 'DOWN'] as const) {
      const at = gridLayoutOf(nodes, edges, direction);
      const members = nodes.slice(1).map((n) => n.id);
      const box = extent(at, members);
      const [long, short] = direction === 'RIGHT' ? [box.height, box.width] : [box.width, box.height];
      const columns = new Set(members.map((id) => (direction === 'RIGHT' ? at.get(id)!.x : at.get(id)!.y)));
      // One column was 330 nodes long; wrapped, a few columns, each under half of that.
      const single = 330 * (direction === 'RIGHT' ? 52 + 20 : 232 + 20);
      expect(columns.size).toBeGreaterThanOrEqual(3);
      expect(long).toBeLessThan(single / 2);
      // Longer than wide, not a hairline: the block is at most ~10 times as long as it is deep.
      expect(long).toBeGreaterThan(short);
      expect(long).toBeLessThan(10 * (short + 232));
      // Still after the group, and no two members on the same spot or overlapping.
      for (const id of members)
        expect(direction === 'RIGHT' ? at.get(id)!.x : at.get(id)!.y).toBeGreaterThan(0);
      const boxes = members.map((id) => at.get(id)!);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i]!;
          const b = boxes[j]!;
          expect(Math.abs(a.x - b.x) >= 232 || Math.abs(a.y - b.y) >= 52).toBe(true);
        }
    }
  });

  it('starts the next layer after the last column of a wrapped one', () => {
    const { nodes, edges } = fan(100);
    nodes.push(node('after'));
    edges.push({ source: 'm99', target: 'after' });
    const at = gridLayoutOf(nodes, edges, 'RIGHT');
    const lastColumn = Math.max(...nodes.slice(1, 101).map((n) => at.get(n.id)!.x));
    expect(at.get('after')!.x).toBe(lastColumn + 232 + LAYER_GAP);
  });
});
