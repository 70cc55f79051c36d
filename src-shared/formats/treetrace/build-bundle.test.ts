/**
 * The reader on bundles built to break it: cycles, forward parents, redacted and repeated ids,
 * dangling references, truncated JSON, a tree.json that is not an object, missing files, mixed
 * runs, empty and broken evals.jsonl, both hallucination spellings, 5,000 nodes. Each must give a
 * model with the problem listed — never a throw.
 */
import { describe, expect, it } from 'vitest';
import { buildTreeTraceBundle } from './build-bundle';
import { summarizeTreeTraceBundle } from './bundle-summary';
import { bundleTexts, chainSpecs, inputOf, makeNode, makeTree, type NodeSpec } from './testing/make-bundle';
import type { BundleInput, TreeTraceBundle } from './types';

const build = (input: BundleInput) => buildTreeTraceBundle(input);
const fromTree = (specs: NodeSpec[], extra = {}, others = {}) =>
  build(inputOf(bundleTexts(makeTree(specs, extra), others)));
const codes = (b: TreeTraceBundle) => b.problems.map((p) => p.code);
const summary = (b: TreeTraceBundle) => summarizeTreeTraceBundle(b, '/x');

describe('parent links', () => {
  it('a parent cycle is listed, broken at a marked edge, and counted once', () => {
    const b = fromTree([
      { id: 'node_001', parentId: 'node_003' },
      { id: 'node_002', parentId: 'node_001' },
      { id: 'node_003', parentId: 'node_002' },
      { id: 'node_004', parentId: 'node_002' },
    ]);
    expect(b.cycles).toEqual([
      {
        index: 0,
        nodes: [0, 2, 1],
        nodeIds: ['node_001', 'node_003', 'node_002'],
        broken: { child: 0, parent: 2, childId: 'node_001', parentId: 'node_003' },
      },
    ]);
    expect(b.nodes[0]).toMatchObject({
      parent: null,
      parentLink: 'broken-cycle',
      cycle: 0,
      forwardParent: true,
    });
    expect(b.nodes.map((n) => n.depth)).toEqual([0, 1, 2, 2]);
    expect(b.roots).toEqual([0]);
    expect(summary(b)).toMatchObject({ cycles: 1, danglingRefs: 0, forwardParents: 1 });
    expect(b.problems.find((p) => p.code === 'parent-cycle')?.message).toBe(
      "parent cycle node_001 → node_003 → node_002 → node_001: broken at node_001's link to node_003, which is drawn as a root",
    );
  });

  it('two cycles and a self-parent count as three', () => {
    const b = fromTree([
      { id: 'a', parentId: 'b' },
      { id: 'b', parentId: 'a' },
      { id: 'c', parentId: 'c' },
      { id: 'd', parentId: 'e' },
      { id: 'e', parentId: 'd' },
    ]);
    expect(summary(b).cycles).toBe(3);
    expect(b.roots).toEqual([0, 2, 3]);
  });

  it('forward parents: a parent later in the file', () => {
    const b = fromTree([
      { id: 'node_003', parentId: 'node_002' },
      { id: 'node_002', parentId: 'node_001' },
      { id: 'node_001', parentId: null },
    ]);
    expect(b.roots).toEqual([2]);
    expect(b.nodes.map((n) => [n.depth, n.forwardParent])).toEqual([
      [2, true],
      [1, true],
      [0, false],
    ]);
    expect(b.problems).toEqual([]);
  });

  it('without a parentId field, the first edge into the node gives its parent', () => {
    const tree = makeTree([{ id: 'a' }, { id: 'b', parentId: 'a' }]);
    delete (tree.nodes as Record<string, unknown>[])[1]!.parentId;
    const b = build(inputOf(bundleTexts(tree)));
    expect(b.nodes[1]).toMatchObject({ parent: 0, parentSource: 'edge', parentId: 'a' });
  });

  it('dangling references: parentId, edge ends, chain, lesson and eval node ids are counted', () => {
    const b = fromTree(
      [
        { id: 'node_001' },
        { id: 'node_002', parentId: 'node_999' },
        {
          id: 'node_003',
          parentId: 'node_001',
          failureSignals: [{ type: 'scope_drift', resolvedBy: 'node_404' }],
        },
      ],
      {
        edges: [
          { from: 'node_001', to: 'node_003', relationship: 'refines' },
          { from: 'ghost', to: 'node_002', relationship: 'refines' },
        ],
        correctionChains: [
          { id: 'chain_001', failureNodeId: 'node_001', correctionNodeId: 'node_777', resolvedNodeId: null },
        ],
        lessons: [{ id: 'lesson_001', title: 'T', nodeIds: ['node_003', 'node_888'], text: 'x' }],
        evalCandidates: [{ id: 'eval_001', sourceNodeIds: ['node_666', 'node_001'] }],
      },
    );
    expect(b.nodes[1]).toMatchObject({ parent: null, parentLink: 'dangling' });
    expect(b.danglingRefs.filter((d) => d.counted).map((d) => [d.field, d.ref])).toEqual([
      ['parentId', 'node_999'],
      ['edge.from', 'ghost'],
      ['chain.correctionNodeId', 'node_777'],
      ['lesson.nodeIds', 'node_888'],
      ['eval.sourceNodeIds', 'node_666'],
    ]);
    expect(b.danglingRefs.filter((d) => !d.counted).map((d) => [d.field, d.ref])).toEqual([
      ['signal.resolvedBy', 'node_404'],
    ]);
    expect(summary(b)).toMatchObject({ danglingRefs: 5, otherDanglingRefs: 1, roots: 2 });
    expect(b.correctionChains[0]).toMatchObject({ failureNode: 0, correctionNode: null });
    expect(b.lessons[0]!.nodes).toEqual([2]);
    expect(b.evalCandidates[0]!.nodes).toEqual([0]);
    expect(codes(b)).toContain('dangling-ref');
  });

  it('a reference shared by a tree.json lesson and its lessons.md twin counts once', () => {
    const b = fromTree(
      [{ id: 'node_001' }],
      { lessons: [{ id: 'lesson_001', title: 'Keep it small', nodeIds: ['node_404'], text: 'x' }] },
      { 'lessons.md': '# Lessons\n\n- **Keep it small.** x [node_404]\n' },
    );
    expect(b.lessons).toHaveLength(1);
    expect(summary(b).danglingRefs).toBe(1);
  });
});

