/**
 * Builds React Flow's node objects and reuses the previous object for a node whose position and
 * visible shape did not change: React Flow re-renders a node when its object changes, so a live
 * delta re-renders only what it touched.
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
  return (
    a.group.members.length === b.group.members.length &&
    a.group.expanded === b.group.expanded &&
    a.group.shown === b.group.shown &&
    a.group.members[0] === b.group.members[0]
  );
}

export class RfNodeCache {
  private entries = new Map<string, { vn: VisibleNode; pos: XY; node: GraphNode }>();
  private direction: LayoutDirection | null = null;

  build(graph: VisibleGraph, positions: ReadonlyMap<string, XY>, direction: LayoutDirection): GraphNode[] {
    // The handles are on other sides: every node is made anew.
    if (direction !== this.direction) this.entries = new Map();
    this.direction = direction;
    const next = new Map<string, { vn: VisibleNode; pos: XY; node: GraphNode }>();
    const out: GraphNode[] = [];
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
      out.push(node!);
    }
    this.entries = next;
    return out;
  }
}
