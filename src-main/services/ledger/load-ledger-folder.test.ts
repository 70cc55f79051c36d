import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffBookmarks } from '../../../src-shared/formats/change-ledger/bookmark-diff';
import {
  richLedger,
  type LedgerBuilder,
} from '../../../src-shared/formats/change-ledger/testing/ledger-builder';
import { loadLedgerFolder } from './load-ledger-folder';
import { createNodeLedgerAccess } from './node-ledger-access';
import { isLedgerEventsFile, isLedgerFolder, ledgerFolderOf } from './sniff-ledger';

let tmp: string;
let ledgerDir: string;

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'ledger-'));
  ledgerDir = path.join(tmp, 'ledger');
  await mkdir(ledgerDir);
  await writeFile(path.join(tmp, 'secret.patch'), '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n');
});

afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function writeLedger(b: LedgerBuilder): Promise<void> {
  for (const [rel, content] of await b.files()) {
    await mkdir(path.dirname(path.join(ledgerDir, rel)), { recursive: true });
    await writeFile(path.join(ledgerDir, rel), content);
  }
}

describe('loadLedgerFolder', () => {
  it('reads events.jsonl, snapshots/*.json and the diff files of a valid ledger', async () => {
    await writeLedger(richLedger());
    const ledger = await loadLedgerFolder(ledgerDir);
    expect(ledger.model.violations).toEqual([]);
    expect(ledger.model.events).toHaveLength(12);
    expect(ledger.model.snapshots.map((s) => s.file)).toEqual([
      'snapshots/s1.json',
      'snapshots/s2.json',
      'snapshots/snap-merge.json',
    ]);
    const outcome = await diffBookmarks(ledger, 'start', 'post-merge');
    expect(outcome.ok && outcome.diff.files.find((f) => f.path === 'README.md')?.replay.to?.status).toBe(
      'verified',
    );
  });

  it('reads a ledger without a snapshots folder', async () => {
    const b = richLedger();
    await writeLedger(b);
    await rm(path.join(ledgerDir, 'snapshots'), { recursive: true });
    const ledger = await loadLedgerFolder(ledgerDir);
    expect(ledger.model.snapshots).toEqual([]);
    expect(ledger.model.violations.map((v) => [v.eventId, v.rule])).toEqual([
      ['m1', 'dangling-ref'],
      ['m1', 'CT-PROV-07'],
    ]);
  });

  it('reports a diff file or a manifest that is a symlink out of the folder as path-escape', async () => {
    await writeLedger(richLedger());
    await rm(path.join(ledgerDir, 'diffs', 'e3.patch'));
    await symlink(path.join(tmp, 'secret.patch'), path.join(ledgerDir, 'diffs', 'e3.patch'));
    await writeFile(path.join(tmp, 'outside.json'), '{}');
    await symlink(path.join(tmp, 'outside.json'), path.join(ledgerDir, 'snapshots', 'zz.json'));
    const ledger = await loadLedgerFolder(ledgerDir);
    const escapes = ledger.model.violations.filter((v) => v.rule === 'path-escape');
    expect(escapes.map((v) => [v.eventId, v.file])).toEqual([
      ['e3', 'events.jsonl'],
      [null, 'snapshots/zz.json'],
    ]);
    expect(escapes[0]!.message).toContain('outside the ledger folder');
  });

  it('throws the file-system error when events.jsonl cannot be read', async () => {
    await expect(loadLedgerFolder(ledgerDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('createNodeLedgerAccess', () => {
  it('refuses .., absolute paths and the folder itself, and reads files inside', async () => {
    await writeFile(path.join(ledgerDir, 'a.patch'), 'x');
    const access = createNodeLedgerAccess(ledgerDir);
    expect((await access.readFile('a.patch')).status).toBe('ok');
    expect((await access.readFile('../secret.patch')).status).toBe('escape');
    expect((await access.readFile(path.join(tmp, 'secret.patch'))).status).toBe('escape');
    expect((await access.readFile('.')).status).toBe('escape');
    expect(await access.readFile('none.patch')).toEqual({
      status: 'missing',
      reason: 'no such file or folder',
    });
    expect(await access.sha256(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('sniffing a ledger', () => {
  it('knows a ledger folder and its events.jsonl, and nothing else', async () => {
    await writeLedger(richLedger());
    const events = path.join(ledgerDir, 'events.jsonl');
    expect(await isLedgerFolder(ledgerDir)).toBe(true);
    expect(await isLedgerFolder(tmp)).toBe(false);
    expect(await ledgerFolderOf(ledgerDir)).toBe(ledgerDir);
    expect(await ledgerFolderOf(events)).toBe(ledgerDir);
    expect(await ledgerFolderOf(path.join(tmp, 'secret.patch'))).toBeNull();
    expect(await ledgerFolderOf(path.join(tmp, 'nothing'))).toBeNull();
    expect(await isLedgerEventsFile(events)).toBe(true);
    const other = path.join(tmp, 'events.jsonl');
    await writeFile(other, '{"event_id": "x", "event_kind": "tool_call"}\n');
    expect(await isLedgerEventsFile(other)).toBe(false);
  });
});
