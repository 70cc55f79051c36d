/**
 * The ledger folder held in memory (tests, the browser host, bundled demo data): files by path
 * relative to the folder. SHA-256 from Web Crypto, which Node ≥ 20, Electron and browsers provide.
 */
import { ChangeLedgerReader } from './event-reader';
import { analyseLedger, type AnalysedLedger } from './analyse-ledger';
import { normaliseLedgerPath } from './ledger-path';
import { EVENTS_FILE, SNAPSHOTS_DIR, type FileRead, type LedgerFileAccess, type SnapshotFile } from './types';

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  // Copy into a fresh ArrayBuffer: digest() does not take views of shared or larger buffers.
  const digest = await crypto.subtle.digest('SHA-256', bytes.slice());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export class MemoryLedgerAccess implements LedgerFileAccess {
  readonly files = new Map<string, Uint8Array>();

  constructor(files: Iterable<[string, Uint8Array | string]> = []) {
    for (const [path, content] of files) this.set(path, content);
  }

  set(path: string, content: Uint8Array | string): this {
    const normalised = normaliseLedgerPath(path);
    if (normalised.kind !== 'file') throw new Error(`not a file path inside the folder: ${path}`);
    this.files.set(
      normalised.path,
      typeof content === 'string' ? new TextEncoder().encode(content) : content,
    );
    return this;
  }

  async readFile(relPath: string): Promise<FileRead> {
    const normalised = normaliseLedgerPath(relPath);
    if (normalised.kind === 'escape') return { status: 'escape', reason: normalised.reason };
    if (normalised.kind === 'folder') return { status: 'missing', reason: 'names the folder, not a file' };
    const bytes = this.files.get(normalised.path);
    return bytes ? { status: 'ok', bytes } : { status: 'missing', reason: 'no such file' };
  }

  sha256(bytes: Uint8Array): Promise<string> {
    return sha256Hex(bytes);
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
