/**
 * A session's idle gaps are drawn across the timeline's time track once, over the rows in view
 * (the list's overlay), not as a striped span per gap in every row: a session of the corpus's real
 * logs had 31 gaps, and every appended row laid out and painted 31 more spans.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { logLine } from '../support/log-line';
import { test, expect } from '../support/serve-fixture';

const SESSION = 'gaps-sess';

test('idle gaps are drawn once over the rows, stay in view as the list scrolls, and let clicks through', async ({
  app,
  served,
}) => {
  // Three bursts of 60 events, two hours apart: two idle gaps.
  const lines: string[] = [];
  for (let i = 0; i < 180; i++) {
    const t = Date.parse('2026-11-22T01:00:00Z') + Math.floor(i / 60) * 2 * 3600_000 + (i % 60) * 1000;
    lines.push(
      logLine(SESSION, {
        event_id: `gap-${i}`,
        event_kind: 'subagent_observation',
        seq: i + 1,
        ts: new Date(t).toISOString().replace('Z', '000+00:00'),
        actor: 'subagent:reader',
        subagent_name: 'reader',
        observation: `note ${i}`,
      }),
    );
  }
  const log = served.logOf(SESSION);
  await mkdir(path.dirname(log), { recursive: true });
  await writeFile(log, lines.join(''));
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(app.locator('[data-testid="timeline-summary"]')).toContainText('2 idle gaps');

  const list = app.locator('.tl-rows');
  const bands = list.locator('.tl-bands');
  await expect(bands).toHaveCount(1);
  // One layer per gap, each a band of the track's width between the bursts.
  const layers = await bands
    .locator('.tl-track')
    .evaluate((el) => getComputedStyle(el).backgroundImage.match(/repeating-linear-gradient/g)?.length);
  expect(layers).toBe(2);
  await expect(list.locator('.tl-row .tl-track > :not(.tl-bar):not(.tl-tick)')).toHaveCount(0);

  // Scrolled to the middle: the bands still cover the rows in view.
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight / 2 - el.clientHeight / 2));
  await expect
    .poll(async () => {
      const [view, drawn] = await Promise.all([list.boundingBox(), bands.boundingBox()]);
      return view && drawn ? [Math.round(drawn.y - view.y), Math.round(drawn.height - view.height)] : null;
    })
    .toEqual([0, 0]);

  // A click on a row's track, under the bands, still selects its event.
  const eventId = await list.locator('[data-testid="timeline-row"]').nth(12).getAttribute('data-event-id');
  const row = list.locator(`[data-testid="timeline-row"][data-event-id="${eventId}"]`);
  const box = (await row.locator('.tl-track').boundingBox())!;
  expect(
    await app.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('.tl-row') !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    ),
  ).toBe(true);
  await app.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(row).toHaveClass(/is-selected/);
});
