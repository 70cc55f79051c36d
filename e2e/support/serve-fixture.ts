/**
 * One `lineage-explorer serve` per test, on port 0, over its own temp sciagent home: the same
 * process a user runs. Tests wait on `data-app-state="ready"`, never on sleeps.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE_SESSIONS = path.join(REPO, 'e2e', 'fixtures', 'home-sessions');

export interface Served {
  url: string;
  home: string;
  /** Absolute path of a session's provenance.jsonl in the temp home. */
  logOf(sessionId: string): string;
}

async function startServe(home: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [path.join(REPO, 'bin', 'lineage-explorer.js'), 'serve', '--home', home],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return { url, child };
}

export const test = base.extend<{ served: Served; app: Page }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here
  served: async ({}, use) => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'le-e2e-'));
    await cp(FIXTURE_SESSIONS, path.join(home, 'sessions'), { recursive: true });
    const { url, child } = await startServe(home);
    await use({ url, home, logOf: (id) => path.join(home, 'sessions', id, 'provenance.jsonl') });
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(home, { recursive: true, force: true });
  },
  app: async ({ page, served }, use) => {
    await page.goto(served.url);
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
    await use(page);
  },
});

export { expect };
