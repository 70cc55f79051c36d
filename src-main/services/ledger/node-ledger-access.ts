/** Diff files and manifests of a change ledger: read inside the ledger folder, never outside it. */
import type { LedgerFileAccess } from '../../../src-shared/formats/change-ledger/types';
import { createFolderFileAccess } from '../fs/folder-file-access';

export function createNodeLedgerAccess(ledgerDir: string): LedgerFileAccess {
  return createFolderFileAccess(ledgerDir, 'ledger folder');
}
