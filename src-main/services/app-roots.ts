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

/**
 * resources/demo, found by walking up from this module: it runs from src-main/services (tests),
 * out/main or out/main/chunks (bundles), and inside a packaged app.
 */
export function demoDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'resources', 'demo');
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return path.resolve('resources', 'demo');
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
