/**
 * Opening TreeTrace evidence from disk: every way a user can point at a bundle, sets of bundles
 * (index.json, or a folder of projects), and paths that hold none. Real files in temp folders.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleTexts, makeTree } from '../../../src-shared/formats/treetrace/testing/make-bundle';
import { openTreeTrace, type OpenedBundle, type OpenedSet, type OpenTreeTraceResult } from './open-treetrace';
import { CORPUS, tempDir, writeTree } from './test-support';

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(disposers.splice(0).map((d) => d()));
});
async function temp() {
  const t = await tempDir();
  disposers.push(t.dispose);
  return t.dir;
}

function bundleOf(result: OpenTreeTraceResult): OpenedBundle {
  if (!result.ok) throw new Error(result.error.message);
  expect(result.value.kind).toBe('bundle');
  return result.value as OpenedBundle;
}
function setOf(result: OpenTreeTraceResult): OpenedSet {
  if (!result.ok) throw new Error(result.error.message);
  expect(result.value.kind).toBe('set');
  return result.value as OpenedSet;
}

const weather = path.join(CORPUS, 'examples/weather-dashboard');

describe('one bundle on disk', () => {
  it('a project folder: finds .treetrace/ and reads the reports beside it', async () => {
    const opened = bundleOf(await openTreeTrace(weather));
    expect(opened.path).toBe(path.join(weather, '.treetrace'));
    expect(opened.projectPath).toBe(weather);
    expect(opened.archiveEntry).toBeNull();
    expect(opened.label).toBe('weather-dashboard');
    expect(opened.bundle.nodes).toHaveLength(4);
    expect(opened.bundle.reports.map((r) => r.name)).toEqual([
      'TREETRACE_REPORT.md',
      'PROMPT_TREE.md',
      'SECURITY_REPORT.md',
    ]);
    expect(opened.watchPaths).toEqual([
      path.join(weather, '.treetrace'),
      ...['TREETRACE_REPORT.md', 'PROMPT_TREE.md', 'SECURITY_REPORT.md', 'PROMPT_TREE_GRAPH.md'].map((r) =>
        path.join(weather, r),
      ),
    ]);
  });

  it('the .treetrace/ folder itself, or its tree.json, is the same bundle', async () => {
    const fromFolder = bundleOf(await openTreeTrace(path.join(weather, '.treetrace')));
    const fromFile = bundleOf(await openTreeTrace(path.join(weather, '.treetrace', 'tree.json')));
    const fromProject = bundleOf(await openTreeTrace(weather));
    expect(fromFolder.bundle).toEqual(fromProject.bundle);
    expect(fromFile.bundle).toEqual(fromProject.bundle);
    expect(fromFile.projectPath).toBe(weather);
  });

  it('TreeTrace 0.1: tree.json in the project folder, no .treetrace/', async () => {
    const dir = path.join(CORPUS, 'older-versions/0ebb74f/weather-dashboard');
    const opened = bundleOf(await openTreeTrace(dir));
    expect(opened.path).toBe(dir);
    expect(opened.bundle.schemaVersion).toBe('0.1');
    expect(opened.bundle.reports.map((r) => r.name)).toEqual(['PROMPT_TREE.md']);
    expect(opened.bundle.otherFiles).toEqual([]);
  });

  it('0.2 with a stray copy of tree.json beside .treetrace/: the .treetrace/ one is read', async () => {
    const dir = path.join(CORPUS, 'older-versions/6191ce3/weather-dashboard');
    expect(bundleOf(await openTreeTrace(dir)).path).toBe(path.join(dir, '.treetrace'));
  });

  it('an empty .treetrace/ folder opens as a bundle whose files are missing', async () => {
    const dir = await temp();
    await mkdir(path.join(dir, 'proj', '.treetrace'), { recursive: true });
    const opened = bundleOf(await openTreeTrace(path.join(dir, 'proj')));
    expect(opened.bundle.problems.map((p) => p.code)).toEqual(['missing-file']);
    expect(bundleOf(await openTreeTrace(path.join(dir, 'proj', '.treetrace'))).bundle.hasTree).toBe(false);
  });

  it('a symlink inside the bundle pointing outside it is not followed', async () => {
    const dir = await temp();
    await writeTree(dir, {
      'secret.json': '{"schemaVersion":"0.3","nodes":[]}',
      'proj/.treetrace/lessons.md': '',
    });
    await symlink(path.join(dir, 'secret.json'), path.join(dir, 'proj', '.treetrace', 'tree.json'));
    const opened = bundleOf(await openTreeTrace(path.join(dir, 'proj')));
    expect(opened.bundle.problems[0]).toMatchObject({ code: 'unreadable-file', file: 'tree.json' });
    expect(opened.bundle.problems[0]!.message).toMatch(/outside/);
  });

  it('a file too large to read is an error on that file, not a crash', async () => {
    const dir = await temp();
    await writeTree(dir, bundlePaths('p', bundleTexts(makeTree([{ id: 'a' }]))));
    const opened = bundleOf(await openTreeTrace(path.join(dir, 'p'), { maxFileBytes: 100 }));
    expect(opened.bundle.problems[0]!.message).toMatch(
      /^tree\.json cannot be read: it is .* over the 100 B the reader takes$/,
    );
  });
});

function bundlePaths(project: string, texts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).map(([name, text]) => [`${project}/.treetrace/${name}`, text]),
  );
}

describe('sets of bundles', () => {
  it('index.json (TreeTrace --each): one bundle per entry, a missing one marked', async () => {
    const dir = await temp();
    await writeTree(dir, {
      ...bundlePaths('s1', bundleTexts(makeTree([{ id: 'a' }]))),
      ...bundlePaths('s2', bundleTexts(makeTree([{ id: 'a' }, { id: 'b', parentId: 'a' }]))),
      'index.json': JSON.stringify({
        generator: { name: 'treetrace' },
        sessions: [
          { sessionId: 's1', dir: 's1' },
          { sessionId: 's2', dir: 's2/.treetrace' },
          { sessionId: 's3', dir: 's3' },
          { sessionId: 'evil', dir: '../../etc' },
        ],
      }),
    });
    const set = setOf(await openTreeTrace(dir));
    expect(set.indexPath).toBe(path.join(dir, 'index.json'));
    expect(
      set.members.map((m) => [m.kind, m.label, m.kind === 'bundle' ? m.bundle.nodes.length : m.message]),
    ).toEqual([
      ['bundle', 'test-project', 1],
      ['bundle', 'test-project', 2],
      ['missing', 's3', 'listed in index.json, but no bundle is there'],
      ['missing', 'evil', 'the path leaves the indexed folder'],
    ]);
    // The escaping entry is reported at the set's folder, never resolved to a path outside it.
    expect(set.members[3]).toMatchObject({ dir: '../../etc', path: dir });
    // index.json named directly opens the same set.
    expect(setOf(await openTreeTrace(path.join(dir, 'index.json'))).members).toHaveLength(4);
  });

  it('index.json as a bare array of folder names, entries by session id only', async () => {
    const dir = await temp();
    await writeTree(dir, {
      ...bundlePaths('alpha', bundleTexts(makeTree([{ id: 'a' }]))),
      ...bundlePaths('beta', bundleTexts(makeTree([{ id: 'a' }]))),
      'index.json': JSON.stringify([{ id: 'alpha' }, 'beta']),
    });
    expect(setOf(await openTreeTrace(dir)).members.map((m) => m.kind)).toEqual(['bundle', 'bundle']);
  });

  it('an index.json that lists nothing usable: the subfolders are scanned', async () => {
    const dir = await temp();
    await writeTree(dir, {
      ...bundlePaths('one', bundleTexts(makeTree([{ id: 'a' }]))),
      ...bundlePaths('two', bundleTexts(makeTree([{ id: 'a' }]))),
      'index.json': '{"broken":',
    });
    const set = setOf(await openTreeTrace(dir));
    expect(set.members).toHaveLength(2);
    expect(set.note).toMatch(/index\.json: the JSON stops early/);
  });

  it('a folder of projects (the corpus examples): a set found by scanning', async () => {
    const set = setOf(await openTreeTrace(path.join(CORPUS, 'examples')));
    expect(set.indexPath).toBeNull();
    expect(set.note).toBe('no index.json: 3 bundles found in subfolders');
    expect(set.members.map((m) => m.label)).toEqual(['api-key-auth', 'rejections', 'weather-dashboard']);
  });

  it('the whole corpus, every version, three levels down', async () => {
    const set = setOf(await openTreeTrace(CORPUS));
    expect(set.members).toHaveLength(10);
    const versions = new Set(set.members.map((m) => (m.kind === 'bundle' ? m.bundle.schemaVersion : null)));
    expect([...versions].sort()).toEqual(['0.1', '0.2', '0.3']);
  });

  it('scanning can be turned off', async () => {
    const result = await openTreeTrace(path.join(CORPUS, 'examples'), { scan: false });
    expect(result).toMatchObject({ ok: false, error: { code: 'not-a-bundle' } });
  });
});

describe('paths that hold no bundle', () => {
  it('a missing path', async () => {
    const result = await openTreeTrace('/no/such/path/anywhere');
    expect(result).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'cannot read /no/such/path/anywhere: no such file or folder' },
    });
  });

  it('an unrelated folder and an unrelated file', async () => {
    const dir = await temp();
    await writeTree(dir, { 'notes.txt': 'hello', 'sub/readme.md': '# hi' });
    expect(await openTreeTrace(dir)).toMatchObject({ ok: false, error: { code: 'not-a-bundle' } });
    const file = await openTreeTrace(path.join(dir, 'notes.txt'));
    expect(file).toMatchObject({ ok: false, error: { code: 'not-a-bundle' } });
  });

  it('a file named .zip that is not one', async () => {
    const dir = await temp();
    await writeFile(path.join(dir, 'bundle.zip'), 'this is text');
    const result = await openTreeTrace(path.join(dir, 'bundle.zip'));
    expect(result).toMatchObject({ ok: false, error: { code: 'archive-unreadable' } });
    if (!result.ok) expect(result.error.message).toMatch(/bundle\.zip: not a readable zip archive/);
  });
});
