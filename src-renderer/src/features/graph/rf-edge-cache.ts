/**
 * Builds React Flow's edge objects and reuses the previous object of an edge that is drawn the
 * same (ends, reasons, lit or not), like RfNodeCache does for nodes. React Flow re-renders every
 * edge whose object changed: a live append that grew the visible graph made all edge objects new,
 * and every edge (its path, its HTML label in a portal) was drawn again for each appended line.
 * When no edge changed, the list itself is the previous one.
 *
 * Visible edges are merged in place (their count and reasons change on the same object), so an
 * edge is compared by what it says, not by identity. Its count is not compared: a live append
 * counts one more call on its group's edge, and ReasonEdge reads the count from shown-graph.ts.
 */
import { buildEdge, isActive, reasonsText, withCount } from './build-edges';
import type { GraphEdge } from './rf-types';
import type { VisibleGraph } from './visible-graph';

interface Entry {
  source: string;
  target: string;
  /** The visible edge's reasons array, its length then, and their text. */
  reasonList: readonly string[];
  reasonCount: number;
  reasons: string | undefined;
  active: boolean;
  edge: GraphEdge;
}

export class RfEdgeCache {
  private entries = new Map<string, Entry>();
  private last: GraphEdge[] = [];

  build(graph: VisibleGraph, selected: string | null): GraphEdge[] {
    const next = new Map<string, Entry>();
    const out: GraphEdge[] = [];
    let changed = false;
    for (const e of graph.edges) {
      const active = isActive(e, selected);
      const prev = this.entries.get(e.id);
      // The reasons' text is made only when they may have changed (a new reason is pushed onto
      // the same array; one taken out makes a new array): most edges keep theirs.
      const reasons =
        prev && prev.reasonList === e.reasons && prev.reasonCount === e.reasons.length
          ? prev.reasons
          : reasonsText(e.reasons);
      const entry =
        prev &&
        prev.source === e.source &&
        prev.target === e.target &&
        prev.reasons === reasons &&
        prev.active === active
          ? prev
          : {
              source: e.source,
              target: e.target,
              reasonList: e.reasons,
              reasonCount: e.reasons.length,
              reasons,
              active,
              edge: buildEdge(e, active, withCount(reasons, e.count)),
            };
      next.set(e.id, entry);
      if (this.last[out.length] !== entry.edge) changed = true;
      out.push(entry.edge);
    }
    this.entries = next;
    if (!changed && out.length === this.last.length) return this.last;
    this.last = out;
    return out;
  }
}
