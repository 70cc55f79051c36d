/**
 * Growths linked back through the versions before them. The graph renders from deferred values
 * (GraphView's useDeferredValue): under a burst of live deltas React skips versions, and the
 * growth it is handed then starts from a structure the visible graph never saw. It used to
 * rebuild the whole visible graph — and every group's figures were counted again — which on a
 * 10k-event session happened for a few percent of live appends with one session written and for
 * about one render in seven with 50 (the page's slowest appends). Following the chain back to the
 * structure it drew, the growths in between are merged into one and placed as usual.
 */
import type { LineageEdge, LineageNode } from '../../../src-shared/lineage/types';
import type { Growth } from './session-data';

/** How many growths a chain keeps: a view that is further behind rebuilds, as before. */
export const MAX_CHAIN = 16;

/**
 * `next` (which grew from the structure `last` led to), linked to `last`. The growth MAX_CHAIN
 * steps back lets go of the ones before it — a link of an older version, changed in place: it
 * only ever shortens how far back a chain reaches, which the cap is for. (Cutting the new
 * growth's own link instead restarted the chain every MAX_CHAIN growths, and a view behind that
 * point rebuilt.)
 */
export function chainGrowth(last: Growth | null, next: Omit<Growth, 'previous'>): Growth {
  const growth: Growth = { ...next, previous: last };
  let tail = growth;
  for (let i = 1; i < MAX_CHAIN && tail.previous; i++) tail = tail.previous;
  tail.previous = null;
  return growth;
}

/**
 * The growth from `structure` to where `growth` leads, merged from the chain; null when the chain
 * does not reach back to `structure`. The bookkeeping is applyDeltas's: a node or edge added and
 * then removed within the span is neither, one removed keeps the object it had at `structure`; a
 * node changed in place is listed once, as it was at `structure`, unless it was added or removed
 * within the span (then it is placed or taken out as such).
 */
export function growthSince(growth: Growth, structure: number): Growth | null {
  const chain = stepsSince(growth, structure);
  if (!chain) return null;
  if (chain.length === 1) return growth;
  const nodes = new Set<string>();
  const edges = new Set<string>();
  const removedNodes = new Map<string, LineageNode>();
  const removedEdges = new Map<string, LineageEdge>();
  const changedInPlace = new Map<string, LineageNode>();
  for (let i = chain.length - 1; i >= 0; i--) {
    const g = chain[i]!;
    for (const n of g.removedNodes) {
      const was = changedInPlace.get(n.id) ?? n;
      changedInPlace.delete(n.id);
      if (!nodes.delete(n.id) && !removedNodes.has(n.id)) removedNodes.set(n.id, was);
    }
    for (const id of g.nodes) nodes.add(id);
    for (const n of g.changedInPlace)
      if (!nodes.has(n.id) && !changedInPlace.has(n.id)) changedInPlace.set(n.id, n);
    for (const e of g.removedEdges)
      if (!edges.delete(e.id) && !removedEdges.has(e.id)) removedEdges.set(e.id, e);
    for (const id of g.edges) edges.add(id);
  }
  return {
    from: structure,
    nodes: [...nodes],
    edges: [...edges],
    removedNodes: [...removedNodes.values()],
    removedEdges: [...removedEdges.values()],
    changedInPlace: [...changedInPlace.values()],
    previous: null,
  };
}

/**
 * The growths from `structure` to where `growth` leads, newest first, unmerged (for a view that
 * needs one thing of each); null when the chain does not reach back to `structure`.
 */
export function stepsSince(growth: Growth, structure: number): Growth[] | null {
  const chain: Growth[] = [];
  for (let g: Growth | null = growth; g; g = g.previous) {
    chain.push(g);
    if (g.from === structure) return chain;
  }
  return null;
}
