/**
 * worker_threads entry: parses appended log bytes off the main thread. Imports only pure
 * src-shared code; the thread plumbing is these few lines.
 */
import { parentPort } from 'node:worker_threads';
import { ChunkParser, type ParseChunkRequest } from '../../src-shared/formats/sciagent/chunk-parser';

const parser = new ChunkParser();

parentPort!.on('message', (message: { id: number; request?: ParseChunkRequest; forget?: string }) => {
  if (message.forget) {
    parser.forget(message.forget);
    return;
  }
  try {
    const result = parser.parse(message.request!);
    parentPort!.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: (error as Error).message });
  }
});
