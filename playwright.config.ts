/**
 * Browser end-to-end tests against the web host (`serve`), in Debian's Chromium: Playwright's
 * own browser downloads do not work on our build machines. The Electron project runs the same
 * specs where an Electron binary exists (added by the desktop-shell issue).
 */
import { defineConfig } from '@playwright/test';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e/specs',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two cores: one browser at a time keeps timings honest and the machine responsive.
  workers: 1,
  reporter: [['list']],
  use: {
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
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
  projects: [{ name: 'web', use: { browserName: 'chromium' } }],
});
