/**
 * `lineage-explorer open PATH…` from the package's command: starts the desktop app on those
 * paths (a running app receives them through its single-instance lock). Where the Electron
 * binary is missing it says so and points at `serve`, which needs no binary.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliIo } from './cli-io';

/** The Electron executable, or null: ELECTRON_OVERRIDE_DIST_PATH, else the electron package's. */
export function electronExecutable(env: NodeJS.ProcessEnv = process.env): string | null {
  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  if (override) {
    const exe = path.join(
      override,
      process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron',
    );
    return existsSync(exe) ? exe : null;
  }
  try {
    // Where the electron package puts its binary (dist/ + path.txt). Requiring the package itself
    // would start a download in Electron 42+, which is not what `open` should do.
    const pkg = createRequire(import.meta.url).resolve('electron/package.json');
    const rel = readFileSync(path.join(path.dirname(pkg), 'path.txt'), 'utf8').trim();
    const exe = path.join(path.dirname(pkg), 'dist', rel);
    return existsSync(exe) ? exe : null;
  } catch {
    return null;
  }
}

export async function openCommand(paths: string[], io: CliIo): Promise<number> {
  if (paths.length === 0) {
    io.err('lineage-explorer open: give a folder, log or bundle to open');
    return 2;
  }
  const missing = paths.find((p) => !existsSync(p));
  if (missing) {
    io.err(`lineage-explorer: cannot read ${missing}: no such file or folder`);
    return 2;
  }
  const exe = electronExecutable();
  const appMain = fileURLToPath(new URL('./index.js', import.meta.url));
  if (!exe || !existsSync(appMain)) {
    io.err(
      `lineage-explorer open: the desktop app is not available here (${exe ? 'not built: run npm run build' : 'no Electron binary'}); ` +
        `\`lineage-explorer serve ${paths.join(' ')}\` shows the same in a browser`,
    );
    return 2;
  }
  const child = spawn(exe, [appMain, 'open', ...paths.map((p) => path.resolve(p))], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  return 0;
}
