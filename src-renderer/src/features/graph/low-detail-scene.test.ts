import { describe, expect, it } from 'vitest';
import { nodeHandles } from './layout/node-handles';
import { buildScene, nearestNode, nextNode, nodeAt, overlaps, viewRect } from './low-detail-scene';
import type { GraphEdge, GraphNode } from './rf-types';

function node(id: string, x: number, y: number, direction: 'RIGHT' | 'DOWN' = 'RIGHT'): GraphNode {
  const size = { width: 200, height: 60 };
  return {
    id,
    type: 'artifact',
    position: { x, y },
    data: { visible: { id, kind: 'artifact', seq: null, group: null } },
    ...size,
    measured: size,
    handles: nodeHandles(size, direction),
  };
}

const edge = (source: string, target: string, reasons: string[] = ['path'], active = false): GraphEdge => ({
  id: `${source}->${target}`,
  source,
  target,
  type: 'reason',
  data: { reasons, active, count: 1 },
});

/** The first and last points of an SVG path "M x,y C … x,y". */
function ends(path: string): [number, number, number, number] {
  const nums = path.match(/-?\d+(\.\d+)?/g)!.map(Number);
  return [nums[0]!, nums[1]!, nums.at(-2)!, nums.at(-1)!];
}

describe('buildScene', () => {
  it('draws each edge from its source handle to its target handle, as React Flow does', () => {
    // Handles are 6 px squares centred 1 px inside the border (node-handles.ts): React Flow's edge
    // starts at the source handle's outer side, 2 px past the node, and ends likewise.
    const right = buildScene([node('a', 0, 0), node('b', 400, 100)], [edge('a', 'b')]);
    expect(ends(right.edges[0]!.path)).toEqual([202, 30, 398, 130]);

    const down = buildScene([node('a', 0, 0, 'DOWN'), node('b', 50, 300, 'DOWN')], [edge('a', 'b')]);
    expect(ends(down.edges[0]!.path)).toEqual([100, 62, 150, 298]);
  });

  it('keeps what an edge is (lit, membership) and leaves out edges to nodes not drawn', () => {
    const scene = buildScene(
      [node('g', 0, 0), node('m', 400, 0)],
      [edge('g', 'm', [], true), edge('g', 'gone'), edge('gone', 'm')],
    );
    expect(scene.edges.map((e) => [e.id, e.active, e.membership])).toEqual([['g->m', true, true]]);
    expect(scene.nodes.map((n) => n.box)).toEqual([
      { x: 0, y: 0, width: 200, height: 60 },
      { x: 400, y: 0, width: 200, height: 60 },
    ]);
  });

  it("bounds an edge's curve, backwards ones too, so culling never drops one in view", () => {
    // A back edge (target left of source) bulges past both ends: sample its bezier.
    const scene = buildScene([node('a', 1000, 0), node('b', 0, 400)], [edge('a', 'b')]);
    const e = scene.edges[0]!;
    const n = e.path.match(/-?\d+(\.\d+)?/g)!.map(Number);
    const [x0, y0, c1x, c1y, c2x, c2y, x1, y1] = n as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (let t = 0; t <= 1; t += 0.05) {
      const u = 1 - t;
      const x = u * u * u * x0 + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * x1;
      const y = u * u * u * y0 + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * y1;
      expect(overlaps({ x, y, width: 0.001, height: 0.001 }, e.bounds)).toBe(true);
    }
  });
});

describe('viewRect and overlaps', () => {
  it('gives the flow rectangle a viewport shows', () => {
    expect(viewRect({ x: -100, y: 50, zoom: 0.5 }, 800, 600)).toEqual({
      x: 200,
      y: -100,
      width: 1600,
      height: 1200,
    });
    const view = viewRect({ x: 0, y: 0, zoom: 1 }, 100, 100);
    expect(overlaps(view, { x: 50, y: 50, width: 10, height: 10 })).toBe(true);
    expect(overlaps(view, { x: 100, y: 0, width: 10, height: 10 })).toBe(false);
    expect(overlaps(view, { x: -20, y: -20, width: 30, height: 30 })).toBe(true);
  });
});

describe('nodeAt', () => {
  it('finds the box under a point, the topmost where boxes overlap, and nothing between boxes', () => {
    const scene = buildScene([node('a', 0, 0), node('b', 100, 0), node('c', 0, 200)], []);
    expect(nodeAt(scene, { x: 50, y: 30 })?.id).toBe('a');
    expect(nodeAt(scene, { x: 150, y: 30 })?.id).toBe('b');
    expect(nodeAt(scene, { x: 10, y: 230 })?.id).toBe('c');
    expect(nodeAt(scene, { x: 50, y: 120 })).toBeNull();
    expect(nodeAt(scene, { x: 500, y: 30 })).toBeNull();
  });
});

describe('nextNode (arrow keys on the zoomed-out graph)', () => {
  // A layered layout's shape: a column of three at x 0, a column of two at x 400 (b2 a little
  // lower than b1), one node far right and low.
  const scene = buildScene(
    [
      node('a1', 0, 0),
      node('a2', 0, 100),
      node('a3', 0, 200),
      node('b1', 400, 10),
      node('b2', 400, 165),
      node('far', 1200, 400),
    ],
    [],
  );
  const go = (from: string | null, direction: 'left' | 'right' | 'up' | 'down') =>
    nextNode(scene, from, direction, { x: 500, y: 180 })?.id ?? null;

  it('keeps to the row or column it goes along: the nearest box that way, a step aside counting twice', () => {
    expect(go('a1', 'right')).toBe('b1');
    expect(go('a3', 'right')).toBe('b2');
    expect(go('b2', 'left')).toBe('a3');
    expect(go('a1', 'down')).toBe('a2');
    expect(go('a2', 'down')).toBe('a3');
    expect(go('a3', 'up')).toBe('a2');
    expect(go('b1', 'down')).toBe('b2');
    expect(go('b2', 'right')).toBe('far');
  });

  it('gives nothing where no box lies that way', () => {
    expect(go('a1', 'left')).toBeNull();
    expect(go('a1', 'up')).toBeNull();
    expect(go('far', 'right')).toBeNull();
    expect(go('far', 'down')).toBeNull();
  });

  it('starts from the box nearest the given point when no node (or one not drawn) is selected', () => {
    expect(go(null, 'right')).toBe('b2');
    expect(go('gone', 'down')).toBe('b2');
    expect(nearestNode(scene, { x: 0, y: 0 })?.id).toBe('a1');
    expect(nearestNode(buildScene([], []), { x: 0, y: 0 })).toBeNull();
  });
});
