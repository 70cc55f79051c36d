/**
 * One app, one process: a second launch (a double-clicked log, `lineage-explorer open PATH`, a
 * clicked link) hands its arguments to the first and quits. The arguments travel as the lock's
 * `additionalData` — Electron's own `argv` for the second instance may be reordered or extended
 * by Chromium on some platforms — and fall back to that `argv` when the data is missing.
 */
import { app } from 'electron';

export interface LaunchData {
  argv: string[];
  cwd: string;
}

const MAX_ARGS = 256;
const MAX_ARG = 32_768;

const isArg = (a: unknown): a is string => typeof a === 'string' && a.length <= MAX_ARG;

/** The other process is ours, but still only plain data of the expected shape is taken. */
export function asLaunchData(value: unknown): LaunchData | null {
  if (typeof value !== 'object' || value === null) return null;
  const { argv, cwd } = value as { argv?: unknown; cwd?: unknown };
  if (!Array.isArray(argv) || argv.length > MAX_ARGS || !argv.every(isArg)) return null;
  if (!isArg(cwd) || cwd === '') return null;
  return { argv: [...argv], cwd };
}

/**
 * Claims the lock. Returns false when another instance holds it: this one has handed over its
 * arguments and must quit without creating anything.
 */
export function claimSingleInstance(own: LaunchData, onSecondLaunch: (launch: LaunchData) => void): boolean {
  if (!app.requestSingleInstanceLock({ argv: own.argv, cwd: own.cwd })) return false;
  app.on('second-instance', (_event, argv, workingDirectory, additionalData) => {
    onSecondLaunch(asLaunchData(additionalData) ?? { argv: [...argv], cwd: workingDirectory });
  });
  return true;
}
