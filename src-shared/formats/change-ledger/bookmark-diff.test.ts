/** The bookmark diff (CT-PROV-03) and replay verification (CT-PROV-01) on built ledgers. */
import { describe, expect, it } from 'vitest';
import { diffBookmarks, type BookmarkDiff } from './bookmark-diff';
import { analyseMemoryLedger, MemoryLedgerAccess } from './memory-access';
import { sideBySide } from './patches';
import { APP_V1, APP_V3, LedgerBuilder, countPatchLines, richLedger } from './testing/ledger-builder';

async function diff(b: LedgerBuilder | MemoryLedgerAccess, from: string, to: string): Promise<BookmarkDiff> {
  const access = b instanceof MemoryLedgerAccess ? b : await b.access();
  const outcome = await diffBookmarks(await analyseMemoryLedger(access), from, to);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.diff;
}

/** Added/removed per file, counted by hand from the diff files of the given events. */
async function countedFromPatches(
  b: LedgerBuilder,
  ids: string[],
): Promise<Record<string, [number, number]>> {
  const files = await b.files();
  const out: Record<string, [number, number]> = {};
  for (const id of ids) {
    const text = files.get(`diffs/${id}.patch`) as string;
    // Split the event's diff into its files by their `+++ b/<path>` / `--- a/<path>` headers.
    for (const part of text.split(/^={3,}\n/m).filter((p) => p.includes('@@'))) {
      const path = /^\+\+\+ b\/(\S+)/m.exec(part)?.[1] ?? /^--- a\/(\S+)/m.exec(part)![1]!;
      const { added, removed } = countPatchLines(part);
      const [a, r] = out[path] ?? [0, 0];
      out[path] = [a + added, r + removed];
    }
  }
  return out;
}

