/**
 * `validate` (and `inspect` on a step trace) run as the built command, as a user runs it:
 * `node bin/lineage-explorer.js …` on real files in temp folders. Needs `npm run build` first
 * (`npm test` does it).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, runCliSync, type CliRun } from './test-support/run-cli-process';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  REPORT_PATH,
  deletePath,
  fixtureJsonl,
  setPath,
  validFixture,
  type TraceFixture,
} from '../../src-shared/formats/step-trace/testing/trace-fixture';

const repoRoot = REPO_ROOT;

type Run = CliRun;
const cli = (...args: string[]): Run => runCliSync(args, { cwd: tmp });

function json(run: Run): { verdict: string; violations: Array<Record<string, unknown>> } {
  return JSON.parse(run.stdout) as { verdict: string; violations: Array<Record<string, unknown>> };
}

let tmp: string;
let f: TraceFixture;

async function writeTrace(fixture: TraceFixture = f, name = 'trace.jsonl'): Promise<string> {
  for (const [rel, text] of fixture.files) {
    await mkdir(path.dirname(path.join(tmp, rel)), { recursive: true });
    await writeFile(path.join(tmp, rel), text);
  }
  const trace = path.join(tmp, name);
  await writeFile(trace, fixtureJsonl(fixture));
  return trace;
}

beforeAll(() => {
  if (!existsSync(path.join(repoRoot, 'out', 'main', 'cli.js')))
    throw new Error('the CLI is not built: run `npm run build` first');
});

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'validate-cli-'));
  f = await validFixture();
});

afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('lineage-explorer validate', () => {
  it('exits 0 for a valid trace, with a readable verdict line and as JSON', async () => {
    const trace = await writeTrace();
    const readable = cli('validate', trace);
    expect(readable.code).toBe(0);
    expect(readable.stdout.trim()).toBe(`${trace}: valid · 8 events, 2 steps, 1 claim, 1 evidence`);
    const asJson = cli('validate', trace, '--json');
    expect(asJson.code).toBe(0);
    expect(JSON.parse(asJson.stdout)).toEqual({ verdict: 'valid', violations: [] });
  });

  it('exits 1 for an invalid trace and lists every violation, one line each', async () => {
    setPath(f.events[2]!, 'result.call_id', 'c404');
    setPath(f.events[3]!, 'evidence.span', [0, 1000]);
    setPath(f.events[4]!, 'output.type', 'celebrate');
    setPath(f.events[6]!, 'claim.supports.0.snippet_sha256', 'f'.repeat(64));
    setPath(f.events[6]!, 'claim.supports.1', {
      evidence_id: 'e9',
      span: [0, 1],
      snippet_sha256: 'a'.repeat(64),
    });
    setPath(f.events[7]!, 'idx', 2);
    const trace = await writeTrace();
    const run = cli('validate', trace, '--json');
    expect(run.code).toBe(1);
    const out = json(run);
    expect(out.verdict).toBe('invalid');
    expect(out.violations.map((v) => [v['line'], v['idx'], v['field'], v['rule']])).toEqual([
      [4, 3, 'result.call_id', 'call_result_mismatch'],
      [5, 4, 'evidence.span', 'span_out_of_bounds'],
      [6, 5, 'output.type', 'unknown_output_type'],
      [8, 7, 'claim.supports[0].snippet_sha256', 'hash_mismatch'],
      [8, 7, 'claim.supports[1].evidence_id', 'unknown_evidence'],
      [9, 2, 'idx', 'idx_not_increasing'],
    ]);
    for (const v of out.violations)
      expect(Object.keys(v)).toEqual(['line', 'idx', 'field', 'rule', 'message']);

    const readable = cli('validate', trace);
    expect(readable.code).toBe(1);
    const lines = readable.stdout.trim().split('\n');
    expect(lines[0]).toBe(`${trace}: invalid (6 violations) · 8 events, 2 steps, 1 claim, 1 evidence`);
    expect(lines.slice(1)).toHaveLength(6);
    expect(lines[1]).toMatch(/^ {2}line 4 \(idx 3\): call_result_mismatch result\.call_id — /);
  });

  it('exits 1 for a rejected trace: unknown kind, missing field, bad JSON, version', async () => {
    deletePath(f.events[3]!, 'evidence.chunk_id');
    f.events.push({ idx: 9, kind: 'plan_revised', step_id: 's3' });
    const trace = await writeTrace();
    const run = cli('validate', trace, '--json');
    expect(run.code).toBe(1);
    expect(json(run).verdict).toBe('rejected');
    expect(json(run).violations.map((v) => [v['line'], v['rule'], v['field']])).toEqual([
      [5, 'missing_field', 'evidence.chunk_id'],
      [10, 'unknown_kind', 'kind'],
    ]);

    const bad = path.join(tmp, 'bad.jsonl');
    await writeFile(
      bad,
      '{"trace_schema_version": 2}\n\n{"idx": 1, "kind": "step_started", "step_id": "s"\n',
    );
    const badRun = cli('validate', bad, '--json');
    expect(badRun.code).toBe(1);
    expect(json(badRun)).toMatchObject({
      verdict: 'rejected',
      violations: [
        { line: 1, idx: null, field: 'trace_schema_version', rule: 'unsupported_version' },
        { line: 3, idx: null, field: null, rule: 'parse_error' },
      ],
    });
  });

  it('reports a missing evidence file and a symlink out of the folder', async () => {
    const trace = await writeTrace();
    await rm(path.join(tmp, REPORT_PATH));
    const missing = cli('validate', trace, '--json');
    expect(missing.code).toBe(1);
    expect(json(missing).violations.map((v) => v['rule'])).toEqual(['content_missing']);

    // A file beside the trace's folder, not in it: the link leads out.
    const secret = path.join(os.tmpdir(), `${path.basename(tmp)}-secret.txt`);
    await writeFile(secret, 'secret');
    await symlink(secret, path.join(tmp, REPORT_PATH));
    try {
      const escaped = cli('validate', trace, '--json');
      expect(escaped.code).toBe(1);
      expect(json(escaped)).toMatchObject({
        verdict: 'invalid',
        violations: [{ line: 5, idx: 4, field: 'evidence.content_path', rule: 'path_escape' }],
      });
    } finally {
      await rm(secret, { force: true });
    }
  });

  it('reports a content_path with .. as a path escape', async () => {
    setPath(f.events[3]!, 'evidence.content_path', '../../etc/passwd');
    const run = cli('validate', await writeTrace(), '--json');
    expect(run.code).toBe(1);
    expect(json(run).violations.map((v) => v['rule'])).toEqual(['path_escape']);
  });

  it('exits 2 with one line naming the path when the trace cannot be read, and on usage errors', async () => {
    const missing = path.join(tmp, 'nope.jsonl');
    const run = cli('validate', missing);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      `lineage-explorer: cannot read ${missing}: no such file or folder`,
    ]);

    const folder = cli('validate', tmp);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain(tmp);

    expect(cli('validate').code).toBe(2);
    expect(cli('validate', 'a.jsonl', 'b.jsonl').code).toBe(2);
    expect(cli('validate', '--nope', 'a.jsonl').code).toBe(2);
  });

  it('lists validate in the usage', () => {
    expect(cli('--help').stdout).toContain('lineage-explorer validate TRACE [--json]');
  });
});

describe('lineage-explorer inspect on a step trace', () => {
  it('recognises the trace by content and prints its verdict beside sciagent sessions', async () => {
    setPath(f.events[4]!, 'output.type', 'celebrate');
    const trace = await writeTrace(f, 'run.log');
    const session = path.join(tmp, 'sess', 'provenance.jsonl');
    await mkdir(path.dirname(session));
    await writeFile(
      session,
      '{"schema_version": "2", "event_id": "a", "event_kind": "tool_call", "seq": 1, "session_id": "sess"}\n',
    );
    const run = cli('inspect', trace, session, '--json');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Array<Record<string, unknown>>;
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual({
      source: 'step-trace',
      path: trace,
      verdict: 'invalid',
      violations: [
        {
          line: 6,
          idx: 5,
          field: 'output.type',
          rule: 'unknown_output_type',
          message: 'unknown output type "celebrate"',
        },
      ],
      steps: 2,
      claims: 1,
      evidence: 1,
    });
    expect(out[1]).toMatchObject({ source: 'sciagent', sessionId: 'sess', events: 1 });

    const readable = cli('inspect', trace);
    expect(readable.code).toBe(0);
    expect(readable.stdout).toContain(`step trace ${trace}\n  invalid (1 violation)`);
    expect(readable.stdout).toContain('line 6 (idx 5): unknown_output_type output.type');
  });

  it('recognises a headerless trace whose first event is a step kind', async () => {
    f.header = null;
    setPath(f.events[0]!, 'trace_schema_version', 1);
    const run = cli('inspect', await writeTrace(), '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject([{ source: 'step-trace', verdict: 'valid' }]);
  });
});
