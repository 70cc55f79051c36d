/**
 * Runs the built CLI (`bin/lineage-explorer.js`; `npm run build` first) as a child process, the
 * way a user does, for the CLI's process-level tests: one way to spawn it, so every test reads
 * exit codes and output alike.
 */
import { execFile, spawn, spawnSync, type ChildProcess, type ExecFileException } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CLI_BIN = path.join(REPO_ROOT, 'bin', 'lineage-explorer.js');

export interface CliRun {
  /** The exit code; -1 when the process was killed (a timeout) or could not start. */
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface CliOptions {
  /** Defaults to the repository root. */
  cwd?: string;
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

const MAX_OUTPUT = 256 * 1024 * 1024;

export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI_BIN, ...args],
      {
        cwd: options.cwd ?? REPO_ROOT,
        env: { ...process.env, ...options.env },
        maxBuffer: MAX_OUTPUT,
        encoding: 'utf8',
        timeout: options.timeoutMs ?? 0,
      },
      (error: ExecFileException | null, stdout: string, stderr: string) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr, ms: Date.now() - started });
      },
    );
  });
}

/** The same, blocking: for tests that run many short commands in a row. */
export function runCliSync(args: readonly string[], options: CliOptions = {}): CliRun {
  const started = Date.now();
  const r = spawnSync(process.execPath, [CLI_BIN, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, ...options.env },
    maxBuffer: MAX_OUTPUT,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 0,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - started };
}

export interface ServeProcess {
  child: ChildProcess;
  /** The page's URL (with its token), as serve printed it. */
  url: string;
  /** How the process ended (a signal when it was killed rather than closed). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then its exit. */
  stop(): Promise<void>;
}

/**
 * `lineage-explorer serve ARGS` as a child process, once it has printed its URL (rejects with its
 * stderr if it exits first). The e2e host fixture, the e2e specs that need their own serve and
 * the CLI's serve tests all start it here.
 */
export async function startServeProcess(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI_BIN, 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    void exited.then(({ code }) => reject(new Error(`serve exited ${code} before its URL: ${stderr}`)));
  });
  return {
    child,
    url,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
