/**
 * Turns written parent links into a forest. TreeTrace's links are not a tree: ids are renumbered on
 * every run, a parent may come later in the file, and parent cycles occur when source ids collide.
 * Every walk here is iterative and visits each node a bounded number of times, so no input hangs
 * or overflows the stack: each node has at most one parent, so following parents from any node
 * either ends or enters exactly one cycle, and each cycle is broken at one marked edge.
 */

export interface ParentForest {
  /** Parent of each node after cycles are broken; null for roots. */
  parent: (number | null)[];
  children: number[][];
  depth: number[];
  /** Roots in index order. */
  roots: number[];
  /** Each cycle in parent order, starting at the node whose parent edge was broken. */
  cycles: { nodes: number[]; child: number; parent: number }[];
  /** Cycle index per node (null when the node is on no cycle). */
  cycleOf: (number | null)[];
}

/**
 * `written[i]` is node i's parent as resolved from the file (null: none or unresolvable).
 * A cycle is broken at the link of its earliest node (lowest index): in a cycle at least one
 * link points forward in the file, and the earliest node's always does, so the node written
 * first becomes the root of what the cycle held — the most likely reading of a collision.
 */
export function buildParentForest(written: readonly (number | null)[]): ParentForest {
  const n = written.length;
  const valid = (p: number | null | undefined): number | null =>
    p !== null && p !== undefined && Number.isInteger(p) && p >= 0 && p < n ? p : null;
  const parent = written.map(valid);
  const state = new Uint8Array(n); // 0 unseen, 1 on the current walk, 2 done
  const walkPosition = new Int32Array(n);
  const cycles: ParentForest['cycles'] = [];
  const cycleOf: (number | null)[] = new Array<number | null>(n).fill(null);

  const walk: number[] = [];
  for (let start = 0; start < n; start++) {
    if (state[start] !== 0) continue;
    walk.length = 0;
    let v: number | null = start;
    while (v !== null && state[v] === 0) {
      state[v] = 1;
      walkPosition[v] = walk.length;
      walk.push(v);
      v = parent[v] ?? null;
    }
    if (v !== null && state[v] === 1) {
      const members = walk.slice(walkPosition[v]);
      let earliest = 0;
      for (let k = 1; k < members.length; k++) if (members[k]! < members[earliest]!) earliest = k;
      const ordered = [...members.slice(earliest), ...members.slice(0, earliest)];
      const child = ordered[0]!;
      const cycleIndex = cycles.length;
      cycles.push({ nodes: ordered, child, parent: parent[child]! });
      for (const member of ordered) cycleOf[member] = cycleIndex;
      parent[child] = null;
    }
    for (const u of walk) state[u] = 2;
  }

  const children: number[][] = Array.from({ length: n }, () => []);
  const roots: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = parent[i];
    if (p === null || p === undefined) roots.push(i);
    else children[p]!.push(i);
  }

  // Breadth-first from the roots. After breaking cycles every node is reachable from a root; the
  // guard below keeps that promise even if it were not (a node never reached becomes a root).
  const depth = new Array<number>(n).fill(-1);
  const queue: number[] = [];
  const visit = (root: number) => {
    depth[root] = 0;
    queue.length = 0;
    queue.push(root);
    for (let head = 0; head < queue.length; head++) {
      const u = queue[head]!;
      for (const c of children[u]!) {
        if (depth[c] !== -1) continue;
        depth[c] = depth[u]! + 1;
        queue.push(c);
      }
    }
  };
  for (const r of roots) visit(r);
  for (let i = 0; i < n; i++) {
    if (depth[i] !== -1) continue;
    const p = parent[i];
    if (p !== null && p !== undefined) children[p] = children[p]!.filter((c) => c !== i);
    parent[i] = null;
    roots.push(i);
    visit(i);
  }
  roots.sort((a, b) => a - b);

  return { parent, children, depth, roots, cycles, cycleOf };
}
