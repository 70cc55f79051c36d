/* global window, requestAnimationFrame -- functions passed to page.evaluate run in the browser */
/**
 * Debian's Chromium driven by playwright-core (Playwright's own browser download does not work on
 * our build machines), with the flags the e2e tests use, and the in-page probes the scenarios
 * read: every timing below is taken by the browser itself (`performance.timeOrigin + now()`).
 */
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // A bench tab must not be throttled as if it were in the background.
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
    ],
  });
}

export async function openApp(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('#root[data-app-state="ready"]').waitFor({ timeout: 60_000 });
  return { page, close: () => context.close() };
}

/**
 * Clicks session `sessionId`'s row. The sidebar mounts only the rows in view: a row further
 * down is found with the search box, which is then cleared (the list as it was, every row).
 */
export async function clickSessionRow(page, sessionId) {
  const row = page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
  if ((await row.count()) > 0) return row.click();
  const search = page.getByLabel('Search sessions');
  await search.fill(sessionId);
  await row.click();
  await search.fill('');
}

/**
 * Installed in the page before a scenario: long tasks (the main thread busy ≥ 50 ms) and the gaps
 * between animation frames, so "responsive" is measured, not assumed.
 */
export function installFrameProbe() {
  const probe = { longTasks: [], frames: [], running: true };
  window.__bench = probe;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: false });
  } catch {
    probe.longTasks = null; // not supported: the frame gaps still tell
  }
  const tick = (t) => {
    probe.frames.push(t);
    if (probe.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
