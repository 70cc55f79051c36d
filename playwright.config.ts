/**
 * End-to-end tests, one set of specs (e2e/specs) run against both hosts:
 *   - `web`: the web host (`serve`) in Debian's Chromium — Playwright's own browser downloads do
 *     not work on our build machines;
 *   - `electron`: the real desktop app through `_electron.launch`, plus the desktop-only specs in
 *     e2e/electron-specs. It needs an Electron binary (ELECTRON_OVERRIDE_DIST_PATH, or the one
 *     electron's installer downloaded); where there is none, its tests are skipped and the run
 *     prints why (e2e/support/serve-fixture.ts).
 */
import { defineConfig } from '@playwright/test';
import type { HostKind } from './e2e/support/serve-fixture';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export default defineConfig<object, { host: HostKind }>({
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two cores: one browser or app at a time keeps timings honest and the machine responsive.
  workers: 1,
  reporter: [['list']],
  use: {
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'web', testDir: 'e2e/specs', use: { host: 'web' } },
    {
      name: 'electron',
      testDir: 'e2e',
      testMatch: ['specs/**/*.spec.ts', 'electron-specs/**/*.spec.ts'],
      use: { host: 'electron' },
    },
  ],
});
