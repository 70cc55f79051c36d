/**
 * A lineage node from the wire (graph-columns.ts leaves out what holds nothing: empty
 * corrections, false flags, null data fields) back to a full `LineageNode`.
 */
import type { LineageNode } from '../lineage/types';
import type { WireNode } from './contract';

/** Shared by every node without corrections (never pushed to: a correction makes a new list). */
export const NO_CORRECTIONS: LineageNode['corrections'] = [];

/** In place (the object is fresh from the wire). */
export function fromWireNode(node: WireNode): LineageNode {
  const n = node as LineageNode;
  n.corrections ??= NO_CORRECTIONS;
  n.stale ??= false;
  n.missing ??= false;
  return n;
}
