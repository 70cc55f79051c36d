import type { LineageDelta, LineageEdge, LineageNode } from './types';

/** Folds `next` into `into`: the last state of each node and edge wins (batching deltas). */
export function mergeLineageDelta(into: LineageDelta, next: LineageDelta): LineageDelta {
  const nodes = new Map<string, LineageNode | null>();
  for (const n of into.upsertedNodes) nodes.set(n.id, n);
  for (const id of into.removedNodes) nodes.set(id, null);
  for (const n of next.upsertedNodes) nodes.set(n.id, n);
  for (const id of next.removedNodes) nodes.set(id, null);
  const edges = new Map<string, LineageEdge | null>();
  for (const e of into.upsertedEdges) edges.set(e.id, e);
  for (const id of into.removedEdges) edges.set(id, null);
  for (const e of next.upsertedEdges) edges.set(e.id, e);
  for (const id of next.removedEdges) edges.set(id, null);
  const out: LineageDelta = { upsertedNodes: [], removedNodes: [], upsertedEdges: [], removedEdges: [] };
  for (const [id, n] of nodes) {
    if (n) out.upsertedNodes.push(n);
    else out.removedNodes.push(id);
  }
  for (const [id, e] of edges) {
    if (e) out.upsertedEdges.push(e);
    else out.removedEdges.push(id);
  }
  return out;
}
