import { describe, expect, it } from 'vitest';
import { buildParentForest, type ParentForest } from './parent-links';

/** Every node reachable once from a root, depths consistent, no cycle left. */
function expectForest(f: ParentForest, n: number) {
  const seen = new Array<number>(n).fill(0);
  const stack = [...f.roots];
  while (stack.length) {
    const u = stack.pop()!;
    seen[u]!++;
    for (const c of f.children[u]!) {
      expect(f.parent[c]).toBe(u);
      expect(f.depth[c]).toBe(f.depth[u]! + 1);
      stack.push(c);
    }
  }
  expect(seen.every((s) => s === 1)).toBe(true);
  for (const r of f.roots) expect(f.parent[r]).toBeNull();
}

describe('buildParentForest', () => {
  it('a plain tree stays as written', () => {
    const f = buildParentForest([null, 0, 0, 1]);
    expect(f.roots).toEqual([0]);
    expect(f.children).toEqual([[1, 2], [3], [], []]);
    expect(f.depth).toEqual([0, 1, 1, 2]);
    expect(f.cycles).toEqual([]);
  });

  it('forward parents (a parent later in the file) are fine', () => {
    const f = buildParentForest([2, 0, null]);
    expect(f.roots).toEqual([2]);
    expect(f.depth).toEqual([1, 2, 0]);
    expectForest(f, 3);
  });

  it('a two-node cycle is broken at the earliest node, which becomes the root', () => {
    const f = buildParentForest([1, 0]);
    expect(f.cycles).toEqual([{ nodes: [0, 1], child: 0, parent: 1 }]);
    expect(f.roots).toEqual([0]);
    expect(f.parent).toEqual([null, 0]);
    expect(f.cycleOf).toEqual([0, 0]);
    expectForest(f, 2);
  });

  it('a self-parent is a cycle of one', () => {
    const f = buildParentForest([null, 1]);
    expect(f.cycles).toEqual([{ nodes: [1], child: 1, parent: 1 }]);
    expect(f.roots).toEqual([0, 1]);
  });

  it('cycles with tails, several cycles, listed in parent order', () => {
    // 0 → 3 → 4 → 2 → 0 is a cycle; 1 and 5 hang off it; 6 ↔ 7 is another; 8 hangs off 7.
    const f = buildParentForest([3, 0, 0, 4, 2, 1, 7, 6, 7]);
    expect(f.cycles).toEqual([
      { nodes: [0, 3, 4, 2], child: 0, parent: 3 },
      { nodes: [6, 7], child: 6, parent: 7 },
    ]);
    expect(f.roots).toEqual([0, 6]);
    expect(f.cycleOf).toEqual([0, null, 0, 0, 0, null, 1, 1, null]);
    expectForest(f, 9);
  });

  it('out-of-range parents are treated as none', () => {
    const f = buildParentForest([5, -1, 0]);
    expect(f.roots).toEqual([0, 1]);
    expectForest(f, 3);
  });

  it('5,000 nodes in one cycle, or in one deep chain, do not overflow or hang', () => {
    const n = 5000;
    const ring = buildParentForest(Array.from({ length: n }, (_, i) => (i + 1) % n));
    expect(ring.cycles).toHaveLength(1);
    expect(ring.cycles[0]!.nodes).toHaveLength(n);
    expect(ring.roots).toEqual([0]);
    expect(ring.depth[1]).toBe(n - 1);
    expectForest(ring, n);

    const chain = buildParentForest(Array.from({ length: n }, (_, i) => (i === 0 ? null : i - 1)));
    expect(chain.depth[n - 1]).toBe(n - 1);
    // Written backwards: every parent comes later in the file.
    const backwards = buildParentForest(Array.from({ length: n }, (_, i) => (i === n - 1 ? null : i + 1)));
    expect(backwards.roots).toEqual([n - 1]);
    expect(backwards.depth[0]).toBe(n - 1);
  });

  it('any parent array at all becomes a forest (random, seeded)', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round++) {
      const n = 1 + Math.floor(random() * 40);
      const written = Array.from({ length: n }, () => (random() < 0.15 ? null : Math.floor(random() * n)));
      const f = buildParentForest(written);
      expectForest(f, n);
      // Exactly one written link is dropped per cycle; all others are kept.
      const dropped = written.filter((p, i) => p !== null && f.parent[i] === null).length;
      expect(dropped).toBe(f.cycles.length);
    }
  });
});
