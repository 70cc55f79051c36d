/**
 * The graph zoomed out past reading, drawn on one canvas: boxes coloured as the minimap colours
 * them, the same bezier edges, the selection and new nodes outlined. Below TEXT_MIN_ZOOM the
 * graph canvas gets `data-lod="low"` and graph.css hides React Flow's node and edge layers (they
 * stay mounted: React Flow keeps its state, and they show again as they were when zoomed in).
 *
 * It follows React Flow's viewport through the store, not through React: a wheel step redraws the
 * canvas in the same frame (a requestAnimationFrame after the input) and re-renders nothing.
 * Clicks go to React Flow's pane (the canvas takes no pointer events); GraphView finds the box
 * under them with `nodeAt` (low-detail-scene.ts), which is why the scene is made there.
 *
 * The boxes are not elements, so the keyboard reaches them through the canvas: zoomed out it is in
 * the tab order, the arrow keys select the nearest box that way (`nextNode`; from the view's
 * centre when nothing is selected; an off-screen one is panned to, as for j/k), Enter or Space
 * opens or closes a group, and what was selected is said in a live region.
 */
import { useStoreApi } from '@xyflow/react';
import { useEffect, useRef, useState } from 'react';
import { selectNewNodes } from '../../state/selectors';
import { useAppStore } from '../../state/store';
import { TEXT_MIN_ZOOM } from './initial-viewport';
import { minimapColor } from './minimap-color';
import { nextNode, overlaps, viewRect, type Direction, type Scene, type SceneEdge } from './low-detail-scene';
import type { GraphEdge, GraphNode } from './rf-types';
import type { LineageNode } from '../../../../src-shared/lineage/types';

/** minimapColor's colour for a node with no verdict or status: drawn as a plain box. */
const NEUTRAL = '#9aa0a6';
const EDGE = '#8a8f98';
const ACTIVE = '#6e7bf2';
/** graph.css `.gnode` border-radius. */
const RADIUS = 8;

const lodOf = (zoom: number) => (zoom < TEXT_MIN_ZOOM ? 'low' : 'high');

const ARROWS: Partial<Record<string, Direction>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/** What the live region says of a box: a group's tool and size, or the node's kind and label. */
function spokenName(node: GraphNode, nodes: ReadonlyMap<string, LineageNode> | undefined): string {
  const group = node.data.visible.group;
  if (group) return `${group.toolName} ×${group.members.length}, ${group.expanded ? 'open' : 'closed'} group`;
  return `${node.data.visible.kind.replace(/_/g, ' ')}: ${nodes?.get(node.id)?.label ?? node.id}`;
}

interface Colours {
  nodeBg: string;
  border: string;
  accent: string;
}

function coloursOf(el: Element): Colours {
  const style = getComputedStyle(el);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    nodeBg: v('--node-bg', '#ffffff'),
    border: v('--border-strong', '#cdd1d7'),
    accent: v('--accent', ACTIVE),
  };
}

export function LowDetailCanvas(props: {
  /** The scene (low-detail-scene.ts `lazyScene`): made when first drawn. */
  scene: () => Scene;
  selectedId: string | null;
  /** Lineage node → the node drawn for it (a group stands for its members): new nodes are marked on it. */
  representative: ReadonlyMap<string, string> | undefined;
  /** Where `data-lod` is set (graph.css hides the DOM nodes under it). */
  lodTarget: React.RefObject<HTMLElement | null>;
  theme: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const store = useStoreApi<GraphNode, GraphEdge>();
  const newNodes = useAppStore(selectNewNodes);
  // Verdicts and statuses change live on the same node objects: a new delta redraws.
  const data = useAppStore((s) => s.data);
  const { scene, selectedId, representative, lodTarget, theme } = props;
  const frame = useRef(0);
  const drawn = useRef(false);
  const colours = useRef<{ theme: string; colours: Colours } | null>(null);
  const [spoken, setSpoken] = useState('');

  useEffect(() => {
    const draw = () => {
      frame.current = 0;
      const canvas = ref.current;
      if (!canvas) return;
      const { transform, width, height } = store.getState();
      const [x, y, zoom] = transform;
      const lod = lodOf(zoom);
      const target = lodTarget.current;
      if (target && target.dataset['lod'] !== lod) target.dataset['lod'] = lod;
      // In the tab order only while it draws the nodes (zoomed in, they are focusable themselves).
      const tabIndex = lod === 'low' ? 0 : -1;
      if (canvas.tabIndex !== tabIndex) canvas.tabIndex = tabIndex;
      if (lod === 'high') {
        if (drawn.current) {
          const ctx = canvas.getContext('2d');
          ctx?.setTransform(1, 0, 0, 1, 0, 0);
          ctx?.clearRect(0, 0, canvas.width, canvas.height);
          drawn.current = false;
        }
        return;
      }
      const dpr = window.devicePixelRatio || 1;
      const w = Math.round(width * dpr);
      const h = Math.round(height * dpr);
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
      }
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      if (colours.current?.theme !== theme) colours.current = { theme, colours: coloursOf(canvas) };
      paint(
        ctx,
        scene(),
        { x, y, zoom },
        { width, height, dpr },
        colours.current.colours,
        selectedId,
        drawnOf(newNodes, representative),
      );
      drawn.current = true;
    };
    const schedule = () => {
      if (!frame.current) frame.current = requestAnimationFrame(draw);
    };
    schedule();
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height) schedule();
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
    // `data` is not read here: a new one means a verdict or status may have changed colour.
  }, [store, scene, selectedId, representative, lodTarget, theme, newNodes, data]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLCanvasElement>) => {
    const direction = ARROWS[event.key];
    const app = useAppStore.getState();
    if (direction) {
      event.preventDefault();
      const { transform, width, height } = store.getState();
      const [x, y, zoom] = transform;
      const centre = { x: (width / 2 - x) / zoom, y: (height / 2 - y) / zoom };
      const next = nextNode(scene(), selectedId, direction, centre);
      if (!next) return;
      app.selectNode(next.id);
      setSpoken(spokenName(next, data?.nodes));
    } else if ((event.key === 'Enter' || event.key === ' ') && selectedId) {
      // Only group nodes carry their group (visible-graph.ts).
      const group = scene().nodes.find((n) => n.node.id === selectedId)?.node.data.visible.group;
      if (!group) return;
      event.preventDefault();
      app.toggleGroup(selectedId);
      setSpoken(`${group.toolName} group ${group.expanded ? 'closed' : 'opened'}`);
    }
  };

  return (
    <>
      <canvas
        ref={ref}
        className="low-detail-canvas"
        data-testid="low-detail-canvas"
        // Set by `draw` as the zoom crosses TEXT_MIN_ZOOM (0 zoomed out); React never changes it after.
        tabIndex={-1}
        role="application"
        aria-roledescription="zoomed-out graph"
        aria-label="Graph, zoomed out: arrow keys select the nearest node that way; Enter opens or closes a group"
        onKeyDown={onKeyDown}
      />
      <div className="visually-hidden" aria-live="polite" data-testid="low-detail-spoken">
        {spoken}
      </div>
    </>
  );
}

