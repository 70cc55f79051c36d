/**
 * Reads one side of a comparison from disk: the log's bytes in order, only as far as the cut
 * (a bookmark at seq N stops reading there). The file is opened read-only and never written.
 */
import { open } from 'node:fs/promises';
import type { CompareSideRef } from '../../../src-shared/lineage/compare/compare-types';
import type { BuiltSide } from '../../../src-shared/lineage/compare/compare-sides';
import { SideAtSeqReader } from '../../../src-shared/lineage/compare/side-at-seq';
import { sessionIdForLog } from '../sessions/load-sciagent-session';

/** Small enough that one chunk is a few ms of parsing; the reader stops as soon as the cut is read. */
const CHUNK_BYTES = 1024 * 1024;

export async function readCompareSide(ref: CompareSideRef): Promise<BuiltSide> {
  const sessionId = sessionIdForLog(ref.sessionKey);
  const reader = new SideAtSeqReader(sessionId, ref.uptoSeq);
  const handle = await open(ref.sessionKey, 'r');
  try {
    const buffer = new Uint8Array(CHUNK_BYTES);
    let position = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      if (reader.push(buffer.subarray(0, bytesRead))) break;
    }
  } finally {
    await handle.close();
  }
  return { ref, sessionId, side: reader.end() };
}
