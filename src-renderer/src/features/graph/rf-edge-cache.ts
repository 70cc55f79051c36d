/**
 * Builds React Flow's edge objects and reuses the previous object of an edge that is drawn the
 * same (ends, label, lit or not), like RfNodeCache does for nodes. React Flow re-renders every
 * edge whose object changed: a live append that grew the visible graph made all edge objects new,
 * and every edge (its path, its HTML label in a portal) was drawn again for each appended line.
 *
 * Visible edges are merged in place (their count and reasons change on the same object), so an
 * edge is compared by what it draws — its label text says its reasons and count — not by identity.
 */
import { buildEdge, edgeLabel, isActive } from './build-edges';
import type { GraphEdge } from './rf-types';
import type { VisibleGraph } from './visible-graph';

interface Entry {
  source: string;
  target: string;
  label: string | undefined;
  membership: boolean;
  active: boolean;
  edge: GraphEdge;
}

export class RfEdgeCache {
  private entries = new Map<string, Entry>();

  build(graph: VisibleGraph, selected: string | null): GraphEdge[] {
    const next = new Map<string, Entry>();
    const out: GraphEdge[] = [];
    for (const e of graph.edges) {
      const label = edgeLabel(e.reasons, e.count);
      const active = isActive(e, selected);
      const membership = e.reasons.length === 0;
      const prev = this.entries.get(e.id);
      const entry =
        prev &&
        prev.source === e.source &&
        prev.target === e.target &&
        prev.label === label &&
        prev.active === active &&
        prev.membership === membership
          ? prev
          : {
              source: e.source,
              target: e.target,
              label,
              membership,
              active,
              edge: buildEdge(e, active, label),
            };
      next.set(e.id, entry);
      out.push(entry.edge);
    }
    this.entries = next;
    return out;
  }
}
