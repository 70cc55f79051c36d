/**
 * Reads one provenance.jsonl from start to end and derives its lineage graph and summary.
 * Used by `inspect` (and by tests); the live app tails instead.
 *
 * It reads as a session worker does: the chunk parser's slim records (each line's kept fields,
 * stepped over the rest without decoding it), not every body parsed and kept whole — a 1 GB log
 * took ~17 s and ~1.7 GB that way. The summary reads the few bodies it needs whole back from the
 * file (slim-summary-bodies.ts) and says what the full reading said (load-sciagent-session.test.ts).
 */
import path from 'node:path';
import { ChunkParser } from '../../../src-shared/formats/sciagent/chunk-parser';
import { SessionLog } from '../../../src-shared/formats/sciagent/session-log';
import {
  summarizeSession,
  type SciagentSessionSummary,
} from '../../../src-shared/formats/sciagent/session-summary';
import { SciagentLineageBuilder } from '../../../src-shared/lineage/sciagent/lineage-builder';
import { readLogFile } from './read-log-file';
import { NODE_BYTE_TEXT } from './node-byte-text';
import { SlimSummaryBodies } from './slim-summary-bodies';
import { PROVENANCE_FILE } from '../sources/sciagent-home';

export interface LoadedSciagentSession {
  sessionId: string;
  path: string;
  log: SessionLog;
  lineage: SciagentLineageBuilder;
  summary: SciagentSessionSummary;
  bytes: number;
  /** Events the summary needed whole whose line the file no longer held (it changed meanwhile). */
  notReadBack: number;
}

export interface LoadOptions {
  sessionId?: string;
  childSessionExists?: (sessionId: string) => boolean | undefined;
}

/** The session id is the folder name for `provenance.jsonl`, else the file name without extension. */
export function sessionIdForLog(file: string): string {
  const base = path.basename(file);
  if (base === PROVENANCE_FILE) return path.basename(path.dirname(path.resolve(file)));
  return base.replace(/\.[^.]*$/, '') || base;
}

export async function loadSciagentSession(
  file: string,
  options: LoadOptions = {},
): Promise<LoadedSciagentSession> {
  const sessionId = options.sessionId ?? sessionIdForLog(file);
  const log = new SessionLog();
  const lineage = new SciagentLineageBuilder(log, sessionId, {
    childSessionExists: options.childSessionExists,
  });
  const parser = new ChunkParser(undefined, NODE_BYTE_TEXT);
  const bodies = new SlimSummaryBodies(file, log);
  const apply = (bytes: Uint8Array, fromOffset: number, final: boolean) => {
    const { records } = parser.parse({ fileKey: file, bytes, fromOffset, reset: fromOffset === 0, final });
    bodies.note(records);
    lineage.apply(log.pushRecords(records));
  };
  let offset = 0;
  const bytes = await readLogFile(file, (chunk) => {
    apply(chunk, offset, false);
    offset += chunk.length;
  });
  // The last line counts without its newline.
  apply(new Uint8Array(0), offset, true);
  const summary = summarizeSession(
    log,
    { sessionId, path: file, graph: { nodes: lineage.nodes.size, edges: lineage.edges.size } },
    bodies,
  );
  return { sessionId, path: file, log, lineage, summary, bytes, notReadBack: bodies.notReadBack.size };
}
