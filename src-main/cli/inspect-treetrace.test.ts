/**
 * `lineage-explorer inspect` on TreeTrace bundles, as a process: the built CLI
 * (bin/lineage-explorer.js; run `npm run build` first) against the corpus copied into the project
 * (every version), against bundles built here to break it, and against zipped bundles — good,
 * escaping and exploding. Counts are held to fixtures/corpus-expected.json, written by an
 * independent reading of the corpus files.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT, runCli, type CliRun as Run } from './test-support/run-cli-process';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleTexts, chainSpecs, makeTree } from '../../src-shared/formats/treetrace/testing/make-bundle';
import { makeTarGz, makeZip, rawTar, readTree, tempDir, writeTree } from '../services/treetrace/test-support';

const ROOT = REPO_ROOT;
const TT = path.join(ROOT, 'src-shared', 'formats', 'treetrace', 'fixtures');
const CORPUS = path.join(TT, 'corpus');

const run = (args: string[]) => runCli(args, { timeoutMs: 60_000 });

type Summary = Record<string, unknown> & { source: string; path: string };

async function inspectJson(target: string): Promise<{ run: Run; out: Summary[] }> {
  const result = await run(['inspect', target, '--json']);
  return { run: result, out: result.stdout ? (JSON.parse(result.stdout) as Summary[]) : [] };
}

/** The fields the issue specifies, in its order. */
const CONTRACT = [
  'source',
  'path',
  'schemaVersion',
  'generatorVersion',
  'nodes',
  'edges',
  'byKind',
  'abandoned',
  'correctionChains',
  'rejections',
  'lessons',
  'evalCandidates',
  'hallucinations',
  'cycles',
  'danglingRefs',
] as const;

const pick = (s: Summary, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, s[f]]));

let work: { dir: string; dispose: () => Promise<void> };
beforeAll(async () => {
  await stat(path.join(ROOT, 'out', 'main', 'cli.js')).catch(() => {
    throw new Error('the CLI is not built: run `npm run build` before these tests');
  });
  work = await tempDir('treetrace-cli-');
});
afterAll(() => work.dispose());

const expected = JSON.parse(await readFile(path.join(TT, 'corpus-expected.json'), 'utf8')) as (Summary & {
  dir: string;
})[];

