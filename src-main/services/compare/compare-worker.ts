/**
 * worker_threads entry: one comparison, off the main thread. Reads both logs (up to their cuts),
 * builds both graphs and aligns the steps — on a 100k-event session that is seconds of work the
 * host's event loop must not wait through. The thread plumbing is these few lines.
 */
import { parentPort } from 'node:worker_threads';
import { compareSides, type CompareOptions } from '../../../src-shared/lineage/compare/compare-sides';
import type { CompareSideRef } from '../../../src-shared/lineage/compare/compare-types';
import { readCompareSide } from './read-compare-side';

export interface CompareJob {
  a: CompareSideRef;
  b: CompareSideRef;
  options: CompareOptions;
}

export type CompareReply =
  | { ok: true; result: ReturnType<typeof compareSides> }
  | { ok: false; side: 'a' | 'b' | null; code: string | null; message: string };

parentPort!.once('message', (job: CompareJob) => {
  void run(job).then((reply) => parentPort!.postMessage(reply));
});

async function run(job: CompareJob): Promise<CompareReply> {
  let current: 'a' | 'b' | null = 'a';
  try {
    const a = await readCompareSide(job.a);
    current = 'b';
    const b = await readCompareSide(job.b);
    current = null;
    return { ok: true, result: compareSides(a, b, job.options) };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return { ok: false, side: current, code: typeof e.code === 'string' ? e.code : null, message: e.message };
  }
}
