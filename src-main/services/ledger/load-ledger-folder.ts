/**
 * Reads a ledger folder from disk (README "Change ledgers"): `events.jsonl` in large chunks into
 * the pure reader, every `snapshots/*.json`, and the diff files through the folder-bound access.
 * Throws the file-system error when events.jsonl itself cannot be read.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { analyseLedger, type AnalysedLedger } from '../../../src-shared/formats/change-ledger/analyse-ledger';
import { ChangeLedgerReader } from '../../../src-shared/formats/change-ledger/event-reader';
import {
  EVENTS_FILE,
  SNAPSHOTS_DIR,
  type LedgerViolation,
  type SnapshotFile,
} from '../../../src-shared/formats/change-ledger/types';
import { readLogFile } from '../sessions/read-log-file';
import { describeFsError } from '../fs/describe-fs-error';
import { createNodeLedgerAccess } from './node-ledger-access';

export async function loadLedgerFolder(folder: string): Promise<AnalysedLedger> {
  const root = path.resolve(folder);
  const reader = new ChangeLedgerReader();
  await readLogFile(path.join(root, EVENTS_FILE), (chunk) => reader.push(chunk));
  reader.end();
  const access = createNodeLedgerAccess(root);
  const { files, violations } = await readSnapshotFiles(root, access);
  return analyseLedger(reader, files, access, violations);
}

async function readSnapshotFiles(
  root: string,
  access: ReturnType<typeof createNodeLedgerAccess>,
): Promise<{ files: SnapshotFile[]; violations: LedgerViolation[] }> {
  const files: SnapshotFile[] = [];
  const violations: LedgerViolation[] = [];
  let names: string[];
  try {
    names = (await readdir(path.join(root, SNAPSHOTS_DIR))).filter((n) => n.endsWith('.json')).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No snapshots folder: a ledger without snapshots. Anything else is worth saying.
    if (code !== 'ENOENT' && code !== 'ENOTDIR')
      violations.push(
        problem(
          SNAPSHOTS_DIR,
          'parse-error',
          `cannot list: ${describeFsError(error as NodeJS.ErrnoException)}`,
        ),
      );
    return { files, violations };
  }
  for (const name of names) {
    const rel = `${SNAPSHOTS_DIR}/${name}`;
    const read = await access.readFile(rel);
    if (read.status === 'ok') files.push({ path: rel, bytes: read.bytes });
    else if (read.status === 'escape')
      violations.push(
        problem(rel, 'path-escape', `${read.reason}: a manifest must be a file inside the ledger folder`),
      );
    else if (read.reason !== 'not a regular file')
      violations.push(problem(rel, 'parse-error', `cannot read: ${read.reason}`));
  }
  return { files, violations };
}

function problem(file: string, rule: 'parse-error' | 'path-escape', message: string): LedgerViolation {
  return { eventId: null, rule, message: `${file}: ${message}`, file, line: null, eventIndex: null };
}
