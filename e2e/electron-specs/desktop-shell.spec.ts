/**
 * What only the desktop app has: the locked-down page, the menus, a second launch handing its
 * path to the first, the window state in the user-data folder. Runs in the electron project only
 * (skipped, with the reason printed, where no Electron binary exists).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { electronEnv, MAIN_ENTRY } from '../support/electron-app';
import { expect, test } from '../support/serve-fixture';

test('the page sees only the two-function bridge: no Node, no Electron', async ({ app }) => {
  const globals = await app.evaluate(() => ({
    host: Object.keys((window as unknown as { host: object }).host).sort(),
    require: typeof (window as unknown as { require?: unknown }).require,
    process: typeof (window as unknown as { process?: unknown }).process,
    origin: location.origin,
  }));
  expect(globals).toEqual({
    host: ['call', 'onEvent'],
    require: 'undefined',
    process: 'undefined',
    origin: 'app://bundle',
  });
});

test('the CSP blocks inline script, and new windows are denied', async ({ app }) => {
  const result = await app.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.appendChild(script);
    return {
      inlineRan: (window as unknown as { __inlineRan?: boolean }).__inlineRan === true,
      opened: window.open('file:///etc/hosts') !== null,
    };
  });
  expect(result).toEqual({ inlineRan: false, opened: false });
});

test('permission requests are denied', async ({ app }) => {
  const state = await app.evaluate(
    async () => (await navigator.permissions.query({ name: 'geolocation' })).state,
  );
  expect(state).toBe('denied');
});

test('the menus are File, Edit, View, Help (and Window on macOS)', async ({ served }) => {
  const labels = await served.desktop!.electron.evaluate(({ Menu }) =>
    Menu.getApplicationMenu()!.items.map((i) => i.label.replace('&', '')),
  );
  expect(labels).toEqual(expect.arrayContaining(['File', 'Edit', 'View', 'Help']));
});

test('a second launch hands `open PATH` to the running app, which shows that session', async ({
  app,
  served,
}) => {
  const desktop = served.desktop!;
  const other = path.join(path.dirname(served.home), 'other-runs');
  await cp(path.join(served.home, 'sessions', '42d50babf77e'), path.join(other, 'copied-run'), {
    recursive: true,
  });
  // As Playwright does for the first one: Linux CI runs as root, where Chromium's sandbox cannot start.
  const sandbox = process.platform === 'linux' ? ['--no-sandbox'] : [];
  const second = spawn(desktop.executable, [...sandbox, MAIN_ENTRY, 'open', other], {
    env: electronEnv(served.home, desktop.userData),
    stdio: 'ignore',
  });
  // The second process finds the lock taken, hands over its arguments and exits.
  expect(await new Promise((resolve) => second.once('exit', resolve))).toBe(0);
  await expect(app.locator('[data-testid="session-row"][data-session-id="copied-run"]')).toBeVisible();
});

test('the window state is kept in the user-data folder, never beside the logs', async ({ served }) => {
  const desktop = served.desktop!;
  await desktop.electron.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.close());
  await expect.poll(() => existsSync(path.join(desktop.userData, 'window-state.json'))).toBe(true);
  expect(existsSync(path.join(served.home, 'window-state.json'))).toBe(false);
});
