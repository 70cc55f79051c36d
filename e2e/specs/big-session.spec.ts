/**
 * A session big enough to be grouped, followed live: the page draws groups of siblings, and what
 * it builds from a stream of small deltas (grown in place, not rebuilt) is what a fresh page
 * builds from one snapshot of the same file. Timings are the bench's business, not this test's.
 */
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { sessionLines } from '../../bench/generate-session.mjs';
import { test, expect } from '../support/serve-fixture';

const SESSION = 'big-live';
const BASE = 1500;
const APPENDED = 240;

/** What the graph and the timeline show: every node with its text, and the event count. */
async function shown(page: Page) {
  await expect(page.locator('.graph-canvas[data-graph-state="ready"]')).toBeVisible();
  const nodes = await page
    .locator('[data-testid="graph-node"]')
    .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-node-id')} ${e.textContent}`).sort());
  const events = await page.locator('[data-testid="timeline-summary"]').getAttribute('data-event-count');
  return { nodes, events };
}

test('a big session followed live shows what a fresh page shows for the same file', async ({
  app,
  served,
}) => {
  const lines = [...sessionLines(SESSION, BASE + APPENDED + 10)];
  const log = path.join(served.home, 'sessions', SESSION, 'provenance.jsonl');
  await mkdir(path.dirname(log), { recursive: true });
  await writeFile(log, lines.slice(0, BASE).join('\n') + '\n');
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(app.locator('[data-testid="timeline-summary"]')).toHaveAttribute(
    'data-event-count',
    String(BASE),
  );
  // Over 24 verdicts (and subagents) under the session: group nodes, with their counts.
  await expect(app.locator('[data-testid="graph-node"][data-kind="node_group"]')).not.toHaveCount(0);

  for (let i = BASE; i < BASE + APPENDED; i += 3) {
    await appendFile(log, lines.slice(i, i + 3).join('\n') + '\n');
    await new Promise((r) => setTimeout(r, 15));
  }
  const total = String(BASE + APPENDED);
  await expect(app.locator('[data-testid="timeline-summary"]')).toHaveAttribute('data-event-count', total);
  // Let the last "new" marks expire so both pages draw the same text.
  await app.waitForTimeout(2500);
  const live = await shown(app);
  await app.screenshot({ path: 'test-results/screens/big-session-live.png' });

  const fresh = await app.context().newPage();
  await fresh.goto(served.url);
  await fresh.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(fresh.locator('[data-testid="timeline-summary"]')).toHaveAttribute('data-event-count', total);
  expect(await shown(fresh)).toEqual(live);
});
