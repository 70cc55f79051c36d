/**
 * Process-level tests of `lineage-explorer inspect`: the built CLI (bin/lineage-explorer.js, run
 * `npm run build` first) is spawned as a child process and its output is held to golden files.
 *
 * The goldens (fixtures/expected/<name>.json) are written by an independent Python reader of the
 * same reading rules, scripts/reference/sciagent_reference.py, from the fixtures that
 * scripts/reference/make_fixtures.py generates (regenerate with
 * scripts/reference/regenerate_expected.sh). Nothing here reads outside the project.
 */
import { createHash } from 'node:crypto';
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, runCli, type CliRun as Run } from './test-support/run-cli-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = REPO_ROOT;
const FIXTURES = path.join(ROOT, 'src-main', 'cli', 'fixtures');
const EXPECTED = path.join(FIXTURES, 'expected');
/** The human form lists this many problems (by line number), then "… and N more". */
const SHOWN_PROBLEMS = 8;

// No PATH means "the sciagent home": never let the machine's own ~/.sciagent leak in.
const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  runCli(args, { env: { SCIAGENT_HOME: path.join(ROOT, 'no-such-sciagent-home'), ...env } });

interface Job {
  jobId: string;
  launches: number;
  status: string | null;
  artifacts: number;
}

interface Summary {
  source: string;
  sessionId: string;
  path?: string;
  events: number;
  parseErrors: number;
  invalid: number;
  unsupported: number;
  duplicates: number;
  byKind: Record<string, number>;
  toolCalls: { total: number; unmatched: number };
  jobs: Job[];
  artifacts: number;
  verifications: { verified: number; refuted: number; insufficient: number; warning: number };
  corrections: { applied: number; dangling: number };
  truncatedFields: number;
  childSessions: string[];
  cost: { usd: number; source: string } | null;
  /** Only in the goldens: where the reference saw problems. */
  _reference?: { parseErrorLines: number[]; problemLines: number[] };
}

/** The contract fields of one session summary (everything but graph and path). */
function contract(s: Summary) {
  return {
    source: s.source,
    sessionId: s.sessionId,
    events: s.events,
    parseErrors: s.parseErrors,
    invalid: s.invalid,
    unsupported: s.unsupported,
    duplicates: s.duplicates,
    byKind: s.byKind,
    toolCalls: s.toolCalls,
    jobs: s.jobs.map((j) => ({
      jobId: j.jobId,
      launches: j.launches,
      status: j.status,
      artifacts: j.artifacts,
    })),
    artifacts: s.artifacts,
    verifications: s.verifications,
    corrections: s.corrections,
    truncatedFields: s.truncatedFields,
    childSessions: s.childSessions,
    // Sums of floats: equal to 1e-9 is equal.
    cost: s.cost === null ? null : { usd: Math.round(s.cost.usd * 1e9) / 1e9, source: s.cost.source },
  };
}

const bySession = (a: Summary, b: Summary) =>
  a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0;

async function inspectJson(target: string): Promise<{ run: Run; sessions: Summary[] }> {
  const result = await run(['inspect', target, '--json']);
  const sessions = (JSON.parse(result.stdout) as Summary[]).sort(bySession);
  return { run: result, sessions };
}

async function golden(name: string): Promise<Summary[]> {
  return (JSON.parse(await readFile(path.join(EXPECTED, `${name}.json`), 'utf8')) as Summary[]).sort(
    bySession,
  );
}

const fixtureNames = (await readdir(FIXTURES, { withFileTypes: true }))
  .filter((e) => e.isDirectory() && e.name !== 'expected')
  .map((e) => e.name)
  .sort();

beforeAll(async () => {
  await stat(path.join(ROOT, 'out', 'main', 'cli.js')).catch(() => {
    throw new Error('the CLI is not built: run `npm run build` before these tests');
  });
});

describe('inspect --json matches the independent reference on every fixture', () => {
  it('has a golden for every fixture and a fixture for every golden', async () => {
    const goldens = (await readdir(EXPECTED)).map((f) => f.replace(/\.json$/, '')).sort();
    expect(goldens).toEqual(fixtureNames);
  });

  it.each(fixtureNames)('%s', async (name) => {
    const dir = path.join(FIXTURES, name);
    const { run: result, sessions } = await inspectJson(dir);
    const expected = await golden(name);
    expect(result.code, result.stderr).toBe(0);
    expect(sessions.map((s) => s.sessionId)).toEqual(expected.map((s) => s.sessionId));
    for (const [i, want] of expected.entries()) {
      const got = sessions[i]!;
      expect(contract(got), `${name}/${want.sessionId}`).toEqual(contract(want));
      expect(path.isAbsolute(got.path ?? '')).toBe(true);
      expect(got.path!.endsWith(path.join(want.sessionId, 'provenance.jsonl'))).toBe(true);
    }
    if (expected.length === 0) {
      expect(result.stdout.trim()).toBe('[]');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(name);
    }
  });

  it('reads a provenance.jsonl given as a file like its session folder', async () => {
    const { run: result, sessions } = await inspectJson(
      path.join(FIXTURES, 'torn-glued', 'provenance.jsonl'),
    );
    expect(result.code).toBe(0);
    expect(sessions.map(contract)).toEqual((await golden('torn-glued')).map(contract));
  });
});

