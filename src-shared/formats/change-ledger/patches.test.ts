import { describe, expect, it } from 'vitest';
import { parseUnifiedDiff, reverseHunk, sideBySide } from './patches';
import { normaliseTarUri, normaliseLedgerPath } from './ledger-path';

const files = (text: string, eventFiles: string[] = []) => {
  const parsed = parseUnifiedDiff(text, eventFiles);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.files.map((f) => ({
    path: f.path,
    oldPath: f.oldPath,
    newPath: f.newPath,
    binary: f.binary,
    added: f.added,
    removed: f.removed,
  }));
};

describe('parseUnifiedDiff', () => {
  it('reads a git diff of several files: a/ b/ prefixes, creation, deletion, rename, binary', () => {
    const text = [
      'diff --git a/src/app.py b/src/app.py',
      'index 1111111..2222222 100644',
      '--- a/src/app.py',
      '+++ b/src/app.py',
      '@@ -1,3 +1,3 @@',
      ' a',
      '-b',
      '+B',
      ' c',
      'diff --git a/new.txt b/new.txt',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/new.txt',
      '@@ -0,0 +1,2 @@',
      '+one',
      '+two',
      'diff --git a/old.txt b/old.txt',
      'deleted file mode 100644',
      '--- a/old.txt',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-gone',
      'diff --git a/docs/a.md b/docs/b.md',
      'similarity index 90%',
      'rename from docs/a.md',
      'rename to docs/b.md',
      '--- a/docs/a.md',
      '+++ b/docs/b.md',
      '@@ -1 +1 @@',
      '-x',
      '+y',
      'diff --git a/img.png b/img.png',
      'Binary files a/img.png and b/img.png differ',
      '',
    ].join('\n');
    expect(files(text)).toEqual([
      {
        path: 'src/app.py',
        oldPath: 'src/app.py',
        newPath: 'src/app.py',
        binary: false,
        added: 1,
        removed: 1,
      },
      { path: 'new.txt', oldPath: null, newPath: 'new.txt', binary: false, added: 2, removed: 0 },
      { path: 'old.txt', oldPath: 'old.txt', newPath: null, binary: false, added: 0, removed: 1 },
      { path: 'docs/b.md', oldPath: 'docs/a.md', newPath: 'docs/b.md', binary: false, added: 1, removed: 1 },
      { path: 'img.png', oldPath: 'img.png', newPath: 'img.png', binary: true, added: 0, removed: 0 },
    ]);
  });

  it('keeps a/ and b/ when the event lists the path with them, and reads plain headers as written', () => {
    expect(files('--- a/x.txt\n+++ b/x.txt\n@@ -1 +1 @@\n-1\n+2\n', ['b/x.txt'])[0]!.path).toBe('b/x.txt');
    expect(
      files('--- lib/x.txt\t2025-01-01\n+++ lib/x.txt\t2025-01-02\n@@ -1 +1 @@\n-1\n+2\n')[0]!.path,
    ).toBe('lib/x.txt');
  });

  it("names a patch without headers by the event's files", () => {
    expect(files('@@ -1 +1 @@\n-1\n+2\n', ['only.txt'])).toMatchObject([
      { path: 'only.txt', added: 1, removed: 1 },
    ]);
  });

  it('reads CRLF patches (shown without the \\r) and "no newline at end of file" markers', () => {
    const parsed = parseUnifiedDiff(
      '--- a/x\r\n+++ b/x\r\n@@ -1 +1 @@\r\n-a\r\n\\ No newline at end of file\r\n+b\r\n',
    );
    expect(parsed.ok && parsed.files[0]!.hunks[0]!.lines).toEqual([
      { kind: 'remove', text: 'a', oldLine: 1, newLine: null, noNewlineAtEnd: true },
      { kind: 'add', text: 'b', oldLine: null, newLine: 1 },
    ]);
  });

  it('refuses what is not a unified diff', () => {
    expect(parseUnifiedDiff('hello\nworld\n')).toEqual({
      ok: false,
      reason: 'no file header and no hunk: not a unified diff',
    });
    expect(parseUnifiedDiff('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n?b\n').ok).toBe(false);
    expect(parseUnifiedDiff('@@ nonsense @@\n+x\n', ['x']).ok).toBe(false);
    expect(parseUnifiedDiff('')).toEqual({ ok: true, files: [] });
  });
});

describe('hunks for two columns', () => {
  const parsed = parseUnifiedDiff(
    '--- a/f\n+++ b/f\n@@ -2,5 +2,5 @@\n ctx\n-old1\n-old2\n+new1\n+new2\n+new3\n ctx2\n-tail\n',
  );
  const hunk = parsed.ok ? parsed.files[0]!.hunks[0]! : null;

  it('pairs a run of removals with the additions after it', () => {
    expect(sideBySide(hunk!)).toEqual([
      { left: { line: 2, text: 'ctx', kind: 'context' }, right: { line: 2, text: 'ctx', kind: 'context' } },
      { left: { line: 3, text: 'old1', kind: 'remove' }, right: { line: 3, text: 'new1', kind: 'add' } },
      { left: { line: 4, text: 'old2', kind: 'remove' }, right: { line: 4, text: 'new2', kind: 'add' } },
      { left: null, right: { line: 5, text: 'new3', kind: 'add' } },
      { left: { line: 5, text: 'ctx2', kind: 'context' }, right: { line: 6, text: 'ctx2', kind: 'context' } },
      { left: { line: 6, text: 'tail', kind: 'remove' }, right: null },
    ]);
  });

  it('reverses a hunk: sides and line numbers swap', () => {
    const back = reverseHunk(hunk!);
    expect([back.oldStart, back.oldLines, back.newStart, back.newLines]).toEqual([2, 5, 2, 5]);
    expect(back.lines.filter((l) => l.kind === 'add').map((l) => [l.text, l.newLine])).toEqual([
      ['old1', 3],
      ['old2', 4],
      ['tail', 6],
    ]);
  });
});

describe('ledger paths', () => {
  it('normalises inside the folder and refuses what leaves it', () => {
    expect(normaliseLedgerPath('./diffs//a\\b.patch')).toEqual({ kind: 'file', path: 'diffs/a/b.patch' });
    expect(normaliseLedgerPath('a/..')).toEqual({ kind: 'folder' });
    expect(normaliseLedgerPath('a/../../b').kind).toBe('escape');
    expect(normaliseLedgerPath('a\0b').kind).toBe('escape');
    expect(normaliseTarUri('snapshots/s.tar')).toEqual({ kind: 'file', path: 'snapshots/s.tar' });
    expect(normaliseTarUri('file:snapshots/s%20one.tar')).toEqual({
      kind: 'file',
      path: 'snapshots/s one.tar',
    });
    expect(normaliseTarUri('file://host/s.tar').kind).toBe('escape');
    expect(normaliseTarUri('https://example.org/s.tar').kind).toBe('escape');
    expect(normaliseTarUri('D:\\s.tar')).toEqual({ kind: 'escape', reason: 'has a drive letter' });
  });
});
