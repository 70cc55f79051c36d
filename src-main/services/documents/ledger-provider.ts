/** The change-ledger service: a ledger folder read from disk on request. */
import { BridgeError, type LedgerDocument, type LedgerService } from '../../../src-shared/bridge/contract';
import type { LedgerDiffResult } from '../../../src-shared/bridge/services/ledger-service';
import { diffBookmarks } from '../../../src-shared/formats/change-ledger/bookmark-diff';
import { loadLedgerFolder } from '../ledger/load-ledger-folder';
import type { DocumentIndex } from './document-index';
import { LedgerBookmarkStore } from './ledger-bookmarks-store';

export async function loadLedgerDocument(key: string): Promise<LedgerDocument> {
  try {
    const analysed = await loadLedgerFolder(key);
    return { key, model: analysed.model, error: null };
  } catch (error) {
    return { key, model: null, error: (error as Error).message };
  }
}

/** The bookmark diff between two points of the ledger folder, read afresh (the ledger may have grown). */
export async function diffLedgerDocument(key: string, from: string, to: string): Promise<LedgerDiffResult> {
  try {
    const analysed = await loadLedgerFolder(key);
    return { key, outcome: await diffBookmarks(analysed, from, to), error: null };
  } catch (error) {
    return { key, outcome: null, error: (error as Error).message };
  }
}

/** Every method first checks the key is a known ledger document: no other path from the renderer is read. */
export function ledgerService(
  documents: DocumentIndex,
  bookmarks = new LedgerBookmarkStore(),
): LedgerService {
  const ledgerKey = (key: string) => {
    const doc = documents.get(key);
    if (doc.kind !== 'change-ledger') throw new BridgeError('not-found', `no change ledger ${key}`);
    return doc.key;
  };
  return {
    model: async (key) => loadLedgerDocument(ledgerKey(key)),
    diff: async (key, from, to) => diffLedgerDocument(ledgerKey(key), from, to),
    userBookmarks: async (key) => bookmarks.list(ledgerKey(key)),
    addUserBookmark: async (key, eventKey, name, note) => {
      const ledger = ledgerKey(key);
      const { model } = await loadLedgerDocument(ledger);
      const event = model?.events.find((e) => e.key === eventKey);
      if (!event) throw new BridgeError('not-found', `no event ${eventKey} in ${ledger}`);
      return bookmarks.add({ ledger, eventKey, eventId: event.id, name, note });
    },
    removeUserBookmark: async (key, id) => bookmarks.remove(ledgerKey(key), id),
  };
}
