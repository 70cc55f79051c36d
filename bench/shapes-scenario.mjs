/**
 * The scaling check: each of shape-logs.mjs's unusual sessions read by `serve` at n and 4n events
 * (and at 100, for the read's fixed cost: serve's worker, the list's polling), from the moment the
 * log appears in the watched home to its row saying ready (the index and lineage complete, as T1's
 * figure). Less the fixed cost, a read whose cost per event does not grow takes 4× as long at 4×
 * the events; one that takes longer than the timeout is stopped and has no figure.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeHome, stageSession } from './home.mjs';
import { callBridge, startServe } from './serve-process.mjs';
import { writeShapeLog } from './shape-logs.mjs';

const POLL_MS = 50;

/** ms from the log appearing to its row being ready, or null past `timeoutMs`. */
async function readToReady(log, timeoutMs) {
  const home = await makeHome();
  const serve = await startServe(home.home);
  try {
    const staged = await stageSession(home, 'shape', log);
    const t0 = performance.now();
    await staged.reveal();
    while (performance.now() - t0 < timeoutMs) {
      const list = await callBridge(serve.url, 'sessions', 'list');
      const item = list.find((i) => i.sessionId === 'shape');
      if (item?.status === 'ready') return performance.now() - t0;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return null;
  } finally {
    await serve.stop();
    await home.remove();
  }
}

/** One shape at 100, `events` and 4 × `events` events: ms each (null past the timeout, and after it). */
export async function shapeOnce(shape, events, timeoutMs) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'le-bench-shape-'));
  try {
    const out = { tiny: null, small: null, big: null };
    for (const [name, n] of [
      ['tiny', 100],
      ['small', events],
      ['big', 4 * events],
    ]) {
      const file = path.join(dir, `${shape}-${n}.jsonl`);
      writeShapeLog(file, shape, n);
      out[name] = await readToReady(file, timeoutMs);
      await rm(file);
      if (out[name] === null) break;
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** How much longer 4× the events took, less the fixed cost (a read at 100 events); null without figures. */
export function growthOf({ tiny, small, big }) {
  if (tiny === null || small === null || big === null || small <= tiny) return null;
  return (big - tiny) / (small - tiny);
}
