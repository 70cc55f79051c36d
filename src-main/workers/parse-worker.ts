/**
 * worker_threads entry: parses appended log bytes off the main thread. Imports only pure
 * src-shared code; the thread plumbing is these few lines. Jobs come in batches (every file read
 * in one turn of the main thread's event loop) and their results go back as one message.
 */
import { parentPort } from 'node:worker_threads';
import { ChunkParser } from '../../src-shared/formats/sciagent/chunk-parser';
import type { ParseJob, ParseJobResult } from '../services/parse/parse-pool';

const parser = new ChunkParser();

parentPort!.on('message', (message: { batch?: number; jobs?: ParseJob[]; forget?: string }) => {
  if (message.forget) {
    parser.forget(message.forget);
    return;
  }
  const results: ParseJobResult[] = [];
  for (const { id, request } of message.jobs ?? []) {
    try {
      results.push({ id, result: parser.parse(request) });
    } catch (error) {
      results.push({ id, error: (error as Error).message });
    }
  }
  parentPort!.postMessage({ batch: message.batch, results });
});
