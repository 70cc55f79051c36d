/**
 * Process-level tests of `lineage-explorer compare` (the built CLI: run `npm run build` first)
 * on real logs copied from the corpus and a small log built to hold a verdict flip and a
 * correction (src-shared/lineage/compare/fixtures/).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from './test-support/run-cli-process';
import type { CompareResult } from '../../src-shared/lineage/compare/compare-types';

const ROOT = REPO_ROOT;
const FIXTURES = path.join(ROOT, 'src-shared', 'lineage', 'compare', 'fixtures');
const fx = (name: string) => path.join(FIXTURES, name);

const run = (args: string[]) => runCli(args);

describe('lineage-explorer compare', () => {
  it('prints the summary and the aligned steps of one log at two seqs', async () => {
    const log = fx('flip-sess.jsonl');
    const { code, stdout, stderr } = await run(['compare', `${log}@6`, `${log}@9`]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^A: flip-sess@6 {2}6 events, 5 nodes, 4 edges {2}\(cut after line 6\)/);
    expect(lines[1]).toMatch(/^B: flip-sess@9 {2}9 events/);
    expect(stdout).toContain('nodes: +1 −0 ~2   edges: +1 −0   verdict flips: 2   corrections: +1 −0');
    expect(stdout).toContain('steps: 5 unchanged, 1 changed, 3 added, 0 removed');
    expect(stdout).toContain(
      '  … 5 unchanged steps (seq 1–5)\n  ~ seq 6 → 6  verification_result data on file /out/fit.csv: insufficient  [verified → insufficient; corrected]',
    );
    expect(stdout).toContain('  + seq 9  correction of verdict');
    expect(stdout).toContain('  artifact /out/fit.csv: verified → refuted');
    expect(stdout).toContain('  + e9 on data: insufficient: verdict (the first check read a stale file)');
  });

  it('--json: the whole comparison of two sessions', async () => {
    const { code, stdout } = await run([
      'compare',
      fx('real-42d50babf77e.jsonl'),
      fx('real-3326ebef62bf.jsonl'),
      '--json',
    ]);
    expect(code).toBe(0);
    const r = JSON.parse(stdout) as CompareResult;
    expect(r.mode).toBe('two-sessions');
    expect(r.a).toMatchObject({
      sessionId: 'real-42d50babf77e',
      events: 54,
      uptoSeq: null,
      cut: { lineNo: null },
    });
    expect(r.b).toMatchObject({ sessionId: 'real-3326ebef62bf', events: 29 });
    expect(r.summary.verdictFlips).toBe(1);
    expect(r.verdictFlips[0]).toMatchObject({ before: 'insufficient', after: 'verified' });
    expect(r.steps.blocks.some((b) => b.type === 'unchanged')).toBe(true);
  });

  it('reads a session folder; identical sides collapse into one run', async () => {
    const folder = path.join(ROOT, 'e2e', 'fixtures', 'home-sessions', '88753ff4b751');
    const { code, stdout } = await run(['compare', folder, `${folder}@92`]);
    expect(code).toBe(0);
    expect(stdout).toContain('A: 88753ff4b751@end  92 events');
    expect(stdout).toContain('nodes: +0 −0 ~0   edges: +0 −0   verdict flips: 0   corrections: +0 −0');
    expect(stdout.split('Steps:\n')[1]!.trim()).toBe('… 92 unchanged steps (seq 1–92)');
  });

  it('an @ that is not followed by a seq belongs to the path', async () => {
    const { code, stderr } = await run(['compare', path.join(FIXTURES, 'no@such'), fx('flip-sess.jsonl')]);
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      `lineage-explorer: cannot read ${path.join(FIXTURES, 'no@such')}: no such file or folder`,
    );
  });

  it('exits 2 with a usage line when a side is missing', async () => {
    const { code, stderr } = await run(['compare', fx('flip-sess.jsonl')]);
    expect(code).toBe(2);
    expect(stderr).toContain('give LOG_A[@SEQ] LOG_B[@SEQ]');
  });
});
