/**
 * The prompt tree's layout, pure: an indented tidy tree (one row per visible node, x by depth,
 * y by row) over the bundle's resolved parents, grouped by session at the top level. Runs in the
 * layout worker; never recurses (a 5,000-node chain is fine) and visits each node at most once, so
 * a cycle the reader missed still cannot hang it.
 */
export interface TreeLayoutInput {
  /** children[i]: the indices of node i's children. */
  children: number[][];
  /** Top-level groups: a session (label) and its root nodes, in order. */
  groups: { label: string | null; roots: number[] }[];
  collapsed: number[];
}

export interface TreeRow {
  /** Node index, or -1 for a session group header. */
  node: number;
  /** The group (session) index for headers. */
  group: number;
  depth: number;
  /** Nodes hidden under a collapsed node. */
  hidden: number;
}

export interface TreeLayout {
  rows: TreeRow[];
  /** Row of each node, -1 when hidden. */
  rowOf: number[];
}

export function layoutTree(input: TreeLayoutInput): TreeLayout {
  const n = input.children.length;
  const collapsed = new Set(input.collapsed);
  const seen = new Uint8Array(n);
  const rowOf = new Array<number>(n).fill(-1);
  const rows: TreeRow[] = [];
  const showHeaders = input.groups.length > 1 || input.groups.some((g) => g.label !== null);
  const countUnder = (start: number): number => {
    let count = 0;
    const stack = [...(input.children[start] ?? [])];
    const local = new Set<number>();
    while (stack.length) {
      const i = stack.pop()!;
      if (local.has(i) || i < 0 || i >= n) continue;
      local.add(i);
      count++;
      for (const c of input.children[i] ?? []) stack.push(c);
    }
    return count;
  };
  input.groups.forEach((group, g) => {
    if (showHeaders) rows.push({ node: -1, group: g, depth: 0, hidden: 0 });
    const base = showHeaders ? 1 : 0;
    const stack: [number, number][] = [];
    for (let r = group.roots.length - 1; r >= 0; r--) stack.push([group.roots[r]!, base]);
    while (stack.length) {
      const [i, depth] = stack.pop()!;
      if (i < 0 || i >= n || seen[i]) continue;
      seen[i] = 1;
      const kids = input.children[i] ?? [];
      const isCollapsed = collapsed.has(i) && kids.length > 0;
      rowOf[i] = rows.length;
      rows.push({ node: i, group: g, depth, hidden: isCollapsed ? countUnder(i) : 0 });
      if (isCollapsed) continue;
      for (let c = kids.length - 1; c >= 0; c--) stack.push([kids[c]!, depth + 1]);
    }
  });
  return { rows, rowOf };
}
