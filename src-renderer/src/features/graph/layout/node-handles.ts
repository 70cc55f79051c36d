/**
 * Where a node's two handles are, in the form React Flow keeps after measuring them (position
 * relative to the node's box, in flow units). Declared up front so React Flow has a node's handle
 * bounds before it is drawn: with `onlyRenderVisibleElements` it otherwise mounts every node that
 * has none — off screen too — once, to measure it, and drops it again. Expanding every tool group
 * of the bench's 20,000-node lineage mounted 330 nodes for the 125 in view, and their layout was
 * ~120–180 ms of the 450–700 ms relayout (Chromium trace).
 *
 * The figures follow graph.css: `.gnode` has a 1px border and is the handles' containing block
 * (so an edge of the padding box is 1px inside the node), a handle is 6px square and centred on
 * that edge by React Flow's translate(-50%). A missing node's 1.5px dashed border puts its handles
 * half a pixel off this; that is not worth a second set.
 */
import { Position, type NodeHandle } from '@xyflow/react';
import type { LayoutDirection } from '../../../state/ui-slice';
import type { Size } from './node-size';

const BORDER = 1;
const HANDLE = 6;

/** One list per size and direction, shared by every node of that kind (React Flow copies them). */
const made = new Map<string, readonly NodeHandle[]>();

export function nodeHandles(size: Size, direction: LayoutDirection): NodeHandle[] {
  const key = `${size.width}x${size.height}:${direction}`;
  let handles = made.get(key);
  if (!handles) made.set(key, (handles = handlesOf(size, direction)));
  return handles as NodeHandle[];
}

function handlesOf({ width, height }: Size, direction: LayoutDirection): NodeHandle[] {
  const half = HANDLE / 2;
  const handle = (type: 'source' | 'target', position: Position, x: number, y: number): NodeHandle => ({
    id: null,
    type,
    position,
    x,
    y,
    width: HANDLE,
    height: HANDLE,
  });
  if (direction === 'DOWN') {
    const x = width / 2 - half;
    return [
      handle('target', Position.Top, x, BORDER - half),
      handle('source', Position.Bottom, x, height - BORDER - half),
    ];
  }
  const y = height / 2 - half;
  return [
    handle('target', Position.Left, BORDER - half, y),
    handle('source', Position.Right, width - BORDER - half, y),
  ];
}
