/** Lays out the prompt tree off the UI thread (see tree-layout.ts). */
import { layoutTree, type TreeLayoutInput } from './tree-layout';

self.onmessage = (event: MessageEvent<{ id: number; input: TreeLayoutInput }>) => {
  const { id, input } = event.data;
  try {
    self.postMessage({ id, ok: true, layout: layoutTree(input) });
  } catch (error) {
    self.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
