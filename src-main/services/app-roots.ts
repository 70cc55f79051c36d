/**
 * Which roots the app follows at start: the folders and files named on the command line, and
 * the sciagent home when it exists; with neither, the bundled demo sessions (first start).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isHome, resolveHomeDir } from './sources/sciagent-home';

export interface AppRoots {
  home: string;
  roots: string[];
  demo: boolean;
}

/** resources/demo: the same relative path from src-main/* sources and from out/main bundles. */
export function demoDir(): string {
  return fileURLToPath(new URL('../../resources/demo', import.meta.url));
}

export async function resolveAppRoots(paths: string[], home: string | undefined): Promise<AppRoots> {
  const homeDir = resolveHomeDir(home);
  const roots = paths.map((p) => path.resolve(p));
  const missing = roots.filter((r) => !existsSync(r));
  if (missing.length) throw new Error(`cannot read ${missing[0]}: no such file or folder`);
  if (await isHome(homeDir)) roots.push(homeDir);
  else if (home) throw new Error(`cannot read ${home}: not a sciagent home (no sessions/ folder)`);
  if (roots.length === 0) return { home: homeDir, roots: [demoDir()], demo: true };
  return { home: homeDir, roots, demo: false };
}
