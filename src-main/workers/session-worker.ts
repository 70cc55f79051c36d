/**
 * worker_threads entry: holds the sessions of the logs given to it (their line splitters, reader
 * state, lineage and pending deltas: worker-sessions.ts) so that the main thread only routes
 * bytes. The thread plumbing is these few lines. Jobs come in batches (every op given in one turn
 * of the main thread's event loop) and their results go back as one message.
 */
import { parentPort } from 'node:worker_threads';
import { WorkerSessions } from '../services/sessions/worker-sessions';
import {
  RECYCLE_MIN_BYTES,
  type DeltaJson,
  type FromWorker,
  type SessionJobResult,
  type SessionOpResults,
  type ToWorker,
} from '../services/sessions/session-worker-protocol';
import { YoungGenerationRelease, newSpaceBytes } from './young-generation-release';

const sessions = new WorkerSessions();
const release = new YoungGenerationRelease();

parentPort!.on('message', (message: ToWorker) => {
  if ('memory' in message) {
    (globalThis as { gc?: () => void }).gc?.();
    const { heapUsed, external, arrayBuffers } = process.memoryUsage();
    const usage = { heapUsed, external, arrayBuffers, newSpace: newSpaceBytes() };
    const reply: FromWorker = { memory: message.memory, usage };
    parentPort!.postMessage(reply);
    return;
  }
  const startedAt = performance.now();
  const results: SessionJobResult[] = [];
  const transfer: ArrayBuffer[] = [];
  const recycled: ArrayBuffer[] = [];
  for (const job of message.jobs) {
    // Nothing keeps a view of a read's bytes once it is handled (the splitter copies a partial
    // line): a big one's buffer goes back for the next read.
    if (job.op.op === 'read' && job.op.bytes.byteLength >= RECYCLE_MIN_BYTES) {
      const buffer = job.op.bytes.buffer as ArrayBuffer;
      if (!recycled.includes(buffer)) recycled.push(buffer);
    }
    try {
      // A snapshot's parts go out as they are written: held until the answer, a big one was
      // ~200 MB of the worker's memory at once.
      const result = sessions.handle(job, (bytes) => {
        const part: FromWorker = { part: { job: job.id, bytes } };
        parentPort!.postMessage(part, [bytes.buffer as ArrayBuffer]);
      });
      // A snapshot's and a delta's JSON bytes go to the main thread without a copy.
      if (job.op.op === 'snapshot')
        for (const part of (result as SessionOpResults['snapshot']).json)
          transfer.push(part.buffer as ArrayBuffer);
      const delta = (result as { delta?: DeltaJson | null } | null)?.delta;
      if (delta) transfer.push(delta.json.buffer as ArrayBuffer);
      results.push({ id: job.id, result });
    } catch (error) {
      results.push({ id: job.id, error: (error as Error).message });
    }
  }
  const reply: FromWorker = { batch: message.batch, results, recycled };
  parentPort!.postMessage(reply, [...transfer, ...recycled]);
  release.noteWork(performance.now() - startedAt);
});
