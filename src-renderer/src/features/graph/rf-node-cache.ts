/**
 * Builds React Flow's node objects and reuses the previous object for a node whose position and
 * visible shape did not change: React Flow re-renders a node when its object changes, so a live
 * delta re-renders only what it touched. When no node changed, the list itself is the previous
 * one, and React Flow is given nothing new at all: a collapsed group that only gained or lost
 * members draws the same box, and its node reads its members from shown-graph.ts.
 */
import type { XY } from '../../state/layout-slice';
import type { LayoutDirection } from '../../state/ui-slice';
import { nodeHandles } from './layout/node-handles';
import { sizeOf } from './layout/node-size';
import type { GraphNode } from './rf-types';
import type { VisibleGraph, VisibleNode } from './visible-graph';

function sameShape(a: VisibleNode, b: VisibleNode): boolean {
  if (a.kind !== b.kind) return false;
  if (!a.group || !b.group) return a.group === b.group;
  // Its box is the same however many members it stands for: those its node reads live.
  return a.group.expanded === b.group.expanded && a.group.shown === b.group.shown;
}

export class RfNodeCache {
  private entries = new Map<string, { vn: VisibleNode; pos: XY; node: GraphNode }>();
  private direction: LayoutDirection | null = null;
  private last: GraphNode[] = [];

  build(graph: VisibleGraph, positions: ReadonlyMap<string, XY>, direction: LayoutDirection): GraphNode[] {
    // The handles are on other sides: every node is made anew.
    if (direction !== this.direction) this.entries = new Map();
    this.direction = direction;
    const next = new Map<string, { vn: VisibleNode; pos: XY; node: GraphNode }>();
    const out: GraphNode[] = [];
    let changed = false;
    for (const vn of graph.nodes) {
      const pos = positions.get(vn.id);
      if (!pos) continue;
      const prev = this.entries.get(vn.id);
      let node = prev?.node;
      if (!prev || prev.pos !== pos || !sameShape(prev.vn, vn)) {
        const size = sizeOf(vn.kind);
        node = {
          id: vn.id,
          type: vn.kind,
          position: pos,
          data: { visible: vn },
          width: size.width,
          height: size.height,
          // Fixed sizes: declaring them measured keeps React Flow from dropping handle bounds.
          measured: { ...size },
          // Known handles: React Flow need not mount a node off screen to measure them.
          handles: nodeHandles(size, direction),
          selectable: false,
        };
      }
      next.set(vn.id, { vn: node!.data.visible, pos, node: node! });
      if (this.last[out.length] !== node) changed = true;
      out.push(node!);
    }
    this.entries = next;
    if (!changed && out.length === this.last.length) return this.last;
    this.last = out;
    return out;
  }
}
