import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  REPORT_PATH,
  fixtureJsonl,
  setPath,
  validFixture,
  type TraceFixture,
} from '../../../src-shared/formats/step-trace/testing/trace-fixture';
import { createNodeTraceContent } from './node-trace-content';
import { isStepTraceFile } from './sniff-step-trace';
import { validateStepTraceFile } from './validate-step-trace-file';

let tmp: string;
let traceDir: string;
let outside: string;

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'step-trace-'));
  traceDir = path.join(tmp, 'run');
  outside = path.join(tmp, 'secret.txt');
  await mkdir(path.join(traceDir, 'evidence'), { recursive: true });
  await writeFile(outside, 'top secret');
});

afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function writeFixture(f: TraceFixture): Promise<string> {
  for (const [rel, text] of f.files) {
    await mkdir(path.dirname(path.join(traceDir, rel)), { recursive: true });
    await writeFile(path.join(traceDir, rel), text);
  }
  const trace = path.join(traceDir, 'trace.jsonl');
  await writeFile(trace, fixtureJsonl(f));
  return trace;
}

describe('createNodeTraceContent', () => {
  it('reads a file inside the folder and hashes it with SHA-256', async () => {
    await writeFile(path.join(traceDir, 'evidence', 'a.txt'), 'hello');
    const access = createNodeTraceContent(traceDir);
    const read = await access.readFile('evidence/a.txt');
    expect(read.status).toBe('ok');
    if (read.status !== 'ok') return;
    expect(new TextDecoder().decode(read.bytes)).toBe('hello');
    expect(await access.sha256(read.bytes)).toBe(createHash('sha256').update('hello').digest('hex'));
  });

  it('says missing for no file and for a folder', async () => {
    const access = createNodeTraceContent(traceDir);
    expect(await access.readFile('evidence/none.txt')).toEqual({
      status: 'missing',
      reason: 'no such file or folder',
    });
    expect(await access.readFile('evidence')).toEqual({ status: 'missing', reason: 'not a regular file' });
  });

  it('refuses .., absolute paths and the folder itself even when the caller did not normalise', async () => {
    const access = createNodeTraceContent(traceDir);
    expect((await access.readFile('../secret.txt')).status).toBe('escape');
    expect((await access.readFile('evidence/../../secret.txt')).status).toBe('escape');
    expect((await access.readFile(outside)).status).toBe('escape');
    expect((await access.readFile('.')).status).toBe('escape');
  });

  it('refuses a symlink, or a symlinked folder, that leads outside', async () => {
    await symlink(outside, path.join(traceDir, 'evidence', 'link.txt'));
    await symlink(tmp, path.join(traceDir, 'up'));
    const access = createNodeTraceContent(traceDir);
    const viaFile = await access.readFile('evidence/link.txt');
    expect(viaFile).toEqual({
      status: 'escape',
      reason: expect.stringContaining('outside the trace folder'),
    });
    expect((await access.readFile('up/secret.txt')).status).toBe('escape');
  });

  it('follows a symlink that stays inside, and works when the trace folder is itself a link', async () => {
    await writeFile(path.join(traceDir, 'evidence', 'a.txt'), 'hello');
    await symlink(path.join(traceDir, 'evidence', 'a.txt'), path.join(traceDir, 'alias.txt'));
    await symlink(traceDir, path.join(tmp, 'run-link'));
    expect((await createNodeTraceContent(traceDir).readFile('alias.txt')).status).toBe('ok');
    const viaLink = createNodeTraceContent(path.join(tmp, 'run-link'));
    expect((await viaLink.readFile('evidence/a.txt')).status).toBe('ok');
  });
});

describe('validateStepTraceFile', () => {
  it('validates a trace and its evidence on disk', async () => {
    const trace = await writeFixture(await validFixture());
    expect(await validateStepTraceFile(trace)).toMatchObject({ verdict: 'valid', violations: [] });
  });

  it('reports an evidence file that is a symlink out of the folder as path_escape', async () => {
    const f = await validFixture();
    const trace = await writeFixture(f);
    await rm(path.join(traceDir, REPORT_PATH));
    await symlink(outside, path.join(traceDir, REPORT_PATH));
    const report = await validateStepTraceFile(trace);
    expect(report.verdict).toBe('invalid');
    expect(report.violations).toMatchObject([
      { line: 5, idx: 4, field: 'evidence.content_path', rule: 'path_escape' },
    ]);
  });

  it('reports a missing evidence file as content_missing', async () => {
    const f = await validFixture();
    setPath(f.events[3]!, 'evidence.content_path', 'evidence/gone.txt');
    const report = await validateStepTraceFile(await writeFixture(f));
    expect(report.violations.map((v) => v.rule)).toEqual(['content_missing']);
  });

  it('throws when the trace itself cannot be read', async () => {
    await expect(validateStepTraceFile(path.join(traceDir, 'nope.jsonl'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});

describe('isStepTraceFile', () => {
  it('recognises a step trace by its first non-blank line, not a sciagent log', async () => {
    const trace = await writeFixture(await validFixture());
    expect(await isStepTraceFile(trace)).toBe(true);
    const headerless = path.join(tmp, 'headerless.jsonl');
    await writeFile(headerless, '\n\r\n{"idx": 1, "kind": "step_started", "step_id": "s"}');
    expect(await isStepTraceFile(headerless)).toBe(true);
    const sciagent = path.join(tmp, 'provenance.jsonl');
    await writeFile(sciagent, '{"schema_version": "2", "event_id": "a", "event_kind": "tool_call"}\n');
    expect(await isStepTraceFile(sciagent)).toBe(false);
    expect(await isStepTraceFile(path.join(tmp, 'missing.jsonl'))).toBe(false);
    const empty = path.join(tmp, 'empty.jsonl');
    await writeFile(empty, '');
    expect(await isStepTraceFile(empty)).toBe(false);
  });
});
