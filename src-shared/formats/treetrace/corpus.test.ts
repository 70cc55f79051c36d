/**
 * The reader on every real TreeTrace bundle we have (fixtures/corpus: TreeTrace's own examples at
 * 0.9.1 and four older commits, schema 0.1 to 0.3). The counts in fixtures/corpus-expected.json
 * come from an independent reading of the same files (a few lines of Python over the JSON), not
 * from this reader.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTreeTraceBundle } from './build-bundle';
import { summarizeTreeTraceBundle } from './bundle-summary';
import { BUNDLE_FILES, REPORT_FILES, type BundleInput, type FileText, type TreeTraceBundle } from './types';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const CORPUS = path.join(FIXTURES, 'corpus');

interface Expected {
  dir: string;
  [field: string]: unknown;
}
const expected = JSON.parse(readFileSync(path.join(FIXTURES, 'corpus-expected.json'), 'utf8')) as Expected[];

function read(file: string): FileText {
  if (!existsSync(file)) return { status: 'missing' };
  const bytes = readFileSync(file);
  return { status: 'ok', text: bytes.toString('utf8'), bytes: bytes.length };
}

/** What the folder host reads: `.treetrace/` when there is one, else the project folder (0.1). */
export function corpusInput(project: string): BundleInput {
  const dir = existsSync(path.join(project, '.treetrace')) ? path.join(project, '.treetrace') : project;
  const files: BundleInput['files'] = {};
  for (const name of BUNDLE_FILES) files[name] = read(path.join(dir, name));
  const reports = REPORT_FILES.filter((r) => existsSync(path.join(project, r))).map((name) => ({
    name,
    file: read(path.join(project, name)),
  }));
  return { files, reports };
}

const load = (dir: string): TreeTraceBundle => buildTreeTraceBundle(corpusInput(path.join(CORPUS, dir)));

describe('every corpus bundle matches the independent reading', () => {
  it.each(expected.map((e) => [e.dir, e] as const))('%s', (dir, want) => {
    const bundle = load(dir);
    const summary = summarizeTreeTraceBundle(bundle, dir);
    const fields = Object.entries(want).filter(([field]) => field !== 'dir');
    for (const [field, value] of fields) {
      expect(summary[field as keyof typeof summary], `${dir}: ${field}`).toEqual(value);
    }
    // Real bundles are consistent: no problem beyond the mixed-run warning.
    expect(bundle.problems.filter((p) => p.code !== 'generation-mismatch')).toEqual([]);
    expect(bundle.stats.mismatches).toEqual([]);
    expect(bundle.hasTree).toBe(true);
    // Every node is reachable from a root, depth by depth.
    for (const node of bundle.nodes) {
      expect(node.parent === null ? 0 : bundle.nodes[node.parent]!.depth + 1).toBe(node.depth);
    }
  });
});

