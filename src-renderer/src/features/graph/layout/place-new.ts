/**
 * Incremental placement: nodes that appear live are put next to a parent that is already placed
 * (after its last placed child), in the first free slot, and nothing already placed moves.
 */
import type { XY } from '../../../state/layout-slice';
import type { LayoutDirection } from '../../../state/ui-slice';
import type { VisibleGraph } from '../visible-graph';
import { LAYER_GAP, NODE_GAP, sizeOf, type Size } from './node-size';

interface Rect extends XY, Size {}

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width + NODE_GAP / 2 &&
  b.x < a.x + a.width + NODE_GAP / 2 &&
  a.y < b.y + b.height + NODE_GAP / 2 &&
  b.y < a.y + a.height + NODE_GAP / 2;

/**
 * Placed rectangles bucketed by a coarse grid, so "is this slot free?" looks at the few rects
 * near it rather than all of them (expanding every tool group of a 20k-node session places ~1,000
 * nodes among ~1,000: a scan per slide made that ~200 ms; issue 8 asks ≤ 16 ms per append).
 */
class RectIndex {
  private static readonly CELL = 256;
  private readonly cells = new Map<string, Rect[]>();
  readonly all: Rect[] = [];

  add(r: Rect): void {
    this.all.push(r);
    this.forCells(r, (key) => {
      const list = this.cells.get(key);
      if (list) list.push(r);
      else this.cells.set(key, [r]);
    });
  }

  free(r: Rect): boolean {
    let hit = false;
    this.forCells(r, (key) => {
      if (!hit) hit = this.cells.get(key)?.some((o) => overlaps(r, o)) ?? false;
    });
    return !hit;
  }

  private forCells(r: Rect, fn: (key: string) => void): void {
    const c = RectIndex.CELL;
    const pad = NODE_GAP / 2;
    const x0 = Math.floor((r.x - pad) / c);
    const x1 = Math.floor((r.x + r.width + pad) / c);
    const y0 = Math.floor((r.y - pad) / c);
    const y1 = Math.floor((r.y + r.height + pad) / c);
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) fn(`${x},${y}`);
  }
}

/** Returns `positions` itself when every visible node already has one. */
export function placeNewNodes(
  graph: VisibleGraph,
  positions: ReadonlyMap<string, XY>,
  direction: LayoutDirection,
): ReadonlyMap<string, XY> {
  const missing = graph.nodes.filter((n) => !positions.has(n.id));
  if (missing.length === 0) return positions;

  const kindOf = new Map(graph.nodes.map((n) => [n.id, n.kind]));
  const parentsOf = new Map<string, string[]>();
  const childrenOf = new Map<string, string[]>();
  for (const e of graph.edges) {
    (parentsOf.get(e.target) ?? parentsOf.set(e.target, []).get(e.target)!).push(e.source);
    (childrenOf.get(e.source) ?? childrenOf.set(e.source, []).get(e.source)!).push(e.target);
  }

  const out = new Map(positions);
  const rects = new RectIndex();
  for (const [id, p] of out) {
    const kind = kindOf.get(id);
    if (kind) rects.add({ ...p, ...sizeOf(kind) });
  }
  const down = direction === 'DOWN';
  const free = (r: Rect) => rects.free(r);

  // Parents first: a node whose parent is also new waits until the parent has a place.
  let pending = missing;
  for (let pass = 0; pending.length && pass < 50; pass++) {
    const next: typeof pending = [];
    for (const n of pending) {
      const parent = (parentsOf.get(n.id) ?? []).find((p) => out.has(p));
      const waits = !parent && (parentsOf.get(n.id) ?? []).some((p) => kindOf.has(p)) && pass < 49;
      if (waits) {
        next.push(n);
        continue;
      }
      const size = sizeOf(n.kind);
      const rect = parent ? besideParent(parent, size) : belowEverything(size);
      // Slide across the flow until the slot is free (bounded: it always ends past the last rect).
      for (let i = 0; i < 4000 && !free(rect); i++) {
        if (down) rect.x += NODE_GAP;
        else rect.y += NODE_GAP;
      }
      out.set(n.id, { x: rect.x, y: rect.y });
      rects.add(rect);
    }
    pending = next;
  }
  return out;

  function besideParent(parent: string, size: Size): Rect {
    const p = out.get(parent)!;
    const ps = sizeOf(kindOf.get(parent) ?? 'event');
    // Start after the parent's last placed child, so siblings line up in arrival order.
    let across = down ? p.x : p.y;
    for (const c of childrenOf.get(parent) ?? []) {
      const cp = out.get(c);
      if (!cp) continue;
      const cs = sizeOf(kindOf.get(c) ?? 'event');
      across = Math.max(across, down ? cp.x + cs.width + NODE_GAP : cp.y + cs.height + NODE_GAP);
    }
    return down
      ? { x: across, y: p.y + ps.height + LAYER_GAP, ...size }
      : { x: p.x + ps.width + LAYER_GAP, y: across, ...size };
  }

  function belowEverything(size: Size): Rect {
    let x = 0;
    let y = 0;
    for (const r of rects.all) {
      if (down) x = Math.max(x, r.x + r.width + NODE_GAP);
      else y = Math.max(y, r.y + r.height + NODE_GAP);
    }
    return { x, y, ...size };
  }
}
