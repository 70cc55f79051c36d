/**
 * A job's timeline lane follows a live log at most a few times a second (SwimLanes'
 * LANE_REDRAW_MS): a cluster job's lane has a mark for each of thousands of launches, and drawing
 * it again on each of ~100 appends a second was a tenth of the page's time. It still ends as a
 * fresh page draws it.
 */
import { appendFile } from 'node:fs/promises';
import { logLine } from '../support/log-line';
import { test, expect } from '../support/serve-fixture';

const SESSION = 'e2e-sess';
const APPENDS = 150;

/** Runs in the page: counts the commits that changed the lanes, and those that changed the newest seq. */
function countCommits() {
  const counts = { lanes: 0, seq: 0 };
  (window as unknown as { __commits: typeof counts }).__commits = counts;
  const lanes = document.querySelector('.tl-lanes')!;
  new MutationObserver(() => counts.lanes++).observe(lanes, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  const summary = document.querySelector('[data-testid="timeline-summary"]')!;
  new MutationObserver(() => counts.seq++).observe(summary, {
    attributes: true,
    attributeFilter: ['data-last-seq'],
  });
}

/** The lanes as drawn: each one's text and how many pieces and launch diamonds it has. */
const lanesDrawn = (app: import('@playwright/test').Page) =>
  app
    .locator('.tl-lane')
    .evaluateAll((lanes) =>
      lanes.map((l) => [
        l.querySelector('.tl-lane-label')?.textContent,
        l.querySelectorAll('.tl-lane-seg').length,
        l.querySelectorAll('.tl-diamond').length,
      ]),
    );

test("a job's lane follows a live log a few times a second, and ends as a fresh page draws it", async ({
  app,
  served,
}) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(app.locator('.tl-lane')).toHaveCount(1);
  await app.evaluate(countCommits);
  const log = served.logOf(SESSION);
  const started = Date.now();
  for (let i = 0; i < APPENDS; i++) {
    // A launch and a status change of the job a second apart each: its lane changes with every line.
    const second = String(i % 60).padStart(2, '0');
    const minute = String(30 + Math.floor(i / 60)).padStart(2, '0');
    await appendFile(
      log,
      logLine(SESSION, {
        event_id: `e2e-lane-${i}`,
        event_kind: i % 2 ? 'compute_job_status_changed' : 'compute_job_launched',
        seq: 100 + i,
        ts: `2026-11-22T01:${minute}:${second}.000000+00:00`,
        job_id: 'sciagent-x',
        mode: 'cluster_exec',
        ...(i % 2 ? { status: i % 4 === 1 ? 'running' : 'completed' } : {}),
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
  }
  await expect(app.getByTestId('timeline-summary')).toHaveAttribute(
    'data-last-seq',
    String(100 + APPENDS - 1),
  );
  const writingMs = Date.now() - started;
  await app.waitForTimeout(600); // the lanes' last drawing, after the last line
  const commits = await app.evaluate(
    () => (window as unknown as { __commits: { lanes: number; seq: number } }).__commits,
  );
  // Every few lines drew the newest seq; the lanes at most every 250 ms (and once more at the end).
  expect(commits.seq).toBeGreaterThan(20);
  expect(commits.lanes).toBeGreaterThan(0);
  expect(commits.lanes).toBeLessThanOrEqual(Math.ceil((writingMs + 600) / 250) + 2);
  expect(commits.lanes).toBeLessThan(commits.seq);
  const live = await lanesDrawn(app);
  expect(live[0]![2]).toBeGreaterThan(1);

  // A fresh page, on the same session: the same lanes.
  await app.reload();
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(app.getByTestId('timeline-summary')).toHaveAttribute(
    'data-last-seq',
    String(100 + APPENDS - 1),
  );
  await expect.poll(() => lanesDrawn(app)).toEqual(live);
  await expect(app.locator('.graph-canvas[data-graph-state="ready"]')).toBeVisible();
  await app.screenshot({ path: 'test-results/screens/live-lanes.png' });
});
