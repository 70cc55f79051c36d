/**
 * The job → artifact → verification graph of the shown session. Live updates add nodes where
 * there is room and never touch the viewport; only a first load, "Fit" or "Re-layout" does.
 */
import {
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  getNodesBounds,
  useReactFlow,
  useStoreApi,
  type NodeChange,
  type Viewport,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  selectDirection,
  selectExpandedGroups,
  selectGraphShape,
  selectSelectedNodeId,
  selectViewKey,
  selectViewStatus,
  selectViewSummary,
} from '../../state/selectors';
import { graphDrawn } from '../../state/graph-pace';
import { useAppStore } from '../../state/store';
import { useResolvedTheme } from '../app/use-theme';
import { EmptyState, ProgressBar } from '../../shared/ui';
import { formatBytes, formatCount } from '../../shared/format';
import { DotGrid } from './DotGrid';
import { initialViewport } from './initial-viewport';
import { GraphToolbar } from './GraphToolbar';
import { LowDetailCanvas } from './LowDetailCanvas';
import { lazyScene, nodeAt } from './low-detail-scene';
import { minimapColor } from './minimap-color';
import { NODE_TYPES } from './node-types';
import { EDGE_TYPES } from './ReasonEdge';
import { RfEdgeCache } from './rf-edge-cache';
import { RfNodeCache } from './rf-node-cache';
import { showGraph } from './shown-graph';
import type { GraphEdge, GraphNode } from './rf-types';
import { useGraphLayout } from './use-graph-layout';
import { visibleGraphOf } from './visible-graph';
import { useKeepSelectionInView } from './use-keep-selection-in-view';
import './graph.css';

const PRO_OPTIONS = { hideAttribution: true };
const onNodeClick = (_: unknown, node: GraphNode) => useAppStore.getState().selectNode(node.id);
const onNodeDoubleClick = (_: unknown, node: GraphNode) => {
  if (node.type === 'tool_group' || node.type === 'node_group') useAppStore.getState().toggleGroup(node.id);
};

/**
 * More edges than this are drawn with less detail (graph.css `.is-dense`). One tool group opened
 * on a session of 53,000 nodes drew 153 dashed edges to its members, each thousands of px long:
 * the raster thread spent ~350 ms on the frame after the relayout (click → painted 580–740 ms;
 * 280–290 without the dashes). At 200 that fan kept its dashes.
 */
const DENSE_EDGES = 100;

/** Per session: whether the user moved the viewport (then we never fit), and where it was. */
const userMoved = new Set<string>();
const savedViewports = new Map<string, Viewport>();