describe('inspect (human output)', () => {
  it.each(fixtureNames)('%s names each session and its parse-error lines', async (name) => {
    const expected = await golden(name);
    const result = await run(['inspect', path.join(FIXTURES, name)]);
    expect(result.code, result.stderr).toBe(0);
    for (const s of expected) {
      expect(result.stdout).toContain(`sciagent session ${s.sessionId}`);
      const ref = s._reference!;
      const shown = ref.problemLines.slice(0, SHOWN_PROBLEMS);
      for (const lineNo of ref.parseErrorLines.filter((l) => shown.includes(l)))
        expect(result.stdout, `${name}: parse error on line ${lineNo}`).toMatch(
          new RegExp(`\\bline ${lineNo}\\b`),
        );
      if (ref.problemLines.length > SHOWN_PROBLEMS) expect(result.stdout).toMatch(/more/);
    }
  });
});

describe('inspect exit codes', () => {
  const oneLine = (text: string) => text.trimEnd().split('\n');

  it('exits 2 with one stderr line naming a missing path', async () => {
    const missing = path.join(os.tmpdir(), 'lineage-explorer-no-such-path', 'provenance.jsonl');
    const result = await run(['inspect', missing, '--json']);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain(missing);
  });

  it('exits 2 for a path that cannot be read (a file used as a folder)', async () => {
    const bad = path.join(FIXTURES, 'empty-file', 'provenance.jsonl', 'x');
    const result = await run(['inspect', bad]);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain(bad);
  });

  it('exits 2 for an unknown flag, with one stderr line naming it', async () => {
    const result = await run(['inspect', path.join(FIXTURES, 'jobs'), '--bogus']);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain('--bogus');
    expect(result.stdout).toBe('');
  });

  it('exits 2 with one stderr line when no PATH is given', async () => {
    for (const args of [['inspect'], ['inspect', '--json']]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(oneLine(result.stderr)).toHaveLength(1);
      expect(result.stderr).toMatch(/PATH/);
      expect(result.stdout).toBe('');
    }
  });

  it('with no PATH reads the sciagent home from --home or SCIAGENT_HOME', async () => {
    const home = path.join(FIXTURES, 'corpus-home');
    const viaFlag = await run(['inspect', '--home', home, '--json']);
    const viaEnv = await run(['inspect', '--json'], { SCIAGENT_HOME: home });
    expect(viaFlag.code).toBe(0);
    expect(viaEnv.code).toBe(0);
    const ids = (JSON.parse(viaFlag.stdout) as Summary[]).map((s) => s.sessionId);
    expect(ids).toEqual(['e2e-sess', 'lineage-test', 'writer-edge-cases']);
    expect(viaEnv.stdout).toBe(viaFlag.stdout);
  });

  it('still reports the readable paths when one of several is missing, and exits 2', async () => {
    const missing = path.join(FIXTURES, 'no-such-fixture');
    const result = await run(['inspect', path.join(FIXTURES, 'jobs'), missing, '--json']);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain(missing);
    const sessions = JSON.parse(result.stdout) as Summary[];
    expect(sessions.map(contract)).toEqual((await golden('jobs')).map(contract));
  });

  it('exits 0 for an empty temp folder', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'le-inspect-empty-'));
    try {
      const result = await run(['inspect', dir, '--json']);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const event = (id: string, kind: string, seq: number, fields: Record<string, unknown> = {}) =>
  JSON.stringify({ schema_version: '2', event_id: id, event_kind: kind, session_id: 'tmp', seq, ...fields });

describe('inspect on real temp files', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'le-inspect-'));
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  async function session(name: string, content: string | Buffer): Promise<string> {
    const dir = path.join(tmp, name);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'provenance.jsonl'), content);
    return dir;
  }

  const TEN_MB = 10 * 1024 * 1024;

  it('reads a single 10 MB line without a newline', async () => {
    const dir = await session(
      'one-big-line',
      event('big', 'tool_result', 1, { tool_call_id: 'k', output_summary: 'x'.repeat(TEN_MB) }),
    );
    const { run: result, sessions } = await inspectJson(dir);
    expect(result.code, result.stderr).toBe(0);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.events).toBe(1);
    expect(sessions[0]!.parseErrors).toBe(0);
    expect(sessions[0]!.byKind).toEqual({ tool_result: 1 });
  });

  it('reads 10 MB lines: an event, a torn fragment glued to an event, garbage', async () => {
    const big = event('big', 'tool_result', 2, { tool_call_id: 'k1', output_summary: 'x'.repeat(TEN_MB) });
    const lines = [
      event('b1', 'tool_call', 1, { tool_call_id: 'k1' }),
      big,
      big.slice(0, -5000) + event('b3', 'tool_call', 3, { tool_call_id: 'k2' }),
      'y'.repeat(TEN_MB),
      event('b4', 'tool_result', 4, { tool_call_id: 'k2' }),
    ];
    const dir = await session('big-lines', lines.join('\n'));
    const { run: result, sessions } = await inspectJson(dir);
    expect(result.code, result.stderr).toBe(0);
    const s = sessions[0]!;
    expect([s.events, s.parseErrors, s.invalid, s.duplicates]).toEqual([4, 2, 0, 0]);
    expect(s.toolCalls).toEqual({ total: 2, unmatched: 0 });
    const human = await run(['inspect', dir]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/\bline 3\b/);
    expect(human.stdout).toMatch(/\bline 4\b/);
  });

  it('reads a log that is appended to while it is read', async () => {
    const initial = 20_000;
    const lines: string[] = [];
    for (let i = 1; i <= initial; i++)
      lines.push(event(`e-${i}`, i % 2 ? 'tool_call' : 'tool_result', i, { tool_call_id: `k-${i >> 1}` }));
    const dir = await session('appended', lines.join('\n') + '\n');
    const log = path.join(dir, 'provenance.jsonl');

    let done = false;
    const reading = inspectJson(dir).finally(() => {
      done = true;
    });
    // Whole lines, one write each, with their own ids, until the reader is done (bounded).
    let appended = 0;
    while (!done && appended < 20_000) {
      appended++;
      await appendFile(
        log,
        event(`a-${appended}`, 'tool_call', initial + appended, { tool_call_id: `a-${appended}` }) + '\n',
      );
    }
    const { run: result, sessions } = await reading;
    expect(result.code, result.stderr).toBe(0);
    expect(sessions).toHaveLength(1);
    const s = sessions[0]!;
    // One-shot reading: some prefix of the growing file, whole lines plus at most one torn last line.
    expect(s.events).toBeGreaterThanOrEqual(initial);
    expect(s.events).toBeLessThanOrEqual(initial + appended);
    expect(s.parseErrors).toBeLessThanOrEqual(1);
    expect([s.invalid, s.unsupported, s.duplicates]).toEqual([0, 0, 0]);
    expect(s.byKind.tool_result).toBe(initial / 2);
    // The appender's lines are all there: the reader did not truncate or rewrite the file.
    const text = await readFile(log, 'utf8');
    expect(text.split('\n').filter(Boolean)).toHaveLength(initial + appended);
  });
});

