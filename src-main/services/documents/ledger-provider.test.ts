// The ledger service over a real ledger folder: model and bookmark diff, keys checked first.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { richLedger } from '../../../src-shared/formats/change-ledger/testing/ledger-builder';
import { BookmarkStore } from '../bookmarks/bookmark-store';
import { DocumentIndex } from './document-index';
import { LedgerBookmarkStore, userDataDir } from './ledger-bookmarks-store';
import { ledgerService as realLedgerService } from './ledger-provider';

let root: string;
let index: DocumentIndex;
let ledger: string;
let dataDir: string;
const store = () => new LedgerBookmarkStore(new BookmarkStore(() => dataDir));
const ledgerService = (index: DocumentIndex) => realLedgerService(index, store());
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'le-ledger-svc-'));
  dataDir = path.join(root, 'user-data');
  ledger = path.join(root, 'ledgers', 'rich');
  for (const [rel, content] of await richLedger().files()) {
    await mkdir(path.dirname(path.join(ledger, rel)), { recursive: true });
    await writeFile(path.join(ledger, rel), content);
  }
  await writeFile(path.join(root, 'notes.txt'), 'not a ledger\n');
  index = new DocumentIndex([root]);
  await index.start();
});
afterEach(async () => {
  await index.close();
  await rm(root, { recursive: true, force: true });
});

describe('ledgerService', () => {
  it('gives the model and the diff between two bookmarks of a known ledger', async () => {
    const service = ledgerService(index);
    const key = index.list().find((d) => d.kind === 'change-ledger')!.key;
    const doc = await service.model(key);
    expect(doc.model?.events).toHaveLength(12);
    const result = await service.diff(key, 'mid', 'end');
    expect(result.error).toBeNull();
    expect(result.outcome?.ok).toBe(true);
    if (!result.outcome?.ok) return;
    expect(result.outcome.diff.files.map((f) => f.path).sort()).toEqual([
      'README.md',
      'notes.txt',
      'src/app.py',
      'src/feature.py',
    ]);
    expect(result.outcome.diff.files.find((f) => f.path === 'notes.txt')).toMatchObject({ deleted: true });
  });

  it('says which name is unknown', async () => {
    const key = index.list().find((d) => d.kind === 'change-ledger')!.key;
    const result = await ledgerService(index).diff(key, 'start', 'nope');
    expect(result.outcome).toMatchObject({ ok: false, unknown: ['nope'] });
  });

  it('refuses a path that is not a known ledger document', async () => {
    const service = ledgerService(index);
    await expect(service.diff(path.join(root, 'notes.txt'), 'a', 'b')).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(service.model('/etc')).rejects.toMatchObject({ code: 'not-found' });
  });
});

describe("the user's own ledger bookmarks", () => {
  it('are kept in the data folder, survive a new service, and are removed by id', async () => {
    const key = index.list().find((d) => d.kind === 'change-ledger')!.key;
    const list = await ledgerService(index).addUserBookmark(key, 'e6', 'diagram', 'look here');
    expect(list).toMatchObject([
      { ledger: key, eventKey: 'e6', eventId: 'e6', name: 'diagram', note: 'look here' },
    ]);
    const again = await ledgerService(index).userBookmarks(key);
    expect(again).toEqual(list);
    expect(await readdir(ledger)).not.toContain('ledger-bookmarks.json');
    expect(await readdir(ledger)).not.toContain('bookmarks.json');
    expect(await readdir(dataDir)).toContain('bookmarks.json');
    expect(await ledgerService(index).removeUserBookmark(key, list[0]!.id)).toEqual([]);
  });

  it('refuse an event the ledger does not have', async () => {
    const key = index.list().find((d) => d.kind === 'change-ledger')!.key;
    await expect(ledgerService(index).addUserBookmark(key, 'nope', 'x', '')).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('live in LINEAGE_EXPLORER_DATA_DIR, else the XDG config folder', () => {
    expect(userDataDir({ LINEAGE_EXPLORER_DATA_DIR: '/tmp/le-data' })).toBe(path.resolve('/tmp/le-data'));
    if (!process.versions['electron'] && process.platform === 'linux')
      expect(userDataDir({ XDG_CONFIG_HOME: '/tmp/cfg' })).toBe(path.join('/tmp/cfg', 'lineage-explorer'));
  });
});
