/**
 * The host fixture every spec uses, for both Playwright projects:
 *   - `web`: one `lineage-explorer serve` per test, on port 0, in Debian's Chromium;
 *   - `electron`: the real desktop app per test (`_electron.launch`), where an Electron binary
 *     exists; elsewhere each test is skipped with the reason, which is also printed once per
 *     worker in the run's output.
 * Each test gets its own temp sciagent home (the e2e fixtures). Tests wait on
 * `data-app-state="ready"`, never on sleeps.
 */
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServeProcess, type ServeProcess } from '../../src-main/cli/test-support/run-cli-process';
import { launchElectronApp, type LaunchedApp } from './electron-app';
import { findElectronBinary, type ElectronBinary } from './electron-binary';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE_SESSIONS = path.join(REPO, 'e2e', 'fixtures', 'home-sessions');

export type HostKind = 'web' | 'electron';

export interface Served {
  url: string;
  home: string;
  /** Absolute path of a session's provenance.jsonl in the temp home. */
  logOf(sessionId: string): string;
  /** The desktop app, in the electron project (null in the web project). */
  desktop: (LaunchedApp & { userData: string; executable: string }) | null;
}

/** Serve on `home`; the app's own data (bookmarks, the sessions-list cache) never goes to the
 * user's real config folder: a spec that cares sets its own folder, every other serve gets a fresh one. */
function startServe(home: string): Promise<ServeProcess> {
  return startServeProcess(['--home', home], {
    LINEAGE_EXPLORER_DATA_DIR:
      process.env['LINEAGE_EXPLORER_DATA_DIR'] ?? mkdtempSync(path.join(os.tmpdir(), 'le-e2e-data-')),
  });
}

export const test = base.extend<
  { served: Served; app: Page },
  { host: HostKind; electronBinary: ElectronBinary | null; webBrowser: Browser | null }
>({
  host: ['web', { scope: 'worker', option: true }],

  // Looked up once per worker; the skip reason is printed here so the run's output says why.
  electronBinary: [
    async ({ host }, use, workerInfo) => {
      const binary = host === 'electron' ? findElectronBinary() : null;
      if (binary && 'reason' in binary)
        console.log(`[${workerInfo.project.name}] every test skipped: ${binary.reason}`);
      else if (binary)
        console.log(`[${workerInfo.project.name}] Electron: ${binary.executable} (${binary.from})`);
      await use(binary);
    },
    { scope: 'worker', auto: true },
  ],

  // The web project's browser, launched only there (the electron project never starts Chromium).
  webBrowser: [
    async ({ host, playwright, launchOptions }, use) => {
      if (host !== 'web') return use(null);
      const browser = await playwright.chromium.launch(launchOptions);
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],

  served: async ({ host, electronBinary, playwright }, use) => {
    if (host === 'electron' && (!electronBinary || 'reason' in electronBinary))
      test.skip(true, electronBinary?.reason ?? 'no Electron binary');
    const base_ = await mkdtemp(path.join(os.tmpdir(), 'le-e2e-'));
    const home = path.join(base_, 'home');
    await cp(FIXTURE_SESSIONS, path.join(home, 'sessions'), { recursive: true });
    const logOf = (id: string) => path.join(home, 'sessions', id, 'provenance.jsonl');
    try {
      if (host === 'web') {
        const serve = await startServe(home);
        await use({ url: serve.url, home, logOf, desktop: null });
        await serve.stop();
      } else {
        const executable = electronBinary!.executable as string;
        const userData = path.join(base_, 'user-data');
        const launched = await launchElectronApp(playwright, { executable, home, userData });
        await use({
          url: launched.window.url(),
          home,
          logOf,
          desktop: { ...launched, userData, executable },
        });
        await launched.electron.close();
      }
    } finally {
      await rm(base_, { recursive: true, force: true });
    }
  },

  app: async ({ served, webBrowser, viewport }, use, testInfo) => {
    let page: Page;
    if (served.desktop) page = served.desktop.window;
    else {
      const context = await webBrowser!.newContext({ viewport });
      page = await context.newPage();
      await page.goto(served.url);
    }
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('screenshot on failure', {
        body: await page.screenshot(),
        contentType: 'image/png',
      });
    if (!served.desktop) await page.context().close();
  },
});

export { expect };
