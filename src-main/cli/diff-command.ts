/**
 * `lineage-explorer diff LEDGER BOOKMARK_A BOOKMARK_B [--json]`: the files changed between two
 * bookmarks of a change ledger, with added and removed line counts. Exit 0 when the diff was
 * made; 2 for a usage error, a ledger that cannot be read or a bookmark the ledger does not have,
 * with one stderr line naming the path or the bookmark.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { diffBookmarks } from '../../src-shared/formats/change-ledger/bookmark-diff';
import { bookmarkDiffJson, formatBookmarkDiff } from '../../src-shared/formats/change-ledger/ledger-report';
import { EVENTS_FILE } from '../../src-shared/formats/change-ledger/types';
import { describeFsError } from '../services/fs/describe-fs-error';
import { loadLedgerFolder } from '../services/ledger/load-ledger-folder';
import { ledgerFolderOf } from '../services/ledger/sniff-ledger';
import type { CliIo } from './cli-io';

export async function diffCommand(args: string[], options: { json: boolean }, io: CliIo): Promise<number> {
  if (args.length !== 3) {
    io.err(
      'lineage-explorer diff: give LEDGER BOOKMARK_A BOOKMARK_B (a ledger folder and two bookmark names)',
    );
    return 2;
  }
  const [ledgerPath, from, to] = args as [string, string, string];
  const folder = await ledgerFolderOf(ledgerPath);
  if (folder === null) {
    const info = await stat(path.resolve(ledgerPath)).catch((error: NodeJS.ErrnoException) => error);
    const why = info instanceof Error ? describeFsError(info) : `not a ledger folder (no ${EVENTS_FILE})`;
    io.err(`lineage-explorer: cannot read ${ledgerPath}: ${why}`);
    return 2;
  }
  let ledger;
  try {
    ledger = await loadLedgerFolder(folder);
  } catch (error) {
    io.err(
      `lineage-explorer: cannot read ${path.join(ledgerPath, path.basename(ledgerPath) === EVENTS_FILE ? '' : EVENTS_FILE)}: ${describeFsError(error as NodeJS.ErrnoException)}`,
    );
    return 2;
  }
  const outcome = await diffBookmarks(ledger, from, to);
  if (!outcome.ok) {
    const names = ledger.model.bookmarks.map((b) => b.name);
    io.err(
      `lineage-explorer diff: ${outcome.message} in ${ledgerPath}; its bookmarks: ${names.length ? names.join(', ') : 'none'}`,
    );
    return 2;
  }
  io.out(
    options.json ? JSON.stringify(bookmarkDiffJson(outcome.diff), null, 2) : formatBookmarkDiff(outcome.diff),
  );
  return 0;
}