describe('inspect on many events that share one key', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'le-inspect-many-'));
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  // A cluster job is one job_id with many launches; nothing in the rules bounds how many.
  it('reads a cluster job with 130 000 launches', async () => {
    const n = 130_000;
    const lines: string[] = [];
    for (let i = 1; i <= n; i++)
      lines.push(event(`l-${i}`, 'compute_job_launched', i, { job_id: 'cluster' }));
    const dir = path.join(tmp, 'many-launches');
    await mkdir(dir);
    await writeFile(path.join(dir, 'provenance.jsonl'), lines.join('\n') + '\n');
    const { run: result, sessions } = await inspectJson(dir);
    expect(result.code, result.stderr).toBe(0);
    expect(sessions[0]!.events).toBe(n);
    expect(sessions[0]!.jobs.map((j) => [j.jobId, j.launches])).toEqual([['cluster', n]]);
  });
});

describe('inspect never modifies what it reads', () => {
  async function snapshot(root: string): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          out[path.relative(root, full) + '/'] = 'dir';
          await walk(full);
        } else {
          const info = await stat(full);
          const hash = createHash('sha256')
            .update(await readFile(full))
            .digest('hex');
          out[path.relative(root, full)] = `${info.mtimeMs} ${info.size} ${hash}`;
        }
      }
    };
    await walk(root);
    return out;
  }

  it.each(['corpus-home', 'real-sessions'])(
    '%s: same files, mtimes and contents after inspect',
    async (name) => {
      const root = path.join(FIXTURES, name);
      const before = await snapshot(root);
      expect(Object.keys(before).length).toBeGreaterThan(0);
      expect((await run(['inspect', root, '--json'])).code).toBe(0);
      expect((await run(['inspect', root])).code).toBe(0);
      for (const session of await readdir(path.join(root, name === 'corpus-home' ? 'sessions' : '.')))
        await run(['inspect', path.join(root, name === 'corpus-home' ? 'sessions' : '.', session)]);
      expect(await snapshot(root)).toEqual(before);
    },
  );
});
