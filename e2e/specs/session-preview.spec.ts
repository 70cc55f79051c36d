/**
 * A big session opened in a page that does not hold it yet shows its newest events at once (a
 * preview), then everything when its snapshot comes; one opened while a long read of its log
 * lasts shows its newest events as they are read, then everything once it is read. Timings are
 * the bench's business; this checks what is shown, in order.
 */
import { stageGeneratedSession, writeGeneratedSession } from '../support/generated-session';
import { test, expect } from '../support/serve-fixture';

const SESSION = 'big-preview';
const EVENTS = 60_000;

test('a big session shows its newest events first, then all of them with the graph', async ({
  app,
  served,
}) => {
  const { lines } = await writeGeneratedSession(served.home, SESSION, EVENTS);
  const total = lines.length;
  const row = app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`);
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  // What the timeline says from the click on, as it changes.
  await app.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __summaries: string[] }).__summaries = seen;
    const note = () => {
      const summary = document.querySelector('[data-testid="timeline-summary"]');
      const text = summary
        ? `${summary.getAttribute('data-event-count')} ${summary.querySelector('[data-testid="timeline-preview"]')?.textContent ?? ''}`.trim()
        : null;
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await row.click();
  await expect(app.locator('[data-testid="timeline-summary"]')).toHaveAttribute(
    'data-event-count',
    String(total),
    { timeout: 30_000 },
  );
  await expect(app.locator('.graph-canvas[data-graph-state="ready"]')).toBeVisible({ timeout: 30_000 });
  await expect(app.locator('[data-testid="timeline-preview"]')).toHaveCount(0);
  const seen = await app.evaluate(() => (window as unknown as { __summaries: string[] }).__summaries);
  // The preview first (the newest 500 rows, said to be so), then the whole timeline.
  expect(seen[0]).toBe(
    `500 the newest 500 of ${total.toLocaleString('en-US')} events — the rest is on its way`,
  );
  expect(seen.at(-1)).toBe(String(total));
});

test('a session opened while a long read of its log lasts shows its newest events as they are read, then all of them', async ({
  app,
  served,
}) => {
  // ~85 MB: more than the page follows event by event (host-sync's FOLLOW_READ_MAX_BYTES).
  const { lines, reveal } = await stageGeneratedSession(served.home, 'long-read', 100_000);
  const total = lines.length;
  // What the timeline says while the session is shown, as it changes.
  await app.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __summaries: string[] }).__summaries = seen;
    const note = () => {
      const row = document.querySelector('[data-testid="session-row"][data-session-id="long-read"]');
      const summary = document.querySelector('[data-testid="timeline-summary"]');
      if (row?.getAttribute('aria-current') !== 'true' || !summary) return;
      const text =
        `${summary.getAttribute('data-event-count')} ${summary.querySelector('[data-testid="timeline-preview"]')?.textContent ?? ''}`.trim();
      if (seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await reveal();
  // Clicked as soon as it is listed: most of the log is still to be read.
  await app.locator('[data-testid="session-row"][data-session-id="long-read"]').click({ timeout: 30_000 });
  await expect(app.locator('[data-testid="timeline-summary"]')).toHaveAttribute(
    'data-event-count',
    String(total),
    { timeout: 60_000 },
  );
  await expect(app.locator('.graph-canvas[data-graph-state="ready"]')).toBeVisible({ timeout: 30_000 });
  await expect(app.locator('[data-testid="timeline-preview"]')).toHaveCount(0);
  const seen = await app.evaluate(() => (window as unknown as { __summaries: string[] }).__summaries);
  const reading = /^\d+ the newest [\d,]+ of [\d,]+ events read so far — all of them once the log is read$/;
  // Previews said so while the read lasted, then the whole session — never a part of it
  // followed event by event.
  expect(seen.filter((s) => reading.test(s)).length, seen.join(' | ')).toBeGreaterThan(0);
  expect(seen.at(-1)).toBe(String(total));
  for (const s of seen.slice(0, -1))
    expect(s === '0' || reading.test(s) || /the rest is on its way$/.test(s)).toBe(true);
});

test("the graph's layout worker is started with the page, before any graph is drawn", async ({
  app,
  served,
}) => {
  // A fresh tab: its first layout must not wait for the worker's script (2.7 MB) and ELK to load.
  const fresh = await app.context().newPage();
  await fresh.addInitScript(() => {
    const w = window as unknown as { __canvasAt: number | null };
    w.__canvasAt = null;
    new MutationObserver(() => {
      if (w.__canvasAt === null && document.querySelector('.graph-canvas')) w.__canvasAt = performance.now();
    }).observe(document, { subtree: true, childList: true });
  });
  await fresh.goto(served.url);
  await fresh.locator('[data-testid="session-row"]').first().click();
  await expect(fresh.locator('.graph-canvas[data-graph-state="ready"]')).toBeVisible({ timeout: 30_000 });
  const { canvasAt, workerAt } = await fresh.evaluate(() => ({
    canvasAt: (window as unknown as { __canvasAt: number | null }).__canvasAt,
    workerAt:
      performance.getEntriesByType('resource').find((e) => /layout\.worker/.test(e.name))?.startTime ?? null,
  }));
  expect(workerAt).not.toBeNull();
  expect(canvasAt).not.toBeNull();
  expect(workerAt!).toBeLessThan(canvasAt!);
  await fresh.close();
});
