/**
 * The row of a session nothing has been read of: what `listItem` of a new LiveSession says, made
 * without one (serve lists 2,000 logs before their workers read them: a LiveSession each, with
 * its log, lineage and encoders, cost ~56 µs and its garbage). live-session.test.ts holds them
 * equal; a row listed from a log's ends (session-list-cache-fallback) starts from it too.
 */
import type { SessionListItem } from '../../../src-shared/bridge/contract';

export function emptyListItem(key: string, sessionId: string): SessionListItem {
  return {
    key,
    source: 'sciagent',
    sessionId,
    path: key,
    status: 'loading',
    live: false,
    fileBytes: 0,
    bytesRead: 0,
    events: 0,
    parseErrors: 0,
    verdicts: { verified: 0, refuted: 0, insufficient: 0, warning: 0 },
    models: [],
    firstTs: null,
    lastTs: null,
    lastSeq: null,
    notice: null,
  };
}
