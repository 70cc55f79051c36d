/**
 * Runs the built CLI (`bin/lineage-explorer.js`; `npm run build` first) as a child process, the
 * way a user does, for the CLI's process-level tests: one way to spawn it, so every test reads
 * exit codes and output alike.
 */
import { execFile, spawnSync, type ExecFileException } from 'node:child_process';
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