describe('ids', () => {
  it('repeated ids get unique keys; references go to the first', () => {
    const b = fromTree([
      { id: 'node_001' },
      { id: 'node_002', parentId: 'node_001' },
      { id: 'node_002', parentId: 'node_001' },
      { id: 'node_003', parentId: 'node_002' },
    ]);
    expect(b.nodes.map((n) => n.key)).toEqual(['node_001', 'node_002', 'node_002#2', 'node_003']);
    expect(b.nodes[3]!.parent).toBe(1);
    expect(summary(b).duplicateIds).toBe(1);
    expect(codes(b)).toEqual(['duplicate-id']);
  });

  it('redacted ids: kept, marked, never resolved by accident', () => {
    const b = fromTree([
      { id: 'node_001', sourceEventIds: ['[REDACTED:hex-token]'], text: 'x' },
      { id: '[REDACTED:hex-token]', parentId: 'node_001', text: 'x' },
      { id: '[REDACTED:hex-token]', parentId: 'node_001', text: 'x' },
      { id: 'node_004', parentId: '[REDACTED:jwt]', text: 'x' },
    ]);
    expect(b.nodes.map((n) => [n.key, n.idRedacted, n.stableKey])).toEqual([
      ['node_001', false, null],
      ['[REDACTED:hex-token]', true, 'u2'],
      ['[REDACTED:hex-token]#2', true, 'u3'],
      ['node_004', false, 'u4'],
    ]);
    expect(b.nodes[3]).toMatchObject({ parent: null, parentLink: 'dangling' });
    expect(b.redactions.redactedIds).toEqual([0, 1, 2, 3]);
    expect(b.redactions.markers).toEqual({ 'hex-token': 3, jwt: 1 });
    // node_004's parentId and the edge written for it.
    expect(summary(b).danglingRefs).toBe(2);
  });

  it('a node without an id is kept with a positional key', () => {
    const b = fromTree([{ id: 'a' }, { id: null, parentId: 'a' }]);
    expect(b.nodes[1]).toMatchObject({ key: '#1', parent: 0 });
    expect(codes(b)).toEqual(['missing-id']);
  });
});

