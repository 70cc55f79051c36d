/** The change-ledger service: a ledger folder read from disk on request. */
import type { LedgerDocument, LedgerService } from '../../../src-shared/bridge/contract';
import { loadLedgerFolder } from '../ledger/load-ledger-folder';
import type { DocumentIndex } from './document-index';

export async function loadLedgerDocument(key: string): Promise<LedgerDocument> {
  try {
    const analysed = await loadLedgerFolder(key);
    return { key, model: analysed.model, error: null };
  } catch (error) {
    return { key, model: null, error: (error as Error).message };
  }
}

/** Every method first checks the key is a known document: no other path from the renderer is read. */
export function ledgerService(documents: DocumentIndex): LedgerService {
  return {
    model: async (key) => loadLedgerDocument(documents.get(key).key),
  };
}
