/**
 * Runs the graph's layouts off the UI thread: ELK's layered layout, or the linear-time grid for
 * graphs past ELK's node cap. ELK runs synchronously inside this worker (the bundled build), so
 * one request blocks only the worker; the page's timeout terminates it.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import { gridLayoutOf } from '../features/graph/layout/grid-layout';
import type { LayoutRequest, LayoutResponse } from './layout-protocol';

// elk.bundled.js installs its own `self.onmessage` when it detects a worker; ours replaces it.
const elk = new ELK();

const OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.spacing.edgeNode': '24',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  // Keep arrival (seq) order where ELK has a free choice, so similar graphs look similar.
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.crossingMinimization.forceNodeModelOrder': 'false',
  'elk.separateConnectedComponents': 'true',
};

self.onmessage = async (event: MessageEvent<LayoutRequest>) => {
  const req = event.data;
  let reply: LayoutResponse;
  if (req.engine === 'grid') {
    const positions = gridLayoutOf(req.nodes, req.edges, req.direction, req.layerGap, req.nodeGap);
    self.postMessage({
      id: req.id,
      ok: true,
      positions: Object.fromEntries(positions),
    } satisfies LayoutResponse);
    return;
  }
  try {
    const result = await elk.layout({
      id: 'root',
      layoutOptions: {
        ...OPTIONS,
        'elk.direction': req.direction,
        'elk.layered.spacing.nodeNodeBetweenLayers': String(req.layerGap),
        'elk.spacing.nodeNode': String(req.nodeGap),
      },
      children: req.nodes,
      edges: req.edges.map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
    });
    const positions: Record<string, { x: number; y: number }> = {};
    for (const c of result.children ?? []) positions[c.id] = { x: c.x ?? 0, y: c.y ?? 0 };
    reply = { id: req.id, ok: true, positions };
  } catch (error) {
    reply = { id: req.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
