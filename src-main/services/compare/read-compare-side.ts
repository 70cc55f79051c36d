/**
 * Reads one side of a comparison from disk: the log's bytes in order, only as far as the cut
 * (a bookmark at seq N stops reading there). The file is opened read-only and never written.
 */
import { readLogFile } from '../sessions/read-log-file';
import type { CompareSideRef } from '../../../src-shared/lineage/compare/compare-types';
import type { BuiltSide } from '../../../src-shared/lineage/compare/compare-sides';
import { SideAtSeqReader } from '../../../src-shared/lineage/compare/side-at-seq';
import { sessionIdForLog } from '../sessions/load-sciagent-session';

/** Small enough that one chunk is a few ms of parsing; the reader stops as soon as the cut is read. */
const CHUNK_BYTES = 1024 * 1024;

export async function readCompareSide(ref: CompareSideRef): Promise<BuiltSide> {
  const sessionId = sessionIdForLog(ref.sessionKey);
  const reader = new SideAtSeqReader(sessionId, ref.uptoSeq);
  await readLogFile(ref.sessionKey, (chunk) => reader.push(chunk), CHUNK_BYTES);
  return { ref, sessionId, side: reader.end() };
}