describe('broken files', () => {
  it('truncated tree.json: a clear message, the other files still read', () => {
    const text = JSON.stringify(makeTree(chainSpecs(20)), null, 2);
    const b = build(
      inputOf({
        'tree.json': text.slice(0, text.length / 2),
        'lessons.md': '- **Keep it small.** x [node_00001]\n',
        'evals.jsonl': '{"id":"eval_001","sourceNodeIds":["node_00002"]}\n',
      }),
    );
    expect(b.hasTree).toBe(false);
    expect(b.nodes).toEqual([]);
    expect(b.problems[0]).toMatchObject({ severity: 'error', code: 'truncated-json', file: 'tree.json' });
    expect(b.problems[0]!.message).toMatch(
      /^tree\.json: the JSON stops early \(line \d+\): the file looks truncated/,
    );
    expect(b.files.find((f) => f.name === 'tree.json')!.status).toBe('invalid');
    expect(b.lessons).toHaveLength(1);
    expect(b.evalCandidates).toHaveLength(1);
    // Without nodes, references cannot be judged: none is called dangling.
    expect(summary(b)).toMatchObject({ nodes: 0, danglingRefs: 0, lessons: 1, evalCandidates: 1 });
  });

  it.each([
    ['an array', '[1, 2, 3]'],
    ['a string', '"tree"'],
    ['null', 'null'],
    ['a number', '42'],
  ])('tree.json that is %s, not an object', (what, text) => {
    const b = build(inputOf({ 'tree.json': text }));
    expect(b.problems).toEqual([
      {
        severity: 'error',
        code: 'not-an-object',
        file: 'tree.json',
        message: `tree.json holds ${what}, not a JSON object: nothing in it can be read`,
      },
    ]);
    expect(summary(b)).toMatchObject({ nodes: 0, edges: 0, cycles: 0, schemaVersion: null });
  });

  it('invalid JSON (not truncated) names line and column', () => {
    const b = build(inputOf({ 'tree.json': '{\n  "schemaVersion": "0.3",\n  "nodes" []\n}' }));
    expect(b.problems[0]).toMatchObject({ code: 'invalid-json', line: 3 });
    expect(b.problems[0]!.message).toMatch(/^tree\.json: not valid JSON at line 3, column \d+/);
  });

  it('an empty tree.json', () => {
    const b = build(inputOf({ 'tree.json': '' }));
    expect(b.problems[0]).toMatchObject({ code: 'truncated-json' });
    expect(b.problems[0]!.message).toContain('the file is empty');
  });

  it('missing tree.json: an error; other missing files are listed as missing', () => {
    const b = build(inputOf({ 'evals.jsonl': '' }));
    expect(b.problems).toEqual([
      {
        severity: 'error',
        code: 'missing-file',
        file: 'tree.json',
        message: 'tree.json is missing: there is no prompt lineage to show',
      },
    ]);
    expect(Object.fromEntries(b.files.map((f) => [f.name, f.status]))).toEqual({
      'tree.json': 'missing',
      'failures.json': 'missing',
      'rejections.json': 'missing',
      'hallucinations.json': 'missing',
      'lessons.md': 'missing',
      'evals.jsonl': 'ok',
      'agent-memory.md': 'missing',
      'redactions.json': 'missing',
    });
  });

  it('unreadable files are errors, not crashes', () => {
    const b = build({
      files: {
        'tree.json': { status: 'error', message: 'permission denied' },
        'lessons.md': { status: 'error', message: 'EIO' },
      },
    });
    expect(b.problems.map((p) => p.message)).toEqual([
      'tree.json cannot be read: permission denied',
      'lessons.md cannot be read: EIO',
    ]);
  });

  it('fields of the wrong type and items that are not objects are reported and skipped', () => {
    const tree = makeTree([{ id: 'a' }, { id: 'b', parentId: 'a' }]);
    (tree.nodes as unknown[]).push('not a node', 7, null);
    tree.edges = { from: 'a' };
    const b = build(inputOf(bundleTexts(tree)));
    expect(b.nodes).toHaveLength(2);
    expect(b.edges).toEqual([]);
    expect(b.problems.map((p) => p.message)).toEqual([
      'tree.json: 3 nodes are not an object (position 2, 3, 4) and are skipped',
      'tree.json: "edges" is an object, not an array; it is ignored',
    ]);
  });

  it('tree.json without a nodes array', () => {
    const b = build(inputOf({ 'tree.json': '{"schemaVersion":"0.3","nodes":"none"}' }));
    expect(b.hasTree).toBe(false);
    expect(b.problems.map((p) => p.code)).toEqual(['bad-field', 'bad-field']);
  });

  it('a broken side file does not stop the rest', () => {
    const b = fromTree([{ id: 'a' }], {}, { 'failures.json': '{"failures": [', 'hallucinations.json': '[]' });
    expect(b.nodes).toHaveLength(1);
    expect(b.problems.map((p) => [p.file, p.code])).toEqual([
      ['failures.json', 'truncated-json'],
      ['hallucinations.json', 'not-an-object'],
    ]);
  });
});

