/**
 * Where an Electron binary is, if anywhere: `ELECTRON_OVERRIDE_DIST_PATH` (a folder holding the
 * executable, as electron's own index.js reads it) or the one electron's installer downloaded
 * into node_modules/electron/dist. Never downloads anything: electron's index.js would try, so
 * it is not required here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type ElectronBinary = { executable: string; from: string } | { executable: null; reason: string };

/** The executable's path inside a dist folder, as electron's installer writes it to path.txt. */
function platformPath(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

export function findElectronBinary(env: NodeJS.ProcessEnv = process.env): ElectronBinary {
  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  if (override) {
    const executable = path.join(override, platformPath());
    return existsSync(executable)
      ? { executable, from: 'ELECTRON_OVERRIDE_DIST_PATH' }
      : { executable: null, reason: `ELECTRON_OVERRIDE_DIST_PATH is set, but ${executable} does not exist` };
  }
  let packageDir: string;
  try {
    packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { executable: null, reason: 'the electron package is not installed (npm ci)' };
  }
  const pathFile = path.join(packageDir, 'path.txt');
  const executable = path.join(
    packageDir,
    'dist',
    existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : platformPath(),
  );
  if (existsSync(executable)) return { executable, from: 'node_modules/electron/dist' };
  return {
    executable: null,
    reason:
      `no Electron binary: ${path.relative(process.cwd(), executable) || executable} was never downloaded ` +
      '(electron’s download is unreachable from this machine) and ELECTRON_OVERRIDE_DIST_PATH is not set',
  };
}
