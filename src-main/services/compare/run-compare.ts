/**
 * Runs one comparison in its own worker thread (compare-worker.ts) and turns what can go wrong
 * into bridge errors: a log that is missing or unreadable names the log; a comparison that runs
 * too long or out of memory is stopped and says so. A worker per comparison: they are rare (a
 * user action) and a fresh thread leaves nothing behind.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BridgeError } from '../../../src-shared/bridge/contract';
import type { CompareOptions } from '../../../src-shared/lineage/compare/compare-sides';
import type { CompareResult, CompareSideRef } from '../../../src-shared/lineage/compare/compare-types';
import { describeFsError } from '../fs/describe-fs-error';
import type { CompareJob, CompareReply } from './compare-worker';

export interface RunCompareOptions extends CompareOptions {
  timeoutMs?: number;
  maxOldGenerationSizeMb?: number;
}

/** Built next to this bundle (out/main); from sources (tests) use the built copy. */
export function compareWorkerPath(): string {
  const candidates = [
    new URL('./compare-worker.js', import.meta.url),
    new URL('../compare-worker.js', import.meta.url),
    new URL('../../../out/main/compare-worker.js', import.meta.url),
  ];
  for (const c of candidates) {
    const p = fileURLToPath(c);
    if (existsSync(p)) return p;
  }
  throw new BridgeError('internal', 'the compare worker is not built: run `npm run build` first');
}

export function runCompare(
  a: CompareSideRef,
  b: CompareSideRef,
  options: RunCompareOptions = {},
): Promise<CompareResult> {
  const { timeoutMs = 120_000, maxOldGenerationSizeMb = 2048, ...compare } = options;
  const worker = new Worker(compareWorkerPath(), {
    resourceLimits: { maxOldGenerationSizeMb },
  });
  return new Promise<CompareResult>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new BridgeError('internal', `the comparison took over ${timeoutMs / 1000} s and was stopped`),
          ),
        ),
      timeoutMs,
    );
    worker.once('message', (reply: CompareReply) =>
      finish(() => {
        if (reply.ok) resolve(reply.result);
        else {
          const log = reply.side === 'a' ? a.sessionKey : reply.side === 'b' ? b.sessionKey : null;
          const why = reply.code
            ? describeFsError({ code: reply.code, message: reply.message } as NodeJS.ErrnoException)
            : reply.message;
          reject(
            new BridgeError(
              reply.code === 'ENOENT' ? 'not-found' : 'internal',
              log ? `cannot read ${log}: ${why}` : `the comparison failed: ${why}`,
            ),
          );
        }
      }),
    );
    worker.once('error', (error) =>
      finish(() => reject(new BridgeError('internal', `the comparison failed: ${error.message}`))),
    );
    worker.once('exit', (code) =>
      finish(() => reject(new BridgeError('internal', `the comparison stopped (worker exit ${code})`))),
    );
    const job: CompareJob = { a, b, options: compare };
    worker.postMessage(job);
  });
}