describe('evals.jsonl', () => {
  it('may be empty', () => {
    const b = fromTree([{ id: 'a' }], {}, { 'evals.jsonl': '' });
    expect(b.evalCandidates).toEqual([]);
    expect(b.problems).toEqual([]);
    expect(b.files.find((f) => f.name === 'evals.jsonl')).toMatchObject({ status: 'ok', bytes: 0 });
  });

  it('bad lines are reported with their numbers; the rest load; a torn last line is named', () => {
    const text = [
      '{"id":"eval_001","sourceNodeIds":["a"]}',
      'not json',
      '',
      '[1,2]',
      '{"id":"eval_002","sourceNodeIds":["a"]}',
      '{"id":"eval_0',
    ].join('\n');
    const b = fromTree([{ id: 'a' }], {}, { 'evals.jsonl': text });
    expect(b.evalCandidates.map((e) => [e.id, e.line])).toEqual([
      ['eval_001', 1],
      ['eval_002', 5],
    ]);
    expect(b.problems.map((p) => [p.line, p.message.slice(0, 40)])).toEqual([
      [2, 'line 2 is not valid JSON: Unexpected tok'],
      [4, 'line 4 is an array, not an eval object'],
      [6, 'line 6 is not complete JSON (the last li'],
    ]);
  });

  it('evals.jsonl lines that tree.json lacks are evals too', () => {
    const b = fromTree(
      [{ id: 'a' }],
      { evalCandidates: [{ id: 'eval_001', sourceNodeIds: ['a'] }] },
      {
        'evals.jsonl': [
          { id: 'eval_001', sourceNodeIds: ['a'] },
          { id: 'eval_002', sourceNodeIds: ['a'] },
        ],
      },
    );
    expect(b.evalCandidates.map((e) => [e.id, e.origins])).toEqual([
      ['eval_001', ['tree.json', 'evals.jsonl']],
      ['eval_002', ['evals.jsonl']],
    ]);
    expect(b.nodes[0]!.refs.evals).toEqual([0, 1]);
  });
});

describe('mixed generations', () => {
  it('files whose generatedAt differs are flagged, naming them', () => {
    const b = fromTree(
      [{ id: 'a' }],
      {},
      {
        'failures.json': {
          project: { generatedAt: '2026-06-20T00:00:00.000Z' },
          failures: [],
          correctionChains: [],
        },
        'rejections.json': { project: { generatedAt: '2026-06-19T06:50:11.984Z' }, rejections: [] },
      },
    );
    expect(b.generations).toMatchObject({
      reference: '2026-06-19T06:50:11.984Z',
      mismatch: true,
      differing: ['failures.json'],
    });
    expect(summary(b).generationMismatch).toBe(true);
    expect(b.problems.find((p) => p.code === 'generation-mismatch')!.message).toContain(
      'failures.json (2026-06-20T00:00:00.000Z) against tree.json (2026-06-19T06:50:11.984Z)',
    );
  });

  it('one run: no flag', () => {
    const b = fromTree(
      [{ id: 'a' }],
      {},
      {
        'failures.json': { project: { generatedAt: '2026-06-19T06:50:11.984Z' }, failures: [] },
      },
    );
    expect(b.generations.mismatch).toBe(false);
  });
});