describe('diff between two bookmarks', () => {
  it('lists every file the events after A up to and including B change, counts checked against the patches', async () => {
    const b = richLedger();
    const d = await diff(b, 'start', 'mid');
    expect(d.from).toMatchObject({ name: 'start', kind: 'bookmark', eventId: 'e1', eventIndex: 0 });
    expect(d.to).toMatchObject({ name: 'mid', eventId: 'e6', eventIndex: 5 });
    expect(d.events.map((e) => [e.eventId, e.counted])).toEqual([
      ['e2', true],
      ['e3', true],
      ['e4', true],
      ['e5', false],
      ['e6', true],
    ]);
    const byHand = await countedFromPatches(b, ['e2', 'e3', 'e4']);
    expect(
      Object.fromEntries(d.files.filter((f) => !f.binary).map((f) => [f.path, [f.added, f.removed]])),
    ).toEqual(byHand);
    expect(byHand).toEqual({ 'README.md': [1, 0], 'notes.txt': [1, 0], 'src/app.py': [4, 2] });
    expect(d.added).toBe(6);
    expect(d.removed).toBe(2);
    const app = d.files.find((f) => f.path === 'src/app.py')!;
    expect(app.steps.map((s) => [s.eventId, s.added, s.removed])).toEqual([
      ['e3', 1, 1],
      ['e4', 3, 1],
    ]);
    // The net diff from the start to mid is APP_V1 → APP_V3.
    expect(app.net).toMatchObject({ before: APP_V1, after: APP_V3, added: 4, removed: 2 });
  });

  it('counts the same lines as a file-by-file reading across lanes and the merge', async () => {
    const b = richLedger();
    const d = await diff(b, 'mid', 'post-merge');
    expect(d.events.map((e) => e.eventId)).toEqual(['b1', 'f1', 'f2', 'e7', 'm1']);
    const byHand = await countedFromPatches(b, ['f1', 'f2', 'e7', 'm1']);
    expect(Object.fromEntries(d.files.map((f) => [f.path, [f.added, f.removed]]))).toEqual(byHand);
    // The merge brings the feature's file again: summed over the events it is counted twice;
    // the net diff (main at mid → main after the merge) counts it once.
    const feature = d.files.find((f) => f.path === 'src/feature.py')!;
    expect([feature.added, feature.net?.added]).toEqual([4, 2]);
  });

  it('numbers every hunk line for a side-by-side view', async () => {
    const d = await diff(richLedger(), 'start', 'mid');
    const app = d.files.find((f) => f.path === 'src/app.py')!;
    const hunk = app.steps[0]!.hunks[0]!;
    expect(hunk.lines.filter((l) => l.kind !== 'context')).toEqual([
      { kind: 'remove', text: '    print("hello")', oldLine: 4, newLine: null },
      { kind: 'add', text: '    print("hello, world")', oldLine: null, newLine: 4 },
    ]);
    const rows = sideBySide(hunk);
    expect(rows.find((r) => r.left?.kind === 'remove')).toEqual({
      left: { line: 4, text: '    print("hello")', kind: 'remove' },
      right: { line: 4, text: '    print("hello, world")', kind: 'add' },
    });
    expect(
      rows.every(
        (r) =>
          r.left === null || r.right === null || r.left.kind !== 'context' || r.left.text === r.right.text,
      ),
    ).toBe(true);
  });

  it('shows binary changes with their impact summaries and hashes', async () => {
    const d = await diff(richLedger(), 'start', 'mid');
    expect(d.files.find((f) => f.path === 'docs/diagram.png')).toMatchObject({
      binary: true,
      added: 0,
      removed: 0,
      net: null,
      impacts: [
        {
          eventId: 'e6',
          summary: 'Updated architecture diagram',
          hashBefore: `sha256:${'a'.repeat(64)}`,
          hashAfter: `sha256:${'b'.repeat(64)}`,
          bytesChanged: 1204,
        },
      ],
    });
  });

  it('marks created and deleted files', async () => {
    const d = await diff(richLedger(), 'start', 'end');
    const flags = Object.fromEntries(d.files.map((f) => [f.path, [f.created, f.deleted]]));
    expect(flags['notes.txt']).toEqual([true, true]);
    expect(flags['src/feature.py']).toEqual([true, false]);
    expect(flags['src/app.py']).toEqual([false, false]);
  });

  it('undoes the events when B comes before A: additions and removals swap, hunks reversed', async () => {
    const b = richLedger();
    const forward = await diff(b, 'start', 'mid');
    const backward = await diff(b, 'mid', 'start');
    expect(backward.reversed).toBe(true);
    expect(backward.events.map((e) => e.eventId)).toEqual(['e6', 'e5', 'e4', 'e3', 'e2']);
    for (const f of forward.files) {
      const g = backward.files.find((x) => x.path === f.path)!;
      expect([g.added, g.removed]).toEqual([f.removed, f.added]);
    }
    const app = backward.files.find((f) => f.path === 'src/app.py')!;
    expect(app.net).toMatchObject({ before: APP_V3, after: APP_V1 });
    expect(backward.files.find((f) => f.path === 'README.md')).toMatchObject({
      created: false,
      deleted: true,
    });
  });

  it('takes snapshot ids and event ids as endpoints too, and says which name is unknown', async () => {
    const ledger = await analyseMemoryLedger(await richLedger().access());
    const bySnapshot = await diffBookmarks(ledger, 's1', 's2');
    expect(
      bySnapshot.ok && [bySnapshot.diff.from.kind, bySnapshot.diff.from.eventId, bySnapshot.diff.to.eventId],
    ).toEqual(['snapshot', 'e2', 'e6']);
    const byEvent = await diffBookmarks(ledger, 'e3', 'e4');
    expect(byEvent.ok && byEvent.diff.files.map((f) => f.path)).toEqual(['src/app.py']);
    expect(await diffBookmarks(ledger, 'start', 'nope')).toEqual({
      ok: false,
      unknown: ['nope'],
      message: 'unknown bookmark "nope" (not a bookmark, snapshot or event id of the ledger)',
    });
    const same = await diffBookmarks(ledger, 'mid', 'mid');
    expect(same.ok && same.diff.files).toEqual([]);
  });

  it('lists a file whose diff is missing, with a note, counting nothing for it', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n', { bookmark: 'a' });
    b.write('e2', 'a.txt', 'two\n', { bookmark: 'b' });
    const access = await b.access();
    access.files.delete('diffs/e2.patch');
    const d = await diff(access, 'a', 'b');
    expect(d.files).toMatchObject([
      { path: 'a.txt', added: 0, removed: 0, steps: [{ note: 'diff missing: no such file' }] },
    ]);
  });
  it('does not draw a file as empty on a guess (a manifest that does not list it after an unreadable change)', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n', { bookmark: 'a' });
    b.write('e2', 'a.txt', 'two\n');
    b.marker('e3', 'checkpoint', { bookmark: 'b' });
    b.snapshot('s', 'e3', { hashes: {} });
    const access = await b.access();
    access.files.delete('diffs/e2.patch');
    const d = await diff(access, 'a', 'b');
    expect(d.files).toMatchObject([{ path: 'a.txt', net: null, replay: { to: null } }]);
  });
});

