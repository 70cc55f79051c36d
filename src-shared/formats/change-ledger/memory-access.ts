/**
 * The ledger folder held in memory (tests, the browser host, bundled demo data): files by path
 * relative to the folder (see ../memory-folder.ts), plus reading the whole ledger from it.
 */
import { ChangeLedgerReader } from './event-reader';
import { analyseLedger, type AnalysedLedger } from './analyse-ledger';
import { MemoryFolder } from '../memory-folder';
import { EVENTS_FILE, SNAPSHOTS_DIR, type LedgerFileAccess, type SnapshotFile } from './types';

export { sha256Hex } from '../memory-folder';

export class MemoryLedgerAccess extends MemoryFolder implements LedgerFileAccess {
  constructor(files: Iterable<[string, Uint8Array | string]> = []) {
    super(files, 'ledger folder');
  }

  /** `snapshots/*.json` directly in the snapshots folder. */
  snapshotFiles(): SnapshotFile[] {
    return [...this.files]
      .filter(
        ([path]) =>
          path.startsWith(`${SNAPSHOTS_DIR}/`) && /^[^/]+\.json$/.test(path.slice(SNAPSHOTS_DIR.length + 1)),
      )
      .map(([path, bytes]) => ({ path, bytes }));
  }
}

/** Reads and checks a ledger folder held in memory. Throws when it has no events.jsonl. */
export async function analyseMemoryLedger(access: MemoryLedgerAccess): Promise<AnalysedLedger> {
  const events = access.files.get(EVENTS_FILE);
  if (!events) throw new Error(`no ${EVENTS_FILE} in the ledger folder`);
  const reader = new ChangeLedgerReader();
  reader.push(events);
  reader.end();
  return analyseLedger(reader, access.snapshotFiles(), access);
}
