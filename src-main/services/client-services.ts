/**
 * The services one connected client (a window or a browser tab) sees. Subscriptions are per
 * client: a snapshot subscribes it to that session's deltas. Both hosts use this.
 */
import type {
  AppInfo,
  PushedEvent,
  Services,
  SessionListItem,
  SessionPreview,
  SessionSnapshot,
} from '../../src-shared/bridge/contract';
import { encodedReply, encodedStream } from './encoded-json';
import type { SessionStore } from './sessions/session-store';
import { bookmarksService } from './bookmarks/bookmarks-provider';
import { compareService } from './compare/compare-provider';
import { LedgerBookmarkStore } from './documents/ledger-bookmarks-store';
import { ledgerService } from './documents/ledger-provider';
import { stepTraceService } from './documents/step-trace-provider';
import { treeTraceService } from './documents/treetrace-provider';

export interface ClientConnection {
  services: Services;
  /** Whether this pushed event is for this client. */
  wants(event: PushedEvent): boolean;
}

/**
 * The sessions list once every log under the roots is listed: a page may ask while serve still
 * scans them, and its first list is the whole one (the socket's `sessions.list`, and the list the
 * web host's page asks for as it loads: src-main/web/early-list.ts).
 */
export async function listedSessions(store: SessionStore): Promise<SessionListItem[]> {
  await store.whenListed();
  return store.list();
}

export function connectClient(store: SessionStore, info: () => AppInfo): ClientConnection {
  const subscriptions = new Set<string>();
  const services: Services = {
    sessions: {
      list: () => listedSessions(store),
      snapshot: async (key) => {
        // The worker's JSON, sent on by the host as it is written (encoded-json.ts). The client is
        // subscribed from the moment it asks: a delta that follows the snapshot is pushed as soon
        // as the worker answers the op after it. Subscribed once the snapshot was in, a client lost
        // a read answered in the same batch (its delta went out first) and kept the snapshot's
        // version for good. Deltas pushed before the reply are older than it: the page drops them.
        subscriptions.add(key);
        try {
          const stream = store.snapshotJson(key);
          stream.finished.catch(() => subscriptions.delete(key));
          return encodedStream<SessionSnapshot>(stream);
        } catch (error) {
          subscriptions.delete(key);
          throw error;
        }
      },
      // Not a subscription: deltas apply to a snapshot, which the page asks for next.
      preview: async (key) => encodedReply<SessionPreview>(await store.previewJson(key)),
      unsubscribe: async (key) => {
        subscriptions.delete(key);
      },
      close: async (key) => {
        subscriptions.delete(key);
        return store.closeSession(key);
      },
      eventDetail: (key, eventId) => store.eventDetail(key, eventId),
      rawLine: (key, offset, length) => store.rawLine(key, offset, length),
      open: (target) => store.openPath(target),
    },
    app: { info: async () => info() },
    documents: {
      list: async () => {
        await store.whenStarted();
        return store.documents.list();
      },
      open: (target) => store.documents.open(target),
    },
    treetrace: treeTraceService(store.documents),
    ledger: ledgerService(store.documents, new LedgerBookmarkStore(store.bookmarks)),
    stepTrace: stepTraceService(store.documents),
    compare: compareService(store),
    bookmarks: bookmarksService(store.bookmarks, {
      hasSession: (key) => store.list().some((s) => s.key === key),
      hasDocument: (key) => store.documents.list().some((d) => d.key === key),
    }),
  };
  return {
    services,
    wants: (event) => event.type !== 'session.delta' || subscriptions.has(event.delta.key),
  };
}
