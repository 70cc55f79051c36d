import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverHome, resolveHomeDir } from './sciagent-home';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'le-home-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function put(rel: string, text: string) {
  await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
  await writeFile(path.join(root, rel), text);
}

describe('sciagent home discovery', () => {
  it('finds sessions, task manifests with their defaults, and subagent checkpoints', async () => {
    await put('sessions/abc123/provenance.jsonl', '{}\n');
    await put(
      'sessions/only-subagents/subagents/task-1/checkpoint.jsonl',
      '{"iteration":1}\n{"iteration":2}\n{"iter',
    );
    await put(
      'sessions/only-subagents/subagents/task-1/meta.json',
      JSON.stringify({ agent_name: 'explore', child_session_id: 'kid' }),
    );
    await put('sessions/only-subagents/subagents/task-1/agent_state.json', '{}');
    await put('tasks/j-old.json', JSON.stringify({ job_id: 'j-old' }));
    await put('tasks/sub.json', JSON.stringify({ kind: 'subagent', state: 'crashed', session_id: 'abc123' }));
    await put('tasks/.sub.tmp123.json', '{"half": ');
    await put('tasks/broken.json', '{"half": ');

    const home = await discoverHome(root);
    expect(home.sessions.map((s) => [s.sessionId, s.logPath !== null])).toEqual([
      ['abc123', true],
      ['only-subagents', false],
    ]);
    const sub = home.sessions[1]!.subagents[0]!;
    expect(sub).toMatchObject({
      taskId: 'task-1',
      iterations: 2,
      tornLines: 1,
      childSessionId: 'kid',
      hasAgentState: true,
    });
    expect(home.tasks.map((t) => [t.taskId, t.kind, t.state, t.sessionId])).toEqual([
      ['j-old', 'compute_job', 'running', null],
      ['sub', 'subagent', 'crashed', 'abc123'],
    ]);
    // The temp file is not a manifest; the broken manifest is reported, not fatal.
    expect(home.problems.map((p) => path.basename(p.path))).toEqual(['broken.json']);
  });

  it('resolves the home from --home, then SCIAGENT_HOME, then ~/.sciagent', () => {
    expect(resolveHomeDir('/x/y', { SCIAGENT_HOME: '/env' })).toBe('/x/y');
    expect(resolveHomeDir(undefined, { SCIAGENT_HOME: '/env' })).toBe('/env');
    expect(resolveHomeDir(undefined, {})).toBe(path.join(os.homedir(), '.sciagent'));
  });

  it('an empty or unrelated folder has no sessions and no problems', async () => {
    await put('notes.txt', 'hello');
    const home = await discoverHome(root);
    expect(home.sessions).toEqual([]);
    expect(home.problems).toEqual([]);
  });
});
