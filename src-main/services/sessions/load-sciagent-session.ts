/**
 * Reads one provenance.jsonl from start to end and derives its lineage graph and summary.
 * Used by `inspect` (and by tests); the live app tails instead.
 */
import path from 'node:path';
import { SessionLog } from '../../../src-shared/formats/sciagent/session-log';
import {
  summarizeSession,
  type SciagentSessionSummary,
} from '../../../src-shared/formats/sciagent/session-summary';
import { SciagentLineageBuilder } from '../../../src-shared/lineage/sciagent/lineage-builder';
import { readLogFile } from './read-log-file';
import { PROVENANCE_FILE } from '../sources/sciagent-home';

export interface LoadedSciagentSession {
  sessionId: string;
  path: string;
  log: SessionLog;
  lineage: SciagentLineageBuilder;
  summary: SciagentSessionSummary;
  bytes: number;
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
  const bytes = await readLogFile(file, (chunk) => {
    lineage.apply(log.push(chunk));
  });
  lineage.apply(log.end());
  const summary = summarizeSession(log, {
    sessionId,
    path: file,
    graph: { nodes: lineage.nodes.size, edges: lineage.edges.size },
  });
  return { sessionId, path: file, log, lineage, summary, bytes };
}