describe('every corpus bundle, every version', () => {
  it.each(expected.map((e) => [e.dir, e] as const))('%s', async (dir, want) => {
    const project = path.join(CORPUS, dir);
    const { run: result, out } = await inspectJson(project);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(out).toHaveLength(1);
    const got = out[0]!;
    expect(Object.keys(got).slice(0, CONTRACT.length)).toEqual([...CONTRACT]);
    const fields = Object.keys(want).filter((k) => k !== 'dir' && k !== 'path');
    expect(pick(got, fields)).toEqual(pick(want, fields));
    expect(got.path).toBe(dir.includes('0ebb74f') ? project : path.join(project, '.treetrace'));
  });

  it('a folder of projects is a set: one object per bundle, the set named on each', async () => {
    const { run: result, out } = await inspectJson(path.join(CORPUS, 'examples'));
    expect(result.code).toBe(0);
    expect(out.map((s) => s.path)).toEqual(
      ['api-key-auth', 'rejections', 'weather-dashboard'].map((p) =>
        path.join(CORPUS, 'examples', p, '.treetrace'),
      ),
    );
    expect(new Set(out.map((s) => s.set))).toEqual(new Set([path.join(CORPUS, 'examples')]));
    const all = await inspectJson(CORPUS);
    expect(all.out).toHaveLength(10);
  });

  it('the .treetrace folder, its tree.json and the project folder agree', async () => {
    const project = path.join(CORPUS, 'examples', 'rejections');
    const a = (await inspectJson(project)).out[0]!;
    const b = (await inspectJson(path.join(project, '.treetrace'))).out[0]!;
    const c = (await inspectJson(path.join(project, '.treetrace', 'tree.json'))).out[0]!;
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it('the human summary', async () => {
    const result = await run(['inspect', path.join(CORPUS, 'examples', 'api-key-auth')]);
    expect(result.code).toBe(0);
    const text = result.stdout;
    expect(text).toContain(`TreeTrace bundle ${path.join(CORPUS, 'examples', 'api-key-auth', '.treetrace')}`);
    expect(text).toContain('project api-key-auth · schema 0.3 · treetrace 0.9.1');
    expect(text).toContain('nodes 4 (root 1, correction 1, direction 2) · edges 3');
    expect(text).toContain(
      'correction chains 2 · rejections 1 (ledger 1) · lessons 4 · eval candidates 4 · hallucinations 2',
    );
    expect(text).toContain('chain chain_001 (security_or_privacy_risk, low): node_001 → node_002 → node_003');
    expect(text).toContain('⚠ files from different TreeTrace runs: hallucinations.json');
  });
});

/** Writes a bundle into a fresh project folder under the work dir; returns the project path. */
let count = 0;
async function project(texts: Record<string, string>): Promise<string> {
  const dir = path.join(work.dir, `p${++count}`);
  await writeTree(dir, Object.fromEntries(Object.entries(texts).map(([k, v]) => [`.treetrace/${k}`, v])));
  return dir;
}

describe('bundles built to break it: exit 0, the problem visible', () => {
  it('cycles, forward parents, redacted ids and dangling refs', async () => {
    const tree = makeTree(
      [
        { id: 'node_001', parentId: 'node_003' },
        { id: 'node_002', parentId: 'node_001' },
        { id: 'node_003', parentId: 'node_002' },
        { id: 'node_005', parentId: 'node_004' },
        { id: 'node_004', parentId: null },
        { id: '[REDACTED:hex-token]', parentId: 'node_004', sourceEventIds: ['[REDACTED:hex-token]'] },
        { id: 'node_007', parentId: 'node_gone' },
      ],
      {
        correctionChains: [
          { id: 'chain_001', failureNodeId: 'node_002', correctionNodeId: 'node_x', resolvedNodeId: null },
        ],
        lessons: [{ id: 'lesson_001', title: 'T', nodeIds: ['node_y'], text: '' }],
      },
    );
    const dir = await project(
      bundleTexts(tree, { 'evals.jsonl': [{ id: 'eval_001', sourceNodeIds: ['node_z', 'node_001'] }] }),
    );
    const { run: result, out } = await inspectJson(dir);
    expect(result.code).toBe(0);
    // Dangling: node_007's parentId and its edge, the chain, the lesson and the eval: 5.
    // Forward parents: node_001 → node_003 (on the cycle) and node_005 → node_004.
    expect(out[0]).toMatchObject({
      nodes: 7,
      edges: 6,
      cycles: 1,
      danglingRefs: 5,
      forwardParents: 2,
      redactedIds: 1,
    });
    const text = (await run(['inspect', dir])).stdout;
    expect(text).toContain(
      'cycle: node_001 → node_003 → node_002 → node_001 (broken at node_001 → node_003)',
    );
    expect(text).toContain('dangling: node_007 parentId → node_gone');
    expect(text).toContain('dangling: chain_001 chain.correctionNodeId → node_x');
  });

  it('truncated tree.json, tree.json not an object, missing tree.json', async () => {
    const full = JSON.stringify(makeTree(chainSpecs(10)));
    for (const [texts, message] of [
      [
        { 'tree.json': full.slice(0, 200) },
        'tree.json: the JSON stops early (line 1): the file looks truncated',
      ],
      [{ 'tree.json': '["not", "an", "object"]' }, 'tree.json holds an array, not a JSON object'],
      [{ 'lessons.md': '# Lessons\n' }, 'tree.json is missing: there is no prompt lineage to show'],
    ] as const) {
      const dir = await project(texts);
      const { run: result, out } = await inspectJson(dir);
      expect(result.code).toBe(0);
      expect(out[0]).toMatchObject({ source: 'treetrace', nodes: 0, schemaVersion: null });
      expect((out[0]!.problems as { message: string }[])[0]!.message).toContain(message);
      const text = (await run(['inspect', dir])).stdout;
      expect(text).toContain(`✗ ${message}`);
    }
  });

  it('mixed generations are flagged; an empty evals.jsonl is fine', async () => {
    const dir = await project(
      bundleTexts(makeTree([{ id: 'a' }]), {
        'failures.json': { project: { generatedAt: '2030-01-01T00:00:00.000Z' }, failures: [] },
        'evals.jsonl': '',
      }),
    );
    const { out } = await inspectJson(dir);
    expect(out[0]).toMatchObject({ generationMismatch: true, evalCandidates: 0 });
    expect((out[0]!.files as Record<string, string>)['evals.jsonl']).toBe('ok');
  });

  it('5,000 nodes', async () => {
    const dir = await project(bundleTexts(makeTree(chainSpecs(5000, 5))));
    const { run: result, out } = await inspectJson(dir);
    expect(result.code).toBe(0);
    expect(out[0]).toMatchObject({ nodes: 5000, edges: 4999, sessions: 5, cycles: 0, danglingRefs: 0 });
  });

  it('an index.json set with a member missing: an object for it, with the error', async () => {
    const dir = path.join(work.dir, 'each');
    await writeTree(dir, {
      ...Object.fromEntries(
        Object.entries(bundleTexts(makeTree([{ id: 'a' }]))).map(([k, v]) => [`s1/.treetrace/${k}`, v]),
      ),
      'index.json': JSON.stringify({
        sessions: [
          { sessionId: 's1', dir: 's1' },
          { sessionId: 's2', dir: 's2' },
        ],
      }),
    });
    const { run: result, out } = await inspectJson(dir);
    expect(result.code).toBe(0);
    expect(out.map((s) => [s.nodes, s.error ?? null, s.set])).toEqual([
      [1, null, path.join(dir, 'index.json')],
      [0, 's2: listed in index.json, but no bundle is there', path.join(dir, 'index.json')],
    ]);
  });
});

describe('zipped bundles', () => {
  it('zip and tar.gz give the same counts as the folder, with the entry inside named', async () => {
    const project = path.join(CORPUS, 'examples', 'weather-dashboard');
    const fromFolder = (await inspectJson(project)).out[0]!;
    const files = await readTree(project);
    for (const [name, bytes] of [
      ['w.zip', makeZip(files)],
      ['w.tar.gz', await makeTarGz(files)],
    ] as const) {
      const file = path.join(work.dir, name);
      await writeTree(work.dir, { [name]: bytes });
      const { run: result, out } = await inspectJson(file);
      expect(result.code, result.stderr).toBe(0);
      expect({ ...out[0], path: null, archiveEntry: null }).toEqual({
        ...fromFolder,
        path: null,
        archiveEntry: null,
      });
      expect(out[0]).toMatchObject({ path: file, archiveEntry: '.treetrace' });
    }
  });

  it('an archive with a ../ entry: exit 2, one line naming the archive', async () => {
    const file = path.join(work.dir, 'slip.zip');
    await writeTree(work.dir, {
      'slip.zip': zipSync({ '.treetrace/tree.json': strToU8('{}'), '../../evil': strToU8('x') }),
    });
    const result = await run(['inspect', file, '--json']);
    expect(result.code).toBe(2);
    expect(result.stdout.trim()).toBe('[]');
    expect(result.stderr.trim().split('\n')).toEqual([
      `lineage-explorer: ${file}: archive rejected: unsafe entry name (invalid relative path: ../../evil)`,
    ]);
  });

  it('an archive bomb: exit 2 quickly, nothing extracted', async () => {
    const MiB = 1024 * 1024;
    const header = gzipSync(
      rawTar([{ name: '.treetrace/tree.json', body: new Uint8Array(0), declaredSize: 2048 * MiB }]).subarray(
        0,
        512,
      ),
    );
    const member = gzipSync(new Uint8Array(MiB), { level: 9 });
    const parts = [header, ...Array.from({ length: 2048 }, () => member)];
    const bomb = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let offset = 0;
    for (const p of parts) {
      bomb.set(p, offset);
      offset += p.length;
    }
    const file = path.join(work.dir, 'bomb.tgz');
    await writeTree(work.dir, { 'bomb.tgz': bomb });
    const result = await run(['inspect', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^lineage-explorer: .*bomb\.tgz: archive rejected: /);
    expect(result.ms).toBeLessThan(20_000);
  });

  it('a path that does not exist: exit 2', async () => {
    const result = await run(['inspect', path.join(work.dir, 'nothing.zip')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot read .*nothing\.zip: no such file or folder/);
  });
});
