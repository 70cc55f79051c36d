/**
 * Asks the tree layout worker for a layout; only the latest request is answered. Where a worker
 * cannot start (CSP, file:// rules) the layout runs inline: the tree is still drawn.
 */
import { layoutTree, type TreeLayout, type TreeLayoutInput } from './tree-layout';

let worker: Worker | null = null;
let broken = false;
let nextId = 1;
const pending = new Map<number, (layout: TreeLayout) => void>();

function getWorker(): Worker | null {
  if (worker || broken) return worker;
  try {
    worker = new Worker(new URL('./tree-layout.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ id: number; ok: boolean; layout?: TreeLayout }>) => {
      const resolve = pending.get(event.data.id);
      pending.delete(event.data.id);
      if (resolve && event.data.layout) resolve(event.data.layout);
    };
    worker.onerror = () => {
      broken = true;
      worker?.terminate();
      worker = null;
    };
  } catch {
    broken = true;
  }
  return worker;
}

/**
 * Starts the worker ahead of the first layout (a bundle's view calls it while the bundle loads):
 * a worker's start, ~50–80 ms here, then overlaps the wait for serve instead of following it.
 */
export function startTreeLayoutWorker(): void {
  getWorker();
}

export function requestTreeLayout(input: TreeLayoutInput): Promise<TreeLayout> {
  const w = getWorker();
  if (!w) return Promise.resolve(layoutTree(input));
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      if (!pending.has(id)) return;
      pending.delete(id);
      resolve(layoutTree(input));
    }, 4000);
    pending.set(id, (layout) => {
      clearTimeout(timer);
      resolve(layout);
    });
    w.postMessage({ id, input });
  });
}
