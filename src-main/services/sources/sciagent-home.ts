/**
 * Discovery of a sciagent home: `sessions/<id>/provenance.jsonl`, the task index
 * `tasks/*.json`, and subagent checkpoints `sessions/<id>/subagents/<task_id>/`.
 * Reads only what it needs (directory listings and small manifests), never the logs.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describeFsError } from '../fs/describe-fs-error';

export const PROVENANCE_FILE = 'provenance.jsonl';

export interface TaskManifest {
  taskId: string;
  path: string;
  /** `kind` as written; missing means compute_job. */
  kind: string;
  /** `state` as written; missing means running. */
  state: string;
  sessionId: string | null;
  jobId: string | null;
  expectedArtifacts: string[];
  body: Record<string, unknown>;
}

export interface SubagentCheckpoint {
  taskId: string;
  dir: string;
  /** Complete checkpoint lines that parse; a torn last line is counted apart. */
  iterations: number;
  tornLines: number;
  childSessionId: string | null;
  agentName: string | null;
  hasAgentState: boolean;
}

export interface DiscoveredSession {
  sessionId: string;
  dir: string;
  /** Null when the folder holds no provenance.jsonl (only subagent checkpoints, say). */
  logPath: string | null;
  logBytes: number;
  subagents: SubagentCheckpoint[];
}

export interface SciagentHome {
  root: string;
  sessions: DiscoveredSession[];
  tasks: TaskManifest[];
  problems: { path: string; message: string }[];
}

/** `--home DIR`, else `SCIAGENT_HOME`, else `~/.sciagent`. */
export function resolveHomeDir(explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) return path.resolve(explicit);
  if (env['SCIAGENT_HOME']) return path.resolve(env['SCIAGENT_HOME']);
  return path.join(os.homedir(), '.sciagent');
}

export async function isHome(dir: string): Promise<boolean> {
  return (await statOrNull(path.join(dir, 'sessions')))?.isDirectory() ?? false;
}

export async function discoverHome(root: string): Promise<SciagentHome> {
  const home: SciagentHome = { root, sessions: [], tasks: [], problems: [] };
  home.sessions = await discoverSessions(path.join(root, 'sessions'), home.problems);
  home.tasks = await readTaskIndex(path.join(root, 'tasks'), home.problems);
  return home;
}

/** Every sub-folder of `sessionsDir` is a session; those with a provenance.jsonl have a log. */
export async function discoverSessions(
  sessionsDir: string,
  problems: SciagentHome['problems'] = [],
): Promise<DiscoveredSession[]> {
  const entries = await readdir(sessionsDir, { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') problems.push({ path: sessionsDir, message: describeFsError(error) });
      return [];
    },
  );
  const sessions: DiscoveredSession[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    sessions.push(await describeSession(path.join(sessionsDir, entry.name), problems));
  }
  return sessions.sort((a, b) => (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0));
}

export async function describeSession(
  dir: string,
  problems: SciagentHome['problems'] = [],
): Promise<DiscoveredSession> {
  const logPath = path.join(dir, PROVENANCE_FILE);
  const info = await statOrNull(logPath);
  return {
    sessionId: path.basename(dir),
    dir,
    logPath: info?.isFile() ? logPath : null,
    logBytes: info?.isFile() ? info.size : 0,
    subagents: await readSubagents(path.join(dir, 'subagents'), problems),
  };
}

async function readSubagents(dir: string, problems: SciagentHome['problems']): Promise<SubagentCheckpoint[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: SubagentCheckpoint[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const taskDir = path.join(dir, entry.name);
    const checkpoint = await readFile(path.join(taskDir, 'checkpoint.jsonl'), 'utf8').catch(() => '');
    let iterations = 0;
    let tornLines = 0;
    for (const line of checkpoint.split('\n')) {
      if (!line.trim()) continue;
      try {
        JSON.parse(line);
        iterations++;
      } catch {
        tornLines++; // the last line may be torn: a crash mid-write
      }
    }
    const meta = await readJsonObject(path.join(taskDir, 'meta.json'), problems);
    const hasAgentState = (await statOrNull(path.join(taskDir, 'agent_state.json')))?.isFile() ?? false;
    out.push({
      taskId: entry.name,
      dir: taskDir,
      iterations,
      tornLines,
      childSessionId: typeof meta?.['child_session_id'] === 'string' ? meta['child_session_id'] : null,
      agentName: typeof meta?.['agent_name'] === 'string' ? meta['agent_name'] : null,
      hasAgentState,
    });
  }
  return out.sort((a, b) => (a.taskId < b.taskId ? -1 : 1));
}

/** The task index; `.<id>.*.json` temp files (atomic-write leftovers) are not manifests. */
export async function readTaskIndex(
  dir: string,
  problems: SciagentHome['problems'] = [],
): Promise<TaskManifest[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const tasks: TaskManifest[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.json') || entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    const body = await readJsonObject(file, problems);
    if (!body) continue;
    const taskId = entry.name.slice(0, -'.json'.length);
    tasks.push({
      taskId,
      path: file,
      kind: typeof body['kind'] === 'string' ? body['kind'] : 'compute_job',
      state: typeof body['state'] === 'string' ? body['state'] : 'running',
      sessionId: typeof body['session_id'] === 'string' ? body['session_id'] : null,
      jobId: typeof body['job_id'] === 'string' ? body['job_id'] : null,
      expectedArtifacts: Array.isArray(body['expected_artifacts'])
        ? body['expected_artifacts'].filter((a): a is string => typeof a === 'string')
        : [],
      body,
    });
  }
  return tasks.sort((a, b) => (a.taskId < b.taskId ? -1 : 1));
}

async function readJsonObject(
  file: string,
  problems: SciagentHome['problems'],
): Promise<Record<string, unknown> | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      problems.push({ path: file, message: describeFsError(error as NodeJS.ErrnoException) });
    return null;
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
    problems.push({ path: file, message: 'not a JSON object' });
  } catch (error) {
    problems.push({ path: file, message: `not valid JSON: ${(error as Error).message}` });
  }
  return null;
}

export async function statOrNull(p: string) {
  try {
    return await stat(p);
  } catch {
    return null;
  }
}

export { describeFsError } from '../fs/describe-fs-error';
