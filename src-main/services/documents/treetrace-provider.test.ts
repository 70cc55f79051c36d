// The TreeTrace service: keys checked against the index, archives found by the walk and read in
// place, and sets (TreeTrace --each: a folder with index.json, or an archive of several bundles)
// listed as the set plus one document per member. Real files in temp folders, real chokidar.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PushedEvent } from '../../../src-shared/bridge/contract';
import { bundleTexts, makeTree } from '../../../src-shared/formats/treetrace/testing/make-bundle';
import { makeZip, writeTree } from '../treetrace/test-support';
import { DocumentIndex } from './document-index';
import { findDocuments } from './find-documents';
import { loadTreeTraceDocument, treeTraceService } from './treetrace-provider';

const ZIP = fileURLToPath(
  new URL('../../../e2e/fixtures/treetrace/archives/api-key-auth-bundle.zip', import.meta.url),
);
const CORPUS_01 = fileURLToPath(
  new URL(
    '../../../src-shared/formats/treetrace/fixtures/corpus/older-versions/0ebb74f/weather-dashboard',
    import.meta.url,
  ),
);

let root: string;
let index: DocumentIndex | null = null;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'le-tt-'));
});
afterEach(async () => {
  await index?.close();
  index = null;
  await rm(root, { recursive: true, force: true });
});

/** Bundle files under `<dir>/` (or `<dir>/.treetrace/`), for writeTree. */
function at(dir: string, texts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).map(([name, text]) => [`${dir}/${name}`, text]));
}

const session = (id: string, nodes: number) =>
  bundleTexts(
    makeTree(
      Array.from({ length: nodes }, (_, i) => ({
        id: `${id}-n${i}`,
        parentId: i ? `${id}-n${i - 1}` : null,
        session: id,
        status: i === nodes - 1 && nodes > 2 ? 'abandoned' : 'accepted',
      })),
    ),
  ) as Record<string, string>;

/**
 * A TreeTrace --each output: two members as project folders (.treetrace/), one as a bare bundle
 * folder, one listed but missing, one pointing out of the set, and a broken one.
 */
async function writeSet(dir: string): Promise<void> {
  await writeTree(dir, {
    ...at('alpha/.treetrace', session('alpha', 3)),
    ...at('beta/.treetrace', session('beta', 1)),
    ...at('gamma', session('gamma', 2)),
    'broken/.treetrace/tree.json': '{"schemaVersion": "0.3", "nodes": [',
    'index.json': JSON.stringify({
      generator: { name: 'treetrace' },
      sessions: [
        { sessionId: 'alpha', title: 'Alpha session', dir: 'alpha' },
        { sessionId: 'beta', dir: 'beta/.treetrace' },
        { sessionId: 'gamma', dir: 'gamma' },
        { sessionId: 'missing', dir: 'missing' },
        { sessionId: 'evil', dir: '../../etc' },
        { sessionId: 'broken', dir: 'broken' },
      ],
    }),
  });
}

const rel = (key: string) => key.replace(root + path.sep, '');

describe('treeTraceService', () => {
  it('finds a zipped bundle under a root and reads its nested .treetrace/ in place', async () => {
    await cp(ZIP, path.join(root, 'archives', 'bundle.zip'));
    const found = await findDocuments(root);
    expect(found.map((d) => [path.basename(d.key), d.kind])).toEqual([['bundle.zip', 'treetrace']]);
    const doc = await loadTreeTraceDocument(found[0]!.key);
    expect(doc.error).toBeNull();
    expect(doc.bundle?.nodes).toHaveLength(4);
    expect(doc.bundle?.correctionChains).toHaveLength(2);
  });

  it('reads only known documents: any other path is refused', async () => {
    index = new DocumentIndex([root]);
    await index.start();
    const service = treeTraceService(index);
    await expect(service.bundle(path.join(root, 'nope', '.treetrace'))).rejects.toThrow(/no document/);
  });

  it("finds TreeTrace 0.1's layout (tree.json in the project folder) but not any tree.json", async () => {
    await cp(CORPUS_01, path.join(root, 'old', 'weather-dashboard'), { recursive: true });
    await writeTree(root, {
      'other/tree.json': '[1, 2, 3]',
      'webapp/tree.json': JSON.stringify({ nodes: [{ id: 'a' }], children: [] }),
      // A truncated 0.1 tree.json is still TreeTrace's: opened, with its error shown.
      'half/tree.json': '{"schemaVersion": "0.1", "generator": {"name": "tree',
    });
    const found = await findDocuments(root);
    expect(found.map((d) => [rel(d.key), d.label])).toEqual([
      ['half', 'half'],
      ['old/weather-dashboard', 'weather-dashboard'],
    ]);
    expect((await loadTreeTraceDocument(found[0]!.key)).bundle!.problems[0]!.severity).toBe('error');
    const doc = await loadTreeTraceDocument(found[1]!.key);
    expect(doc.bundle?.schemaVersion).toBe('0.1');
    expect(doc.bundle?.nodes).toHaveLength(4);
  });

  it('bundles of one project found in several places are told apart by their parent folders', async () => {
    for (const where of ['examples', 'older-versions/0e32e87', 'older-versions/407837c'])
      await cp(CORPUS_01, path.join(root, where, 'weather-dashboard'), { recursive: true });
    const found = await findDocuments(root);
    expect(found.map((d) => d.label).sort()).toEqual([
      '0e32e87/weather-dashboard',
      '407837c/weather-dashboard',
      'examples/weather-dashboard',
    ]);
  });
});