describe('content', () => {
  it('both hallucination spellings count, with hallucinations.json entries', () => {
    const b = fromTree(
      [
        {
          id: 'a',
          failureSignals: [
            { type: 'hallucinated_file_or_api', confidence: 0.7, evidence: 'x' },
            { type: 'scope_drift', confidence: 0.7 },
          ],
        },
        { id: 'b', parentId: 'a', failureSignals: [{ type: 'hallucinated_file_or_path', confidence: 0.9 }] },
      ],
      {},
      {
        'hallucinations.json': {
          hallucinations: [
            { category: 'hallucinated_import_or_package', reference: 'left-pad', nodeId: 'b' },
          ],
        },
      },
    );
    expect(b.hallucinations.map((h) => [h.origin, h.category, h.canonicalCategory, h.node])).toEqual([
      ['hallucinations.json', 'hallucinated_import_or_package', 'hallucinated_import_or_package', 1],
      ['failure-signal', 'hallucinated_file_or_api', 'hallucinated_file_or_path', 0],
      ['failure-signal', 'hallucinated_file_or_path', 'hallucinated_file_or_path', 1],
    ]);
    expect(b.stats.counted.signalsByType).toEqual({ hallucinated_file_or_path: 2, scope_drift: 1 });
    expect(summary(b).hallucinations).toBe(3);
  });

  it('rejections: on nodes (counted) and in rejections.json (matched, or kept apart)', () => {
    const rejection = {
      kind: 'user_interrupt',
      source: 'text',
      confidence: 1,
      toolUseId: null,
      tool: null,
      ts: 't1',
      evidence: 'stop',
    };
    const b = fromTree(
      [{ id: 'a', kind: 'rejection', rejections: [rejection, { ...rejection, ts: 't2' }] }],
      {},
      {
        'rejections.json': {
          summary: { total: 2, byKind: { user_interrupt: 2 } },
          rejections: [
            { nodeId: 'a', ...rejection },
            { nodeId: 'a', ...rejection, ts: 't3' },
          ],
        },
      },
    );
    expect(b.rejections.map((r) => [r.origin, r.ts, r.inLedger, r.node])).toEqual([
      ['node', 't1', true, 0],
      ['node', 't2', false, 0],
      ['rejections.json', 't3', false, 0],
    ]);
    expect(b.rejectionLedger).toMatchObject({ total: 2, entries: 2, matched: 1, unmatched: 1 });
    expect(summary(b)).toMatchObject({
      rejections: 2,
      rejectionsLedger: 2,
      rejectionsByKind: { user_interrupt: 2 },
    });
    expect(codes(b)).toEqual(['ledger-mismatch']);
  });

  it('unknown fields, kinds, statuses and schema versions are kept, not dropped', () => {
    const b = fromTree(
      [
        {
          id: 'a',
          kind: 'brainstorm',
          status: 'parked',
          mood: 'curious',
          actions: [{ tool: 'Edit', file: 'x', lines: 3 }],
        },
        { id: 'b', parentId: 'a', kind: 'rejection', status: 'abandoned' },
      ],
      { schemaVersion: '0.4', futureTopLevel: { x: 1 } },
    );
    expect(b.nodes[0]).toMatchObject({ kind: 'brainstorm', status: 'parked', extra: { mood: 'curious' } });
    expect(b.nodes[0]!.actions[0]!.extra).toEqual({ lines: 3 });
    expect(b.extra).toEqual({ futureTopLevel: { x: 1 } });
    expect(summary(b)).toMatchObject({
      byKind: { brainstorm: 1, rejection: 1 },
      abandoned: 1,
      abandonedBranches: 1,
    });
    expect(b.problems.map((p) => [p.severity, p.code])).toEqual([['info', 'unknown-schema-version']]);
  });

  it('declared stats that the nodes contradict are flagged', () => {
    const b = fromTree([{ id: 'a' }, { id: 'b', parentId: 'a', kind: 'correction' }], {
      stats: { prompts: 3, corrections: 1, rejections: 4 },
      analysis: { correctionChains: 2 },
    });
    expect(b.stats.mismatches).toEqual([
      { field: 'stats.prompts', declared: 3, counted: 2 },
      { field: 'stats.rejections', declared: 4, counted: 0 },
      { field: 'analysis.correctionChains', declared: 2, counted: 0 },
    ]);
  });

  it('sessions as groups: declared ones in order, then those only nodes name, then none', () => {
    const tree = makeTree([
      { id: 'a', session: 's1' },
      { id: 'b', parentId: 'a', session: 's2' },
      { id: 'c', parentId: 'b', session: 's1' },
    ]);
    (tree.sessions as unknown[]).splice(1, 1);
    (tree.nodes as Record<string, unknown>[]).push(
      makeNode({ id: 'd', parentId: 'c', session: undefined }, 3),
    );
    delete (tree.nodes as Record<string, unknown>[])[3]!.session;
    const b = build(inputOf(bundleTexts(tree)));
    expect(b.sessions.map((s) => [s.id, s.declared, s.nodes, s.roots])).toEqual([
      ['s1', true, [0, 2], [0, 2]],
      ['s2', false, [1], [1]],
      [null, false, [3], [3]],
    ]);
  });

  it('5,000 nodes in 4 sessions with abandoned branches: linear work, every count right', () => {
    const specs = chainSpecs(5000, 4);
    // A cycle among the last three and a dangling parent, for good measure.
    specs[4997]!.parentId = specs[4999]!.id;
    specs[10]!.parentId = 'node_missing';
    const b = fromTree(specs);
    const s = summary(b);
    expect(s.nodes).toBe(5000);
    expect(s.sessions).toBe(4);
    expect(s.cycles).toBe(1);
    expect(s.danglingRefs).toBe(2); // node_00011's parentId, and its edge from node_missing
    expect(s.abandoned).toBe(specs.filter((n) => n.status === 'abandoned').length);
    expect(b.roots).toEqual([0, 10, 4997]);
    expect(Math.max(...b.nodes.map((n) => n.depth))).toBe(4986);
  });
});
