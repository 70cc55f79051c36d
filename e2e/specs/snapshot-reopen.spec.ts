/**
 * Opening a session the server has read already is one snapshot (issue 8): switching away and
 * back, and a fresh tab, each take a new one. Whatever way the snapshot is written and decoded,
 * the page shows the same graph, the same timeline and the same details every time.
 */
import { appendFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { sessionLines } from '../../bench/generate-session.mjs';
import { writeGeneratedSession } from '../support/generated-session';
import { test, expect } from '../support/serve-fixture';

const SESSION = 'reopened';
const EVENTS = 3000;

/** What the page shows of the session: every node with its text, the event count, the first rows. */
async function shown(page: Page) {
  await expect(page.locator('.graph-canvas[data-graph-state="ready"]')).toBeVisible();
  const nodes = await page
    .locator('[data-testid="graph-node"]')
    .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-node-id')} ${e.textContent}`).sort());
  const summary = page.locator('[data-testid="timeline-summary"]');
  const events = await summary.getAttribute('data-event-count');
  const rows = await page
    .locator('[data-testid="timeline-row"]')
    .evaluateAll((els) => els.slice(0, 20).map((e) => e.textContent));
  return { nodes, events, summary: await summary.textContent(), rows };
}

async function open(page: Page, id: string) {
  await page.locator(`[data-testid="session-row"][data-session-id="${id}"]`).click();
}

test('a session opened again (switched back to, or in a fresh tab) shows the same graph and timeline', async ({
  app,
  served,
}) => {
  const { log, lines } = await writeGeneratedSession(served.home, SESSION, EVENTS);
  const count = String(lines.length);
  await open(app, SESSION);
  const summary = app.locator('[data-testid="timeline-summary"]');
  await expect(summary).toHaveAttribute('data-event-count', count);
  await expect(app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`)).toHaveAttribute(
    'data-status',
    'ready',
  );
  // Let the "new" marks of the first read expire so every view draws the same text.
  await app.waitForTimeout(2500);
  const first = await shown(app);
  expect(first.nodes.length).toBeGreaterThan(5);
  expect(first.rows.length).toBeGreaterThan(5);

  // Away to another session (this one is unsubscribed), then back: a new snapshot.
  const other = await app
    .locator('[data-testid="session-row"]')
    .evaluateAll(
      (els, id) => els.map((e) => e.getAttribute('data-session-id')).find((s) => s && s !== id),
      SESSION,
    );
  expect(other).toBeTruthy();
  await open(app, other!);
  await expect(summary).not.toHaveAttribute('data-event-count', count);
  await open(app, SESSION);
  await expect(summary).toHaveAttribute('data-event-count', count);
  // The graph is laid out after the timeline is filled (in a worker): retried until it is drawn.
  await expect(async () => expect(await shown(app)).toEqual(first)).toPass();
  await app.screenshot({ path: 'test-results/screens/snapshot-reopened.png' });

  // A fresh tab on the same server.
  const fresh = await app.context().newPage();
  await fresh.goto(served.url);
  await open(fresh, SESSION);
  await expect(fresh.locator('[data-testid="timeline-summary"]')).toHaveAttribute('data-event-count', count);
  await expect(async () => expect(await shown(fresh)).toEqual(first)).toPass();

  // Away and straight back, before the first snapshot can have come: the page waits for the one
  // on its way, and still gets what the log gains afterwards (it is subscribed again).
  await open(fresh, other!);
  await open(fresh, SESSION);
  await expect(fresh.locator('[data-testid="timeline-summary"]')).toHaveAttribute('data-event-count', count);
  const more = [...sessionLines(SESSION, EVENTS + 40)].slice(lines.length, lines.length + 3);
  await appendFile(log, more.join('\n') + '\n');
  const grown = String(lines.length + more.length);
  await expect(fresh.locator('[data-testid="timeline-summary"]')).toHaveAttribute('data-event-count', grown);
  await expect(summary).toHaveAttribute('data-event-count', grown);
  await fresh.screenshot({ path: 'test-results/screens/snapshot-fresh-tab.png' });

  // The details of a node come from the same snapshot: the first tool call's panel opens.
  await fresh.locator('[data-testid="graph-node"]').first().click();
  await expect(fresh.locator('[data-testid="detail-panel"]')).toBeVisible();
});
