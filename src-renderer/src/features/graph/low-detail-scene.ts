/**
 * What the graph draws zoomed out past reading (zoom < TEXT_MIN_ZOOM), where nodes are coloured
 * boxes without text: their boxes and edges in flow coordinates, which of them a view shows, and
 * which box a point is on. Pure, so the canvas that draws it (LowDetailCanvas) stays thin.
 *
 * Why a canvas at all: zoomed out, hundreds of DOM nodes and SVG edges are in view, and every wheel
 * step made Chromium walk, hit-test and repaint all of them — without a GPU, 25–60 ms a frame
 * (issue 8 bench: the tools-expanded pan + zoom, p95 two vsyncs). Drawn as one canvas they cost
 * about a millisecond.
 */
import { getBezierPath, Position, type Viewport } from '@xyflow/react';
import type { GraphEdge, GraphNode } from './rf-types';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SceneEdge {
  id: string;
  /** SVG path data of the same bezier React Flow draws (`getBezierPath`), in flow coordinates. */
  path: string;
  bounds: Box;
  active: boolean;
  membership: boolean;
}

export interface SceneNode {
  node: GraphNode;
  box: Box;
}

export interface Scene {
  nodes: SceneNode[];
  edges: SceneEdge[];
}

const boxOf = (n: GraphNode): Box => ({
  x: n.position.x,
  y: n.position.y,
  width: n.width ?? 0,
  height: n.height ?? 0,
});

/** Where an edge leaves or enters a node: its handle's side, as React Flow's getHandlePosition. */
function handlePoint(n: GraphNode, type: 'source' | 'target'): { x: number; y: number; position: Position } {
  const h = n.handles?.find((x) => x.type === type);
  const fallback = type === 'source' ? Position.Right : Position.Left;
  if (!h) {
    const b = boxOf(n);
    return fallback === Position.Right
      ? { x: b.x + b.width, y: b.y + b.height / 2, position: fallback }
      : { x: b.x, y: b.y + b.height / 2, position: fallback };
  }
  const x = n.position.x + h.x;
  const y = n.position.y + h.y;
  const w = h.width ?? 0;
  const ht = h.height ?? 0;
  switch (h.position) {
    case Position.Top:
      return { x: x + w / 2, y, position: h.position };
    case Position.Bottom:
      return { x: x + w / 2, y: y + ht, position: h.position };
    case Position.Right:
      return { x: x + w, y: y + ht / 2, position: h.position };
    default:
      return { x, y: y + ht / 2, position: Position.Left };
  }
}

export function buildScene(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): Scene {
  const byId = new Map<string, GraphNode>();
  for (const n of nodes) byId.set(n.id, n);
  const sceneEdges: SceneEdge[] = [];
  for (const e of edges) {
    const s = byId.get(e.source);
    const t = byId.get(e.target);
    if (!s || !t) continue;
    const from = handlePoint(s, 'source');
    const to = handlePoint(t, 'target');
    const [path] = getBezierPath({
      sourceX: from.x,
      sourceY: from.y,
      sourcePosition: from.position,
      targetX: to.x,
      targetY: to.y,
      targetPosition: to.position,
    });
    // A bezier between two handles bulges past them by at most its control offset (React Flow's
    // is a quarter of the distance, at least 25 × curvature); half the distance covers it.
    const slack = Math.max(Math.abs(to.x - from.x), Math.abs(to.y - from.y)) / 2 + 8;
    sceneEdges.push({
      id: e.id,
      path,
      bounds: {
        x: Math.min(from.x, to.x) - slack,
        y: Math.min(from.y, to.y) - slack,
        width: Math.abs(to.x - from.x) + 2 * slack,
        height: Math.abs(to.y - from.y) + 2 * slack,
      },
      active: e.data?.active ?? false,
      membership: (e.data?.reasons.length ?? 0) === 0,
    });
  }
  return { nodes: nodes.map((node) => ({ node, box: boxOf(node) })), edges: sceneEdges };
}

/** The scene, made on first use: a graph that changes at reading zoom (live appends) never needs it. */
export function lazyScene(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): () => Scene {
  let scene: Scene | null = null;
  return () => (scene ??= buildScene(nodes, edges));
}

/** The part of the flow a viewport of `width` × `height` pixels shows. */
export function viewRect(viewport: Viewport, width: number, height: number): Box {
  return {
    x: -viewport.x / viewport.zoom,
    y: -viewport.y / viewport.zoom,
    width: width / viewport.zoom,
    height: height / viewport.zoom,
  };
}

export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The node whose box holds a flow point; the last drawn (topmost) where boxes overlap. */
export function nodeAt(scene: Scene, point: { x: number; y: number }): GraphNode | null {
  for (let i = scene.nodes.length - 1; i >= 0; i--) {
    const { node, box } = scene.nodes[i]!;
    if (point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height)
      return node;
  }
  return null;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

const centreOf = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/**
 * Where an arrow key goes from the node `fromId`: the box whose centre lies that way and is
 * nearest, a step sideways counting twice a step ahead (so → keeps to its row and ↓ to its column
 * where the layout has them). From no node, or one not drawn, the box nearest `start` (the view's
 * centre). Null when nothing lies that way.
 */
export function nextNode(
  scene: Scene,
  fromId: string | null,
  direction: Direction,
  start: { x: number; y: number },
): GraphNode | null {
  const from = fromId === null ? undefined : scene.nodes.find((n) => n.node.id === fromId);
  if (!from) return nearestNode(scene, start);
  const origin = centreOf(from.box);
  let best: GraphNode | null = null;
  let bestScore = Infinity;
  for (const { node, box } of scene.nodes) {
    if (node.id === fromId) continue;
    const c = centreOf(box);
    const dx = c.x - origin.x;
    const dy = c.y - origin.y;
    const ahead = direction === 'right' ? dx : direction === 'left' ? -dx : direction === 'down' ? dy : -dy;
    const aside = direction === 'left' || direction === 'right' ? Math.abs(dy) : Math.abs(dx);
    if (ahead <= 0.5) continue;
    const score = ahead + 2 * aside;
    if (score < bestScore) {
      bestScore = score;
      best = node;
    }
  }
  return best;
}

/** The node whose box's centre is nearest a flow point (null: no boxes). */
export function nearestNode(scene: Scene, point: { x: number; y: number }): GraphNode | null {
  let best: GraphNode | null = null;
  let bestDistance = Infinity;
  for (const { node, box } of scene.nodes) {
    const c = centreOf(box);
    const d = (c.x - point.x) ** 2 + (c.y - point.y) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = node;
    }
  }
  return best;
}
