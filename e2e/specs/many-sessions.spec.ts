/**
 * Issue 8 in the page: a home with more logs than are read at start lists the rest from their
 * first and last lines ("~N" events) and reads one in full when it is opened; a change to one row
 * leaves the others in the list; the list mounts only the rows in view, each row exactly as tall
 * as the list places it; a tall graph opens fitted (its bottom nodes in view).
 */
import { appendFile, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startServeProcess } from '../../src-main/cli/test-support/run-cli-process';
import { expect, test } from '../support/serve-fixture';

const shot = (name: string) => `test-results/screens/${name}.png`;

/** More than the 64 logs serve reads in full at start when its list cache does not know them. */
const SESSIONS = 70;

const event = (id: string, seq: number, kind = 'tool_call') =>
  JSON.stringify({
    schema_version: '2',
    event_id: `${id}-${seq}`,
    event_kind: kind,
    session_id: id,
    seq,
    ts: `2026-06-0${1 + (seq % 8)}T10:00:00+00:00`,
    actor: 'anthropic/claude-sonnet-4-6',
    tool_call_id: `${id}-call-${seq}`,
    tool_name: 'shell',
  }) + '\n';

const startServe = (home: string, dataDir: string) =>
  startServeProcess(['--home', home], { LINEAGE_EXPLORER_DATA_DIR: dataDir });

/**
 * Every row of the windowed list, scrolled through from top to bottom: [id, estimated] pairs,
 * and where mounted rows did not tile the list exactly (each row's top the bottom of the one
 * before) or a line's content was taller than the height the row's layout gave it.
 */
function listedRows(page: Page) {
  return page.locator('.session-list').evaluate(async (list) => {
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const seen = new Map<string, boolean>();
    const misplaced: string[] = [];
    list.scrollTop = 0;
    await frames();
    for (;;) {
      const wraps = [...list.querySelectorAll('.session-row-wrap')];
      wraps.forEach((wrap, i) => {
        const row = wrap.querySelector('[data-testid="session-row"]')!;
        const id = row.getAttribute('data-session-id')!;
        seen.set(id, row.querySelector('.session-events')?.getAttribute('data-estimated') === 'true');
        for (const line of [row, ...row.children])
          if (line.scrollHeight > line.clientHeight) misplaced.push(`${id}: ${line.className} overflows`);
        const prev = wraps[i - 1];
        if (prev && Math.abs(prev.getBoundingClientRect().bottom - wrap.getBoundingClientRect().top) > 0.5)
          misplaced.push(`${id} not right below the row before it`);
      });
      if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1) break;
      list.scrollTop += list.clientHeight;
      await frames();
    }
    return { rows: [...seen], misplaced };
  });
}