describe('sets of bundles (TreeTrace --each)', () => {
  it('lists the set, then every member as a document of its own; member folders are not listed twice', async () => {
    await writeSet(path.join(root, 'each-out'));
    const found = await findDocuments(root);
    expect(found.map((d) => [d.label, d.path ? rel(d.path) : null])).toEqual([
      ['each-out', null],
      ['each-out › Alpha session', 'each-out/alpha/.treetrace'],
      ['each-out › beta', 'each-out/beta/.treetrace'],
      ['each-out › gamma', 'each-out/gamma'],
      ['each-out › missing', 'each-out'],
      ['each-out › evil', 'each-out'],
      ['each-out › broken', 'each-out/broken/.treetrace'],
    ]);
    expect(new Set(found.map((d) => d.kind))).toEqual(new Set(['treetrace']));
    // The same when the set folder itself is the root.
    expect((await findDocuments(path.join(root, 'each-out'))).map((d) => d.key)).toEqual(
      found.map((d) => d.key),
    );
  });

  it('the set document is an overview: members with their counts, missing and broken ones with why', async () => {
    await writeSet(path.join(root, 'each-out'));
    const [set, ...members] = await findDocuments(root);
    const doc = await loadTreeTraceDocument(set!.key);
    expect(doc.bundle).toBeNull();
    expect(doc.set!.indexPath).toBe(path.join(root, 'each-out', 'index.json'));
    expect(
      doc.set!.members.map((m) => [m.label, m.stats?.nodes ?? null, m.stats?.abandoned ?? null, m.error]),
    ).toEqual([
      ['Alpha session', 3, 1, null],
      ['beta', 1, 0, null],
      ['gamma', 2, 0, null],
      ['missing', null, null, 'listed in index.json, but no bundle is there'],
      ['evil', null, null, 'the path leaves the indexed folder'],
      ['broken', 0, 0, null],
    ]);
    const broken = doc.set!.members.find((m) => m.label === 'broken')!.stats!;
    expect([broken.errors, broken.firstError]).toEqual([
      1,
      expect.stringMatching(/^tree\.json: the JSON stops early/),
    ]);
    expect(doc.set!.members.map((m) => m.key)).toEqual(members.map((m) => m.key));
    expect(doc.set!.members[0]!.stats!.sessions).toEqual(['Session alpha']);
  });

  it('a member opens on its own; a missing or escaping one is an error entry, never read', async () => {
    await writeSet(path.join(root, 'each-out'));
    const [set, alpha, , gamma, missing, evil, broken] = await findDocuments(root);
    const a = await loadTreeTraceDocument(alpha!.key);
    expect(a).toMatchObject({ label: 'each-out › Alpha session', error: null, setKey: set!.key });
    expect(a.bundle!.nodes.map((n) => n.id)).toEqual(['alpha-n0', 'alpha-n1', 'alpha-n2']);
    expect((await loadTreeTraceDocument(gamma!.key)).bundle!.nodes).toHaveLength(2);
    expect(await loadTreeTraceDocument(missing!.key)).toMatchObject({
      bundle: null,
      error: 'missing: listed in index.json, but no bundle is there',
    });
    expect(await loadTreeTraceDocument(evil!.key)).toMatchObject({
      bundle: null,
      error: '../../etc: the path leaves the indexed folder',
    });
    const b = await loadTreeTraceDocument(broken!.key);
    expect(b.bundle!.problems[0]!.message).toMatch(/tree\.json.*stops early/);
  });

  it('members reload when TreeTrace rewrites them, and new members appear when index.json grows', async () => {
    const dir = path.join(root, 'each-out');
    await writeSet(dir);
    index = new DocumentIndex([root]);
    const events: PushedEvent[] = [];
    index.onEvent((e) => events.push(e));
    await index.start();
    const alpha = index.list().find((d) => d.label === 'each-out › Alpha session')!;
    const beta = index.list().find((d) => d.label === 'each-out › beta')!;
    await writeFile(
      path.join(dir, 'alpha/.treetrace/tree.json'),
      JSON.stringify(makeTree([{ id: 'x' }, { id: 'y', parentId: 'x' }])),
    );
    await until(() => index!.get(alpha.key).revision === 2);
    expect(index.get(beta.key).revision).toBe(1);
    expect(index.get(dir).revision).toBeGreaterThan(1); // the overview's counts moved
    expect((await loadTreeTraceDocument(alpha.key)).bundle!.nodes).toHaveLength(2);

    await writeTree(dir, at('delta/.treetrace', session('delta', 2)));
    const indexJson = JSON.parse(await readFile(path.join(dir, 'index.json'), 'utf8')) as {
      sessions: unknown[];
    };
    indexJson.sessions.push({ sessionId: 'delta', dir: 'delta' });
    await writeFile(path.join(dir, 'index.json'), JSON.stringify(indexJson));
    await until(() => index!.list().some((d) => d.label === 'each-out › delta'));
    const delta = index.list().find((d) => d.label === 'each-out › delta')!;
    expect((await treeTraceService(index).bundle(delta.key)).bundle!.nodes).toHaveLength(2);
    expect(events.length).toBeGreaterThan(0);
  });

  it('bundles listed before their index.json appeared give way to the set and its members', async () => {
    const dir = path.join(root, 'each-out');
    await writeTree(dir, {
      ...at('alpha/.treetrace', session('alpha', 3)),
      ...at('gamma', session('gamma', 2)),
    });
    index = new DocumentIndex([root]);
    const events: PushedEvent[] = [];
    index.onEvent((e) => events.push(e));
    await index.start();
    // TreeTrace --each writes the sessions first: alone, each is a bundle of its own.
    expect(index.list().map((d) => rel(d.key))).toEqual(['each-out/alpha/.treetrace', 'each-out/gamma']);
    await writeFile(
      path.join(dir, 'index.json'),
      JSON.stringify({
        sessions: [
          { sessionId: 'alpha', dir: 'alpha' },
          { sessionId: 'gamma', dir: 'gamma' },
        ],
      }),
    );
    await until(
      () =>
        index!.list().length === 3 &&
        index!.list().every((d) => d.key.includes('each-out#') || d.key === dir),
    );
    expect(index.list().map((d) => d.label)).toEqual(['each-out', 'each-out › alpha', 'each-out › gamma']);
    const removed = events.flatMap((e) => (e.type === 'documents.changed' ? (e.removed ?? []) : []));
    expect(removed.sort()).toEqual([path.join(dir, 'alpha', '.treetrace'), path.join(dir, 'gamma')]);
  });

  it('an archive of a set: the archive is the set, its members read in place', async () => {
    const files: Record<string, string> = {
      ...at('out/s1/.treetrace', session('s1', 2)),
      ...at('out/s2/.treetrace', session('s2', 4)),
      'out/index.json': JSON.stringify([{ id: 's1' }, { id: 's2' }]),
    };
    await writeFile(path.join(root, 'sessions.zip'), makeZip(files));
    const found = await findDocuments(root);
    expect(found.map((d) => d.label)).toEqual(['sessions.zip', 'sessions.zip › s1', 'sessions.zip › s2']);
    expect(found.every((d) => (d.path ?? d.key) === path.join(root, 'sessions.zip'))).toBe(true);
    const set = await loadTreeTraceDocument(found[0]!.key);
    expect(set.set!.members.map((m) => m.stats!.nodes)).toEqual([2, 4]);
    expect(set.set!.indexPath).toBe(`${path.join(root, 'sessions.zip')} › out/index.json`);
    const s2 = await loadTreeTraceDocument(found[2]!.key);
    expect(s2.bundle!.nodes).toHaveLength(4);
    expect(s2.setKey).toBe(path.join(root, 'sessions.zip'));
  });

  it('opening a set folder by path (documents.open) registers its members', async () => {
    await writeSet(path.join(root, 'later'));
    index = new DocumentIndex([path.join(root, 'nothing-yet')]);
    await index.start();
    index.addRoot(root);
    const items = await index.open(path.join(root, 'later'));
    expect(items.map((d) => d.label)).toContain('later › gamma');
    expect(index.get(items[3]!.key).label).toBe('later › gamma');
  });
});

async function until(check: () => boolean, ms = 8000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}