describe('replay verification (CT-PROV-01)', () => {
  it('is verified where the diffs from a snapshot on rebuild the manifest hash', async () => {
    const d = await diff(richLedger(), 'start', 'post-merge');
    const readme = d.files.find((f) => f.path === 'README.md')!;
    expect(readme.replay.to).toMatchObject({
      status: 'verified',
      snapshotId: 'snap-merge',
      path: 'README.md',
    });
    expect(readme.replay.to!.actual).toBe(readme.replay.to!.expected);
    expect(d.files.find((f) => f.path === 'src/app.py')!.replay.to?.status).toBe('verified');
  });

  it('is diverged (replay_divergence) when the manifest says another hash', async () => {
    const access = await richLedger().access();
    const manifest = JSON.parse(new TextDecoder().decode(access.files.get('snapshots/snap-merge.json')));
    manifest.hashes['README.md'] = `sha256:${'f'.repeat(64)}`;
    access.set('snapshots/snap-merge.json', JSON.stringify(manifest));
    const ledger = await analyseMemoryLedger(access);
    const outcome = await diffBookmarks(ledger, 'start', 'post-merge');
    const readme = outcome.ok ? outcome.diff.files.find((f) => f.path === 'README.md')! : null;
    expect(readme?.replay.to).toMatchObject({ status: 'diverged', expected: `sha256:${'f'.repeat(64)}` });
    expect(readme?.replay.to?.actual).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(ledger.model.violations).toMatchObject([
      { rule: 'replay_divergence', eventId: 'm1', snapshotId: 'snap-merge' },
    ]);
  });

  it('is diverged when a patch does not apply to the file it rebuilt', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\ntwo\n', { bookmark: 'a' });
    b.write('e2', 'a.txt', 'one\nTWO\n', { bookmark: 'b' });
    b.snapshot('s', 'e2');
    const access = await b.access();
    access.set('diffs/e2.patch', '--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n one\n-zwei\n+TWO\n');
    const d = await diff(access, 'a', 'b');
    expect(d.files[0]!.replay.to).toMatchObject({
      status: 'diverged',
      actual: null,
      reason: 'cannot rebuild: the patch of event e2 does not apply to a.txt',
    });
  });

  it('is unverifiable when no diff creates the file and no manifest pins where it starts', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\ntwo\n', { bookmark: 'a' });
    b.write('e2', 'a.txt', 'one\nTWO\n', { bookmark: 'b' });
    b.snapshot('s', 'e2');
    const access = await b.access();
    access.files.delete('diffs/e1.patch');
    const d = await diff(access, 'a', 'b');
    expect(d.files[0]!.replay.to).toMatchObject({ status: 'unverifiable' });
    expect(d.files[0]!.net).toBeNull();
  });

  it('starts from a snapshot that does not list a file: the file did not exist there', async () => {
    const b = new LedgerBuilder();
    b.marker('e0', 'checkpoint');
    b.snapshot('empty', 'e0');
    b.write('e1', 'a.txt', 'one\n', { bookmark: 'a' });
    b.write('e2', 'a.txt', 'one\ntwo\n', { bookmark: 'b' });
    b.snapshot('s', 'e2');
    const ledger = await analyseMemoryLedger(await b.access());
    const checks = await ledger.replay.verifySnapshot(ledger.model.snapshots[1]!);
    expect(checks).toMatchObject([{ path: 'a.txt', status: 'verified' }]);
  });
});
