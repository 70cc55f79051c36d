/**
 * A session two processes write, each with its own seq counter (AS-WRITTEN: "seq is a per-process
 * counter"): appended lines sort among the rows held, by seq then line. The timeline shows them
 * in that order as they come, and j/k step through that order from any row. Screen:
 * test-results/screens/two-writers.png.
 */
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sessionLines } from '../../bench/generate-session.mjs';
import { test, expect } from '../support/serve-fixture';

const SESSION = 'two-writers';
/** More rows than the page's order keeps in its copied tail (row-order.ts: 8,192). */
const EVENTS = 12_000;
const APPENDED = 300;

test('appended lines of two writers take their place by seq, and j steps through that order', async ({
  app,
  served,
}) => {
  const lines = [...sessionLines(SESSION, EVENTS, 42, { writers: 2 })];
  const log = served.logOf(SESSION);
  await mkdir(path.dirname(log), { recursive: true });
  await writeFile(log, lines.slice(0, -APPENDED).join('\n') + '\n');
  // Every line's event id in the order the timeline shows them: by seq, ties by line.
  const order = lines
    .map((line, i) => ({ id: JSON.parse(line).event_id as string, seq: JSON.parse(line).seq as number, i }))
    .sort((a, b) => a.seq - b.seq || a.i - b.i)
    .map((e) => e.id);

  await app.setViewportSize({ width: 1440, height: 1300 }); // room for rows under the swim lanes
  const summary = app.locator('[data-testid="timeline-summary"]');
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(summary).toHaveAttribute('data-event-count', String(lines.length - APPENDED), {
    timeout: 30_000,
  });
  // Written live, a few lines at a time: most of the second writer's sort among rows held.
  for (let at = lines.length - APPENDED; at < lines.length; at += 30) {
    await appendFile(log, lines.slice(at, at + 30).join('\n') + '\n');
    await app.waitForTimeout(40);
  }
  await expect(summary).toHaveAttribute('data-event-count', String(lines.length), { timeout: 30_000 });

  // The list follows its end: the rows in view are the last of that order, in it.
  const shown = async () =>
    app
      .locator('[data-testid="timeline-row"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-event-id')!));
  /** The rows in view, as the part of `order` they should be. */
  const expectInOrder = async () => {
    const ids = await shown();
    const from = order.indexOf(ids[0]!);
    expect(ids).toEqual(order.slice(from, from + ids.length));
  };
  await expect.poll(async () => (await shown()).at(-1)).toBe(order.at(-1));
  await expectInOrder();

  // The first appended line that went in among the rows held (a held row sorts after it): shown
  // in its place, picked, then j — each step the next row of that order, the pick kept in view.
  const appended = new Set(lines.slice(-APPENDED).map((line) => JSON.parse(line).event_id as string));
  const target = order.findIndex((id, k) => appended.has(id) && order.slice(k).some((o) => !appended.has(o)));
  expect(order.length - target).toBeGreaterThan(20); // deep enough to be off screen at the end
  await app.locator('.tl-rows').evaluate((el, top) => (el.scrollTop = top), target * 24);
  const row = app.locator(`[data-testid="timeline-row"][data-event-id="${order[target]}"]`);
  await expect(row).toBeInViewport();
  await expectInOrder();
  await row.click();
  for (let at = target + 1; at <= target + 6; at++) {
    await app.keyboard.press('j');
    const selected = app.locator('.tl-row.is-selected');
    await expect(selected).toHaveAttribute('data-event-id', order[at]!);
    await expect(selected).toBeInViewport();
  }
  await app.screenshot({ path: 'test-results/screens/two-writers.png' });
});
