/**
 * A big session opened in a page that does not hold it yet shows its newest events at once (a
 * preview), then everything when its snapshot comes. Timings are the bench's business; this
 * checks what is shown, in order.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sessionLines } from '../../bench/generate-session.mjs';
import { test, expect } from '../support/serve-fixture';

const SESSION = 'big-preview';
const EVENTS = 60_000;

test('a big session shows its newest events first, then all of them with the graph', async ({
  app,
  served,
}) => {
  const log = path.join(served.home, 'sessions', SESSION, 'provenance.jsonl');
  await mkdir(path.dirname(log), { recursive: true });
  const lines = [...sessionLines(SESSION, EVENTS)];
  await writeFile(log, lines.join('\n') + '\n');
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