/** The drawn nodes that stand for new lineage nodes (a group with a new member is marked, as in the DOM). */
function drawnOf(
  ids: ReadonlySet<string>,
  representative: ReadonlyMap<string, string> | undefined,
): Set<string> {
  const out = new Set<string>();
  for (const id of ids) out.add(representative?.get(id) ?? id);
  return out;
}

/** Each edge's path parsed once (a scene is made anew when the graph changes, not per frame). */
const paths = new WeakMap<SceneEdge, Path2D>();
function pathOf(e: SceneEdge): Path2D {
  let p = paths.get(e);
  if (!p) paths.set(e, (p = new Path2D(e.path)));
  return p;
}

function paint(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  viewport: { x: number; y: number; zoom: number },
  size: { width: number; height: number; dpr: number },
  colours: Colours,
  selectedId: string | null,
  newNodes: ReadonlySet<string>,
): void {
  const { zoom, x, y } = viewport;
  const { dpr } = size;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(zoom * dpr, 0, 0, zoom * dpr, x * dpr, y * dpr);
  const view = viewRect({ x, y, zoom }, size.width, size.height);
  // Flow units for one screen pixel: lines keep at least that, or they vanish when zoomed out.
  const px = 1 / zoom;

  ctx.lineWidth = Math.max(1.25, 0.75 * px);
  for (const active of [false, true]) {
    ctx.strokeStyle = active ? ACTIVE : EDGE;
    for (const e of scene.edges) {
      if (e.active !== active || !overlaps(e.bounds, view)) continue;
      ctx.globalAlpha = active ? 1 : e.membership ? 0.35 : 0.7;
      ctx.stroke(pathOf(e));
    }
  }
  ctx.globalAlpha = 1;

  const stripe = Math.max(3, 2 * px);
  const border = Math.max(1, 0.75 * px);
  let selected: { x: number; y: number; width: number; height: number } | null = null;
  for (const { node, box } of scene.nodes) {
    if (!overlaps(box, view)) continue;
    const tone = minimapColor(node);
    if (node.type === 'tool_group' || node.type === 'node_group') {
      // A stack: the group stands for several nodes (as .gnode-tool_group's offset shadow).
      ctx.fillStyle = colours.border;
      ctx.fillRect(box.x + 3, box.y + 3, box.width, box.height);
    }
    ctx.beginPath();
    ctx.roundRect(box.x, box.y, box.width, box.height, RADIUS);
    ctx.fillStyle = colours.nodeBg;
    ctx.fill();
    if (tone !== NEUTRAL) {
      ctx.globalAlpha = 0.3;
      ctx.fillStyle = tone;
      ctx.fill();
      ctx.globalAlpha = 1;
    }
    ctx.fillStyle = tone === NEUTRAL ? colours.border : tone;
    ctx.fillRect(box.x, box.y + RADIUS / 2, Math.min(stripe, box.width), box.height - RADIUS);
    ctx.lineWidth = border;
    ctx.strokeStyle = colours.border;
    ctx.stroke();
    if (newNodes.has(node.id)) {
      ctx.lineWidth = 2 * border;
      ctx.strokeStyle = colours.accent;
      ctx.stroke();
    }
    if (node.id === selectedId) selected = box;
  }
  if (selected) {
    // Over everything, and at least a few pixels wide: the one box the details panel is about.
    ctx.lineWidth = Math.max(4, 3 * px);
    ctx.strokeStyle = colours.accent;
    const pad = ctx.lineWidth / 2;
    ctx.strokeRect(selected.x - pad, selected.y - pad, selected.width + 2 * pad, selected.height + 2 * pad);
  }
}