function GraphCanvas() {
  const key = useAppStore(selectViewKey);
  const viewStatus = useAppStore(selectViewStatus);
  const viewError = useAppStore((s) => s.viewError);
  // While a big session's preview is shown: how many events its graph is being loaded for.
  const previewOf = useAppStore((s) => (s.preview ? (s.data?.summary.events ?? 0) : null));
  // Whether the data we hold is still the file's first read (its own summary, which comes with
  // the data: the session row may say "ready" a moment earlier). The read's progress, several
  // times a second, is drawn by LoadProgress alone, not by re-rendering the whole graph.
  const fileLoading = useAppStore((s) => s.data?.summary.status === 'loading');
  // The shape comes at graph-pace's pace during a burst of appends, and under load React may
  // skip intermediate graphs too; the latest always lands.
  const latestShape = useAppStore(selectGraphShape);
  const shape = useDeferredValue(latestShape);
  // The graph drawn is behind the data (a deferred render still to come): not "ready" yet.
  const behind = shape !== latestShape;
  const expanded = useAppStore(selectExpandedGroups);
  const selectedNodeId = useAppStore(selectSelectedNodeId);
  const theme = useResolvedTheme();
  const rf = useReactFlow();

  // Recomputed when the graph's shape changes (grown in place when nodes were only added), not
  // when a node only changes its details.
  const visible = useMemo(
    () =>
      shape && shape.key === key
        ? visibleGraphOf(key, shape.nodes, shape.edges, expanded, shape.structure, shape.growth)
        : null,
    [key, shape, expanded],
  );

  const flowStore = useStoreApi();
  const fit = useCallback(
    (sessionKey: string) => {
      if (userMoved.has(sessionKey)) return;
      // Two frames: React Flow must have the new positions before it can frame them.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const nodes = rf.getNodes();
          if (useAppStore.getState().viewKey !== sessionKey || nodes.length === 0) return;
          const { width, height, domNode } = flowStore.getState();
          const top = toolbarBottom(domNode);
          void rf.setViewport(initialViewport(getNodesBounds(nodes), { width, height, top }));
        }),
      );
    },
    [rf, flowStore],
  );

  const { positions, info } = useGraphLayout(visible, key, fileLoading, fit);

  // The "f" key.
  const fitRequest = useAppStore((s) => s.fitRequest);
  useEffect(() => {
    if (fitRequest === 0) return;
    if (key) userMoved.delete(key);
    void rf.fitView({ padding: 0.12, maxZoom: 1, duration: 200 });
  }, [fitRequest, rf, key]);

  // Coming back to a session restores where the user left its viewport.
  useEffect(() => {
    if (!key) return;
    const saved = savedViewports.get(key);
    if (saved) void rf.setViewport(saved);
  }, [key, rf]);

  const direction = useAppStore(selectDirection);
  const [cache] = useState(() => new RfNodeCache());
  const rfNodes = useMemo(
    () => (visible && positions ? cache.build(visible, positions, direction) : []),
    [cache, visible, positions, direction],
  );
  const representativeOfSelected = selectedNodeId
    ? (visible?.representative.get(selectedNodeId) ?? selectedNodeId)
    : null;
  const [edgeCache] = useState(() => new RfEdgeCache());
  const rfEdges = useMemo(
    () => (visible ? edgeCache.build(visible, representativeOfSelected) : []),
    [edgeCache, visible, representativeOfSelected],
  );

  const groupIds = useMemo(
    () => (visible ? visible.nodes.filter((n) => n.kind === 'tool_group').map((n) => n.id) : []),
    [visible],
  );

  useKeepSelectionInView(representativeOfSelected, rfNodes);

  // Group nodes and edges draw their live figures from the graph shown, in this same frame
  // (shown-graph.ts); whether React Flow took new lists for it sets the pace of the next shape.
  const drawnLists = useRef<{ nodes: GraphNode[]; edges: GraphEdge[] } | null>(null);
  useLayoutEffect(() => {
    showGraph(visible);
    const before = drawnLists.current;
    graphDrawn(before === null || before.nodes !== rfNodes || before.edges !== rfEdges);
    drawnLists.current = { nodes: rfNodes, edges: rfEdges };
  }, [visible, rfNodes, rfEdges]);
  useLayoutEffect(() => () => showGraph(null), []);

  const onNodesChange = useCallback(
    (changes: NodeChange<GraphNode>[]) => {
      if (!key) return;
      for (const c of changes)
        if (c.type === 'position' && c.position) useAppStore.getState().movePosition(key, c.id, c.position);
    },
    [key],
  );

  // Stable handlers: React Flow copies changed props into its store, and every store change runs
  // each mounted edge's and node's selectors — with a thousand of them, a new arrow function per
  // render made each pan frame cost ~30 ms (issue 8 bench).
  const onMoveStart = useCallback(
    (event: MouseEvent | TouchEvent | null) => {
      if (event && key) userMoved.add(key);
    },
    [key],
  );
  const canvasRef = useRef<HTMLDivElement>(null);

  // Zoomed out past reading the nodes are drawn on a canvas (LowDetailCanvas) and a click lands
  // on React Flow's pane: the box under it is found here. The scene is read through a ref so the
  // handlers stay the same functions (see above).
  const scene = useMemo(() => lazyScene(rfNodes, rfEdges), [rfNodes, rfEdges]);
  const sceneRef = useRef(scene);
  useEffect(() => {
    sceneRef.current = scene;
  }, [scene]);
  const boxAt = useCallback(
    (event: { clientX: number; clientY: number }) =>
      canvasRef.current?.dataset['lod'] === 'low'
        ? nodeAt(sceneRef.current(), rf.screenToFlowPosition({ x: event.clientX, y: event.clientY }))
        : null,
    [rf],
  );
  const onPaneClick = useCallback(
    (event: { clientX: number; clientY: number }) =>
      useAppStore.getState().selectNode(boxAt(event)?.id ?? null),
    [boxAt],
  );
  // A double-click on a group's box opens or closes it, as on its DOM node — and does not also
  // zoom in (React Flow's pane zooms on a double-click: stopped before it gets there).
  const onDoubleClickCapture = useCallback(
    (event: React.MouseEvent) => {
      const node = boxAt(event);
      if (!node || (node.type !== 'tool_group' && node.type !== 'node_group')) return;
      event.stopPropagation();
      useAppStore.getState().toggleGroup(node.id);
    },
    [boxAt],
  );
  const onPaneMouseMove = useCallback(
    (event: { clientX: number; clientY: number }) => {
      const el = canvasRef.current;
      if (!el) return;
      const over = boxAt(event) !== null;
      if ((el.dataset['overBox'] === 'true') !== over) el.dataset['overBox'] = String(over);
    },
    [boxAt],
  );
  const onMoveEnd = useCallback(
    (_: MouseEvent | TouchEvent | null, viewport: Viewport) => {
      if (key) savedViewports.set(key, viewport);
    },
    [key],
  );

  if (!key) return <EmptyState title="No session selected">Pick a session on the left.</EmptyState>;
  if (viewStatus === 'error') return <EmptyState title="Could not load this session">{viewError}</EmptyState>;

  // Nothing drawn yet while there is something to draw: its first layout is still to come (it
  // starts after this render), running, or a deferred render is still behind the data.
  const waiting =
    viewStatus === 'loading' ||
    (rfNodes.length === 0 && (info.busy || behind || (visible?.nodes.length ?? 0) > 0));
  // Stable signals for tests and the bench: what the view shows, not how it is built.
  const graphState = waiting
    ? 'loading'
    : fileLoading
      ? 'filling'
      : info.busy || behind
        ? 'laying-out'
        : 'ready';
  return (
    <div
      className={`graph-canvas${rfEdges.length > DENSE_EDGES ? ' is-dense' : ''}`}
      data-graph-state={graphState}
      data-node-count={rfNodes.length}
      ref={canvasRef}
      onDoubleClickCapture={onDoubleClickCapture}
    >
      <ReactFlow<GraphNode, GraphEdge>
        nodes={rfNodes}
        edges={rfEdges}
        nodeTypes={NODE_TYPES}
        edgeTypes={EDGE_TYPES}
        onNodesChange={onNodesChange}
        onNodeClick={onNodeClick}
        onNodeDoubleClick={onNodeDoubleClick}
        onPaneClick={onPaneClick}
        onPaneMouseMove={onPaneMouseMove}
        onMoveStart={onMoveStart}
        onMoveEnd={onMoveEnd}
        nodesConnectable={false}
        elementsSelectable={false}
        onlyRenderVisibleElements={rfNodes.length > 300}
        minZoom={0.05}
        maxZoom={2}
        colorMode={theme}
        proOptions={PRO_OPTIONS}
        deleteKeyCode={null}
        selectionKeyCode={null}
        multiSelectionKeyCode={null}
      >
        <DotGrid />
        <LowDetailCanvas
          scene={scene}
          selectedId={representativeOfSelected}
          representative={visible?.representative}
          lodTarget={canvasRef}
          theme={theme}
        />
        <Controls showInteractive={false} position="bottom-left" />
        <MiniMap
          pannable
          zoomable
          nodeColor={minimapColor}
          style={{ width: 168, height: 112 }}
          position="bottom-right"
          ariaLabel="Graph overview"
        />
        <GraphToolbar
          nodeCount={rfNodes.length}
          edgeCount={rfEdges.length}
          groupIds={groupIds}
          info={info}
          onFit={() => {
            userMoved.delete(key);
            void rf.fitView({ padding: 0.12, maxZoom: 1, duration: 200 });
          }}
        />
      </ReactFlow>
      {waiting && (
        <div className="graph-overlay">
          <div className="graph-overlay-card">
            <div>
              {viewStatus !== 'loading'
                ? 'Laying out…'
                : previewOf !== null
                  ? fileLoading
                    ? `${formatCount(previewOf)} events read so far — the graph is drawn once the log is read`
                    : `Loading the graph of ${formatCount(previewOf)} events…`
                  : 'Loading session…'}
            </div>
            {fileLoading && <LoadProgress />}
          </div>
        </div>
      )}
    </div>
  );
}

function LoadProgress() {
  const bytesRead = useAppStore((s) => selectViewSummary(s)?.bytesRead ?? 0);
  const fileBytes = useAppStore((s) => selectViewSummary(s)?.fileBytes ?? 0);
  return (
    <>
      <ProgressBar value={bytesRead} total={fileBytes} label="bytes read" />
      <div className="faint">
        {formatBytes(bytesRead)} of {formatBytes(fileBytes)}
      </div>
    </>
  );
}

export function GraphView() {
  return (
    <section className="graph-view" aria-label="Lineage graph">
      <ReactFlowProvider>
        <GraphCanvas />
      </ReactFlowProvider>
    </section>
  );
}

/** Where the floating toolbar ends inside the canvas (plus a gap), or undefined before it is drawn. */
function toolbarBottom(canvas: HTMLElement | null): number | undefined {
  const toolbar = canvas?.querySelector('.graph-toolbar');
  if (!canvas || !toolbar) return undefined;
  return toolbar.getBoundingClientRect().bottom - canvas.getBoundingClientRect().top + 12;
}
