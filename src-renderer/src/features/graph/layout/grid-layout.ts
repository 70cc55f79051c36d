/**
 * The fallback layout: layers by longest path from the roots, neighbours ordered by their
 * parents' order. Linear time, so it answers instantly for graphs too big (or too slow) for ELK.
 *
 * A layer of more than WRAP_AT nodes is laid out as several columns (rows, flowing down) side by
 * side: expanded tool groups put their ~150 members each in one layer, and a single column of 330
 * nodes was ~30,000 px long — fitted to the view it was a hairline at zoom 0.03, every node too
 * small to see (issue 8, the bench's 20,000-node graph). The columns are TALL times longer than
 * a square block's: each member's edge from its group crosses the block, and in a square one
 * fitted to the view (zoom ~0.25) 150 such curves took the raster thread ~50 ms a tile — pan and
 * zoom at 20 frames a second; three times taller, they are a third as long on screen (60 fps).
 */
import type { XY } from '../../../state/layout-slice';
import type { LayoutDirection } from '../../../state/ui-slice';
import type { VisibleGraph } from '../visible-graph';
import { LAYER_GAP, NODE_GAP, sizeOf, type Size } from './node-size';

export function gridLayout(graph: VisibleGraph, direction: LayoutDirection): Map<string, XY> {
  return gridLayoutOf(
    graph.nodes.map((n) => ({ id: n.id, ...sizeOf(n.kind) })),
    graph.edges,
    direction,
  );
}

/** The same on plain sized nodes (what the layout worker receives). */
export function gridLayoutOf(
  nodes: readonly ({ id: string } & Size)[],
  edges: readonly { source: string; target: string }[],
  direction: LayoutDirection,
  layerGap = LAYER_GAP,
  nodeGap = NODE_GAP,
): Map<string, XY> {
  const ids = nodes.map((n) => n.id);
  const sizeOfId = new Map(nodes.map((n) => [n.id, n]));
  const known = new Set(ids);
  const children = new Map<string, string[]>();
  const indegree = new Map<string, number>(ids.map((id) => [id, 0]));
  const parents = new Map<string, string[]>();
  for (const e of edges) {
    if (!known.has(e.source) || !known.has(e.target)) continue;
    push(children, e.source, e.target);
    push(parents, e.target, e.source);
    indegree.set(e.target, (indegree.get(e.target) ?? 0) + 1);
  }

  // Kahn's order gives longest-path ranks; nodes left on a cycle go one past their parents.
  const rank = new Map<string, number>();
  const queue = ids.filter((id) => indegree.get(id) === 0);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    const r = rank.get(id) ?? 0;
    rank.set(id, r);
    for (const c of children.get(id) ?? []) {
      rank.set(c, Math.max(rank.get(c) ?? 0, r + 1));
      const d = (indegree.get(c) ?? 1) - 1;
      indegree.set(c, d);
      if (d === 0) queue.push(c);
    }
  }
  for (const id of ids) if (!rank.has(id)) rank.set(id, 0);

  const layers: string[][] = [];
  for (const id of ids) (layers[rank.get(id)!] ??= []).push(id);

  const order = new Map<string, number>();
  const out = new Map<string, XY>();
  const down = direction === 'DOWN';
  let along = 0;
  for (const layer of layers) {
    if (!layer) continue;
    const bary = (id: string) => {
      const ps = (parents.get(id) ?? []).map((p) => order.get(p)).filter((o): o is number => o !== undefined);
      return ps.length ? ps.reduce((a, b) => a + b, 0) / ps.length : Number.POSITIVE_INFINITY;
    };
    layer.sort((a, b) => bary(a) - bary(b));
    const sizes = layer.map((id) => sizeOfId.get(id) ?? sizeOf('event'));
    const perColumn = columnLength(sizes, down, nodeGap);
    let across = 0;
    let depth = 0;
    let columnStart = along;
    layer.forEach((id, i) => {
      if (i > 0 && i % perColumn === 0) {
        // The next column of a wrapped layer: beside the last, closer than the next layer is.
        columnStart += depth + WRAP_GAP;
        across = 0;
        depth = 0;
      }
      order.set(id, i);
      const s = sizes[i]!;
      out.set(id, down ? { x: across, y: columnStart } : { x: columnStart, y: across });
      across += (down ? s.width : s.height) + nodeGap;
      depth = Math.max(depth, down ? s.height : s.width);
    });
    along = columnStart + depth + layerGap;
  }
  return out;
}

/** Layers of more nodes than this wrap into several columns. */
export const WRAP_AT = 24;
/** Between the columns of one wrapped layer (px). */
const WRAP_GAP = 40;
/** A wrapped layer's columns, against those of a square block (see the header). */
const TALL = 3;

/** How many of a layer's nodes go in one column: all, or TALL times as many as make a square block. */
function columnLength(sizes: readonly Size[], down: boolean, nodeGap: number): number {
  const n = sizes.length;
  if (n <= WRAP_AT) return Math.max(1, n);
  let across = 0;
  let depth = 0;
  for (const s of sizes) {
    across += (down ? s.width : s.height) + nodeGap;
    depth = Math.max(depth, down ? s.height : s.width);
  }
  // k nodes a column, n / k columns: square when k × (mean extent across) = (n / k) × (depth + gap).
  const k = Math.ceil(TALL * Math.sqrt((n * (depth + WRAP_GAP)) / (across / n)));
  return Math.max(1, Math.min(n, k));
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