test('a big home lists unread logs from their ends, reads one when opened, and keeps every row on a change', async ({
  host,
  webBrowser,
}) => {
  test.skip(host !== 'web', 'starts its own serve on a home of 70 sessions');
  const base = await mkdtemp(path.join(os.tmpdir(), 'le-e2e-many-'));
  const home = path.join(base, 'home');
  const old = new Date(Date.now() - 86_400_000);
  for (let i = 0; i < SESSIONS; i++) {
    const id = `s-${String(i).padStart(3, '0')}`;
    const file = path.join(home, 'sessions', id, 'provenance.jsonl');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, [1, 2, 3, 4, 5].map((seq) => event(id, seq)).join(''));
    await utimes(file, old, old); // not live: may wait to be read
  }
  const serve = await startServe(home, path.join(base, 'data'));
  const page = await (await webBrowser!.newContext()).newPage();
  try {
    await page.goto(serve.url);
    await expect(page.getByTestId('session-count')).toHaveText(String(SESSIONS));
    // By name: an order that rows being read meanwhile do not change while the list is scrolled.
    await page.getByLabel('Sort sessions').selectOption('name');
    // Windowed: the rows in view (and a margin) are mounted, not all 70.
    const mounted = page.locator('[data-testid="session-row"]');
    await expect(mounted.first()).toBeVisible();
    expect(await mounted.count()).toBeLessThan(SESSIONS);
    const listed = await listedRows(page);
    expect(listed.rows).toHaveLength(SESSIONS);
    expect(listed.misplaced).toEqual([]);
    const estimatedIds = listed.rows.filter(([, estimated]) => estimated).map(([id]) => id);
    expect(estimatedIds.length).toBeGreaterThanOrEqual(SESSIONS - 64);
    await page.locator('.session-list').evaluate((list) => (list.scrollTop = list.scrollHeight));
    await expect(page.locator('.session-events[data-estimated="true"]').first()).toHaveText('~5');
    await page.locator('.sidebar').screenshot({ path: shot('sessions-windowed') });

    // Opening an estimated row (found by a search) reads its log: the count becomes exact. With
    // the search cleared, the list shows the selected row.
    const id = estimatedIds.at(-1)!;
    await page.getByLabel('Search sessions').fill(id);
    await page.locator(`[data-testid="session-row"][data-session-id="${id}"]`).click();
    await page.getByLabel('Search sessions').fill('');
    const opened = page.locator(`[data-testid="session-row"][data-session-id="${id}"]`);
    await expect(opened).toBeInViewport();
    await expect(opened).toHaveAttribute('aria-current', 'true');
    await expect(opened.locator('.session-events')).toHaveText('5');
    await expect(opened.locator('.session-events')).not.toHaveAttribute('data-estimated', 'true');
    await expect(page.locator('[data-testid="timeline-summary"]')).toHaveAttribute('data-event-count', '5');

    // A log that grows is read and its row (second by name) changes; every other row stays listed.
    await appendFile(path.join(home, 'sessions', 's-001', 'provenance.jsonl'), event('s-001', 6));
    await page.locator('.session-list').evaluate((list) => (list.scrollTop = 0));
    await expect(page.locator('[data-session-id="s-001"] .session-events')).toHaveText('6');
    await expect(page.getByTestId('session-count')).toHaveText(String(SESSIONS));
    expect((await listedRows(page)).rows).toHaveLength(SESSIONS);

    // From the keyboard: ↓ from the search box to the first row, then row by row; End to the
    // last (not mounted until then), Home back; Enter opens the row in focus.
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-session-id') ?? null);
    await page.getByLabel('Search sessions').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('s-000');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('s-002');
    await page.keyboard.press('ArrowUp');
    await expect.poll(focused).toBe('s-001');
    await page.keyboard.press('End');
    await expect.poll(focused).toBe(`s-0${SESSIONS - 1}`);
    await expect(page.locator(`[data-session-id="s-0${SESSIONS - 1}"]`)).toBeInViewport();
    await page.keyboard.press('PageUp');
    await expect.poll(focused).not.toBe(`s-0${SESSIONS - 1}`);
    const paged = Number((await focused())!.slice(2));
    expect(paged).toBeLessThan(SESSIONS - 2);
    await expect(page.locator(`[data-session-id="${await focused()}"]`)).toBeInViewport();
    await page.keyboard.press('Home');
    await expect.poll(focused).toBe('s-000');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('s-001');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid="session-row"][data-session-id="s-001"]')).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page.locator('[data-testid="timeline-summary"]')).toHaveAttribute('data-event-count', '6');
    await page.locator('.sidebar').screenshot({ path: shot('sessions-keyboard') });
  } finally {
    await page.context().close();
    await serve.stop();
    await rm(base, { recursive: true, force: true });
  }
});

test('a tall graph opens fitted: every node of a real 54-event session is in view', async ({ app }) => {
  await app.locator('[data-testid="session-row"][data-session-id="42d50babf77e"]').click();
  const canvas = app.locator('.graph-canvas[data-graph-state="ready"]');
  await expect(canvas).toBeVisible();
  const pane = (await app.locator('.react-flow__pane').boundingBox())!;
  const nodes = app.locator('.react-flow__node');
  await expect(nodes).toHaveCount(Number(await canvas.getAttribute('data-node-count')));
  // The first view is set two frames after the layout lands.
  await expect
    .poll(async () => {
      const boxes = await nodes.evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
        }),
      );
      return boxes.filter(
        (b) =>
          b.top < pane.y ||
          b.bottom > pane.y + pane.height ||
          b.left < pane.x ||
          b.right > pane.x + pane.width,
      ).length;
    })
    .toBe(0);
});
