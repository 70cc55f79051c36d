/**
 * Full layouts, all in a web worker with a node cap and a timeout: ELK for graphs up to
 * ELK_NODE_CAP nodes, the linear-time grid (layers by longest path) for anything bigger or still
 * being read. PERF-NOTES: layered layout takes seconds past a few hundred nodes; here ELK needs
 * ~0.3 s for 150 nodes and ~2 s for 330, and issue 8 wants a visible relayout in ≤ 500 ms.
 * A worker that times out is terminated and a fresh one made for the next call; a page that
 * cannot start workers, or a worker that fails, gets the grid on the main thread (it is linear).
 */
import type { XY } from '../../../state/layout-slice';
import type { LayoutDirection } from '../../../state/ui-slice';
import type { LayoutRequest, LayoutResponse } from '../../../workers/layout-protocol';
import type { VisibleGraph } from '../visible-graph';
import { gridLayout } from './grid-layout';
import { LAYER_GAP, NODE_GAP, sizeOf } from './node-size';

export const ELK_NODE_CAP = 150;
export const ELK_TIMEOUT_MS = 3000;
/** The grid is linear; this only guards against a worker that never answers. */
export const GRID_TIMEOUT_MS = 2000;

export interface LayoutResult {
  positions: Map<string, XY>;
  engine: 'elk' | 'grid';
  /** Why the grid was used, when it was. */
  reason: string | null;
}

let worker: Worker | null = null;
let workerBroken: string | null = null;
let nextId = 1;

function getWorker(): Worker | null {
  if (worker || workerBroken) return worker;
  try {
    worker = new Worker(new URL('../../../workers/layout.worker.ts', import.meta.url), { type: 'module' });
  } catch (error) {
    // A page that may not start workers (CSP, file:// rules) still gets a layout.
    workerBroken = error instanceof Error ? error.message : String(error);
  }
  return worker;
}

/**
 * Starts the layout worker and has it lay out a two-node graph once, so that the first real
 * layout finds ELK loaded and compiled. Made lazily, a page opened on a big session started the
 * worker when that session's first layout was asked for, just after its snapshot: its 2.7 MB
 * script was fetched 2.7 s later and ELK missed its timeout (a 1.2M-event session fell back to the
 * grid, ~3 s late); a worker started with the page costs that time while the page waits anyway.
 */
export function startLayoutWorker(): void {
  const w = getWorker();
  if (!w) return;
  const warmUp: LayoutRequest = {
    id: 0, // no layout waits for id 0
    engine: 'elk',
    direction: 'RIGHT',
    layerGap: LAYER_GAP,
    nodeGap: NODE_GAP,
    nodes: [
      { id: 'a', ...sizeOf('session') },
      { id: 'b', ...sizeOf('tool_call') },
    ],
    edges: [{ id: 'a->b', source: 'a', target: 'b' }],
  };
  w.postMessage(warmUp);
}

function dropWorker(): void {
  worker?.terminate();
  worker = null;
}

export async function fullLayout(
  graph: VisibleGraph,
  direction: LayoutDirection,
  /** The file is still being read: this layout is a draft, replaced once it is read. */
  draft = false,
): Promise<LayoutResult> {
  const grid = (reason: string): LayoutResult => ({
    positions: gridLayout(graph, direction),
    engine: 'grid',
    reason,
  });
  // ELK takes hundreds of ms of a core for a hundred nodes, which a session still being read
  // (parsed on the same two cores) needs more than a draft needs polish.
  const gridReason = draft
    ? 'still reading the file'
    : graph.nodes.length > ELK_NODE_CAP
      ? `${graph.nodes.length} nodes > ${ELK_NODE_CAP}`
      : null;
  const engine = gridReason ? 'grid' : 'elk';
  const maybeWorker = getWorker();
  if (!maybeWorker) return grid(`no layout worker (${workerBroken})`);
  const w: Worker = maybeWorker;

  const request: LayoutRequest = {
    id: nextId++,
    engine,
    direction,
    layerGap: LAYER_GAP,
    nodeGap: NODE_GAP,
    nodes: graph.nodes.map((n) => ({ id: n.id, ...sizeOf(n.kind) })),
    edges: graph.edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
  };
  const reply = await new Promise<LayoutResponse | 'timeout' | 'crashed'>((resolve) => {
    const done = (value: LayoutResponse | 'timeout' | 'crashed') => {
      clearTimeout(timer);
      w.removeEventListener('message', onMessage);
      w.removeEventListener('error', onError);
      resolve(value);
    };
    const timer = setTimeout(
      () => {
        dropWorker();
        done('timeout');
      },
      engine === 'elk' ? ELK_TIMEOUT_MS : GRID_TIMEOUT_MS,
    );
    function onMessage(event: MessageEvent<LayoutResponse>) {
      if (event.data.id === request.id) done(event.data);
    }
    // A worker script that cannot load (file:// or CSP rules) fails here, not in the constructor.
    function onError(event: Event) {
      event.preventDefault();
      workerBroken = 'the layout worker failed to start';
      dropWorker();
      done('crashed');
    }
    w.addEventListener('message', onMessage);
    w.addEventListener('error', onError);
    w.postMessage(request);
  });
  if (reply === 'timeout')
    return grid(
      engine === 'elk' ? `ELK took over ${ELK_TIMEOUT_MS / 1000} s` : 'the layout worker did not answer',
    );
  if (reply === 'crashed') return grid(workerBroken ?? 'layout worker failed');
  if (!reply.ok) return grid(`${engine === 'elk' ? 'ELK' : 'layout'} failed: ${reply.error}`);
  return { positions: new Map(Object.entries(reply.positions)), engine, reason: gridReason };
}