describe('what the reader makes of the current examples (0.9.1)', () => {
  it('weather-dashboard: lineage, chain with its nodes, rejections from nodes and ledger, redactions', () => {
    const b = load('examples/weather-dashboard');
    expect(b.nodes.map((n) => [n.key, n.parent, n.depth, n.kind])).toEqual([
      ['node_001', null, 0, 'root'],
      ['node_002', 0, 1, 'direction'],
      ['node_003', 1, 2, 'correction'],
      ['node_004', 2, 3, 'scope-change'],
    ]);
    expect(b.roots).toEqual([0]);
    expect(b.edges.every((e) => e.matchesParent)).toBe(true);
    const [chain] = b.correctionChains;
    expect(chain).toMatchObject({
      id: 'chain_001',
      failureNode: 1,
      correctionNode: 2,
      resolvedNode: null,
      failureType: 'overbuilt_solution',
      confidence: 'high',
      origins: ['tree.json', 'failures.json'],
      signals: [{ node: 1, signal: 0 }],
    });
    expect(chain!.lessons.map((l) => b.lessons[l]!.id)).toEqual(['lesson_001', 'lesson_002']);
    expect(chain!.evals.map((e) => b.evalCandidates[e]!.id)).toEqual(['eval_001', 'eval_002']);

    expect(b.rejections.map((r) => [r.origin, r.kind, r.node, r.inLedger])).toEqual([
      ['node', 'user_text_decline', 2, true],
      ['node', 'user_interrupt', 2, true],
    ]);
    expect(b.rejectionLedger).toMatchObject({ total: 2, entries: 2, matched: 2, unmatched: 0 });
    expect(b.nodes[2]!.refs.rejections).toEqual([0, 1]);

    expect(b.redactions.markers).toEqual({ 'anthropic-key': 1, 'url-basic-auth': 1 });
    expect(b.redactions.nodes).toEqual([3]);
    expect(b.redactions.decisions).toBeNull();

    expect(b.sessions).toHaveLength(1);
    expect(b.sessions[0]).toMatchObject({
      id: 'synthetic-session',
      declared: true,
      promptCount: 5,
      nodes: [0, 1, 2, 3],
      roots: [0],
    });
    expect(b.nodes[0]!.actions[0]).toMatchObject({ tool: 'Write', file: '/tmp/demo/index.html' });
    expect(b.nodes[0]!.stableKey).toBe('u1');

    expect(b.generations).toMatchObject({
      reference: '2026-06-19T06:50:11.984Z',
      mismatch: true,
      differing: ['hallucinations.json', 'SECURITY_REPORT.md'],
    });
    expect(b.reports.map((r) => [r.name, r.generatedAt, r.generatorVersion])).toEqual([
      ['TREETRACE_REPORT.md', '2026-06-19T06:50:11.984Z', '0.9.1'],
      ['PROMPT_TREE.md', null, '0.9.1'],
      ['SECURITY_REPORT.md', '2026-06-19T06:50:12.249Z', '0.9.1'],
    ]);
    expect(b.agentMemory?.project).toBe('weather-dashboard');
    expect(b.agentMemory?.sections.map((s) => s.heading)).toEqual(['Constraints', 'Lessons', 'Next']);
  });

  it('lessons.md is matched to tree.json lessons by title, with the node ids it cites', () => {
    const b = load('examples/rejections');
    expect(b.lessons).toHaveLength(6);
    for (const lesson of b.lessons) expect(lesson.origins).toEqual(['tree.json', 'lessons.md']);
    expect(b.lessons[0]).toMatchObject({
      id: 'lesson_001',
      title: 'Confirm proposed actions before executing',
      nodeIds: ['node_001', 'node_002', 'node_004'],
      nodes: [0, 1, 3],
      line: 3,
    });
    expect(b.nodes[2]!.refs.lessons).toEqual([1, 2, 3, 5]);
  });

  it('hallucinations from hallucinations.json, linked to their nodes', () => {
    const b = load('examples/api-key-auth');
    expect(b.hallucinations.map((h) => [h.origin, h.category, h.reference, h.node])).toEqual([
      ['hallucinations.json', 'hallucinated_file_or_path', './src/middleware/rateLimit.js', 0],
      ['hallucinations.json', 'hallucinated_import_or_package', 'jsonwebtoken', 0],
    ]);
    expect(b.hallucinationCheck).toMatchObject({ verifiedAgainstWorkingTree: true, manifestSeen: true });
    expect(b.nodes[0]!.refs.hallucinations).toEqual([0, 1]);
  });

  it('evals merge tree.json and evals.jsonl by id, keeping their lines', () => {
    const b = load('examples/api-key-auth');
    expect(b.evalCandidates.map((e) => [e.id, e.origins, e.line, e.nodes])).toEqual([
      ['eval_001', ['tree.json', 'evals.jsonl'], 1, [1]],
      ['eval_002', ['tree.json', 'evals.jsonl'], 2, [0, 1, 2]],
      ['eval_003', ['tree.json', 'evals.jsonl'], 3, [0, 1, 2]],
      ['eval_004', ['tree.json', 'evals.jsonl'], 4, [0, 3]],
    ]);
    expect(b.evalCandidates[0]!.expectedBehavior).toHaveLength(2);
    expect(b.failures.map((f) => f.firstSeenNode)).toEqual([1, 0, 0, 2, 0]);
  });
});

describe('older versions', () => {
  it('0.1 (0ebb74f): tree.json beside PROMPT_TREE.md, no analysis, no failure signals', () => {
    const b = load('older-versions/0ebb74f/weather-dashboard');
    expect(b.schemaVersion).toBe('0.1');
    expect(b.stats.analysis).toBeNull();
    expect(b.nodes.every((n) => n.failureSignals.length === 0 && n.actions.length === 0)).toBe(true);
    expect(b.nodes[0]!.title).toContain('Memphis');
    expect(b.files.filter((f) => f.status === 'ok').map((f) => f.name)).toEqual(['tree.json']);
    expect(b.reports.map((r) => r.name)).toEqual(['PROMPT_TREE.md']);
  });

  it('0.2 (6191ce3): "## N. Title" lessons with "Source nodes:" lines, numeric signal confidence', () => {
    const b = load('older-versions/6191ce3/weather-dashboard');
    expect(b.lessons).toHaveLength(1);
    expect(b.lessons[0]).toMatchObject({
      id: 'lesson_001',
      origins: ['tree.json', 'lessons.md'],
      nodeIds: ['node_002', 'node_003', 'node_004'],
      line: 3,
    });
    expect(b.nodes[1]!.failureSignals[0]).toMatchObject({
      type: 'overbuilt_solution',
      confidence: 0.78,
      tier: null,
      resolvedByNode: 2,
    });
    expect(b.rejectionLedger).toBeNull();
  });

  it('0.5 (407837c): schema 0.2 with tiers and hallucinations.json, no rejections recorded', () => {
    const b = load('older-versions/407837c/api-key-auth');
    expect(b.nodes.every((n) => n.refs.rejections.length === 0)).toBe(true);
    expect(b.nodes[0]!.failureSignals.map((s) => s.tier)).toEqual(['confirmed', 'confirmed']);
    expect(b.lessons.map((l) => l.line)).toEqual([3, 9, 15]);
  });
});
