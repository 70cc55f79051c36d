// The bench's given inputs (`--log`, `--home`): what the scenarios are told about a reviewer's own
// sessions. Real files in a temp folder; `inspect` is the built CLI (npm test builds first).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { describeLog, homeLogs, optionList, replayLines } from './given-inputs.mjs';

const REAL = fileURLToPath(
  new URL('../src-shared/lineage/sciagent/fixtures/real-42d50babf77e.jsonl', import.meta.url),
);
const dir = mkdtempSync(path.join(os.tmpdir(), 'le-bench-given-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('given inputs', () => {
  it('takes --log and --home values, given once or more, comma-separated', () => {
    const argv = ['node', 'run.mjs', '--log=a.jsonl,b.jsonl', '--only=open', '--log=c.jsonl', '--home=h'];
    expect(optionList(argv, 'log')).toEqual(['a.jsonl', 'b.jsonl', 'c.jsonl'].map((p) => path.resolve(p)));
    expect(optionList(argv, 'home')).toEqual([path.resolve('h')]);
    expect(optionList(argv, 'bundle')).toEqual([]);
  });

  it("describes a real log with the app's own count, its last seq and a session id of its own", () => {
    const session = path.join(dir, 'sessions', '42d50babf77e');
    mkdirSync(session, { recursive: true });
    const file = path.join(session, 'provenance.jsonl');
    copyFileSync(REAL, file);
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const d = describeLog(file, 0);
    expect(d.events).toBe(lines.length);
    expect(d.lastSeq).toBe(JSON.parse(lines.at(-1)).seq);
    expect(d.logSessionId).toBe('42d50babf77e');
    expect(d.sessionId).toBe('given1-42d50babf77e');
    // A torn last line (a writer mid-append) is not an event, and the last seq is the one before.
    writeFileSync(file, `${lines.join('\n')}\n{"event_kind": "tool_ca`);
    const torn = describeLog(file, 1);
    expect(torn.events).toBe(lines.length);
    expect(torn.lastSeq).toBe(JSON.parse(lines.at(-1)).seq);
    expect(homeLogs(dir)).toEqual([file]);
  });

  it('splits a log for a live replay: its last lines appended, each with its seq', () => {
    const lines = readFileSync(REAL, 'utf8').split('\n').filter(Boolean);
    const r = replayLines(REAL, 10);
    expect(r.base).toEqual(lines.slice(0, -10));
    expect(r.appended).toEqual(lines.slice(-10));
    expect(r.seqs).toEqual(lines.slice(-10).map((l) => JSON.parse(l).seq));
    expect(r.by).toBe('seq');
    // Never more than half of the log is appended: the session must be there before it grows.
    expect(replayLines(REAL, 10_000).appended).toHaveLength(Math.floor(lines.length / 2));
  });

  it("times a log whose seqs repeat (two processes writing) by the page's event count", () => {
    const lines = readFileSync(REAL, 'utf8').split('\n').filter(Boolean);
    // The second half written by a second process, its seq counter starting again at 1.
    const half = Math.floor(lines.length / 2);
    const renumbered = lines.map((l, i) =>
      JSON.stringify({ ...JSON.parse(l), seq: i < half ? i + 1 : i - half + 1 }),
    );
    const file = path.join(dir, 'two-writers.jsonl');
    writeFileSync(file, renumbered.join('\n') + '\n');
    expect(replayLines(file, 10).by).toBe('count');
  });

  it('says what is wrong with a path that is not a sciagent log or home', () => {
    expect(() => describeLog(path.join(dir, 'missing.jsonl'), 0)).toThrow(/no such file/);
    expect(() => homeLogs(path.join(dir, 'sessions'))).toThrow(/no sessions\/ folder/);
  });
});
