/**
 * The user's own bookmarks (issue 5, item 4) against `serve`: pin a sciagent event and a TreeTrace
 * node with a name and a note, reload, find both in the one Bookmarks list (grouped by session),
 * open each from there; edits and deletes reach every open page; the file lives in the app's data
 * folder, never beside the logs. Screens: test-results/screens/bookmarks-*.png.
 */
import { mkdtempSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { richFiles, writeLedger } from '../fixtures/ledgers/build-ledgers';
import { test, expect } from '../support/serve-fixture';

// Bookmarks go to the app's data folder: a temp one for these tests (serve inherits it).
const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'le-e2e-bookmarks-'));
process.env['LINEAGE_EXPLORER_DATA_DIR'] = DATA_DIR;

const TREETRACE = fileURLToPath(new URL('../fixtures/treetrace/corpus/examples/rejections', import.meta.url));
const SESSION = 'e2e-sess';
const shot = (name: string) => `test-results/screens/bookmarks-${name}.png`;

async function bookmarkWith(app: Page, scope: ReturnType<Page['locator']>, name: string, note: string) {
  await scope.getByTestId('bookmark-here').click();
  const form = app.getByTestId('bookmark-form');
  await form.getByTestId('bookmark-name-input').fill(name);
  await form.getByTestId('bookmark-note-input').fill(note);
  await app.screenshot({ path: shot(`form-${name.replaceAll(' ', '-')}`) });
  await form.getByTestId('bookmark-save').click();
  await expect(form).toHaveCount(0);
}

test('bookmark a session event and a TreeTrace node, reload, list them, open each', async ({
  app,
  served,
}) => {
  await cp(TREETRACE, path.join(served.home, 'treetrace', 'rejections'), { recursive: true });

  // A sciagent event: pick it in the timeline, bookmark it from its card in the details.
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await app.locator('[data-testid="timeline-row"][data-seq="3"]').click();
  const card = app.locator('[data-testid="event-card"].is-highlighted');
  await expect(card).toBeVisible();
  const eventId = await card.getAttribute('data-event-id');
  await bookmarkWith(app, card, 'first launch', 'the job that ran Allrun');
  await app.screenshot({ path: shot('event-pinned') });

  // A TreeTrace node.
  const doc = app.locator('[data-testid="document-row"][data-kind="treetrace"][data-key*="rejections"]');
  await expect(doc).toBeVisible({ timeout: 15_000 });
  await doc.click();
  await app.locator('[data-testid="tt-row"][data-node-key="node_003"]').click();
  await bookmarkWith(app, app.locator('.tt-node-actions'), 'rejected plan', 'why was this rejected?');

  // Reload: both are still there, in one list, grouped by what they sit in.
  await app.reload();
  await expect(app.locator('[data-app-state="ready"]')).toBeVisible();
  await expect(app.getByTestId('bookmarks-count')).toHaveText('2');
  await app.getByTestId('bookmarks-open').click();
  const view = app.getByTestId('bookmarks-view');
  await expect(view.getByTestId('bookmark-group')).toHaveCount(2);
  const eventRow = view.locator('[data-testid="bookmark-row"]', { hasText: 'first launch' });
  const nodeRow = view.locator('[data-testid="bookmark-row"]', { hasText: 'rejected plan' });
  await expect(eventRow.getByTestId('bookmark-note')).toHaveText('the job that ran Allrun');
  await expect(eventRow).toContainText(`event ${eventId}`);
  await expect(nodeRow.getByTestId('bookmark-note')).toHaveText('why was this rejected?');
  await expect(nodeRow).toContainText('node node_003');
  await expect(eventRow).toHaveAttribute('data-state', 'present');
  await app.screenshot({ path: shot('list') });
  await app.emulateMedia({ colorScheme: 'dark' });
  await app.screenshot({ path: shot('list-dark') });
  await app.emulateMedia({ colorScheme: 'light' });

  // Clicking opens the target: the session with the event selected, and the URL says so.
  await eventRow.getByTestId('bookmark-open').click();
  await expect(app.locator(`[data-testid="timeline-row"][data-event-id="${eventId}"]`)).toHaveClass(
    /is-selected/,
  );
  await expect(app.locator(`[data-testid="event-card"][data-event-id="${eventId}"]`)).toBeVisible();
  // The URL follows the selection after it is shown: poll, do not read it once.
  await expect
    .poll(() => decodeURIComponent(new URL(app.url()).pathname))
    .toBe(`/session/${served.logOf(SESSION)}/event/${eventId}`);
  await app.screenshot({ path: shot('opened-event') });

  await app.getByTestId('bookmarks-open').click();
  await nodeRow.getByTestId('bookmark-open').click();
  await expect(app.locator('[data-testid="tt-row"][data-node-key="node_003"]')).toHaveClass(/is-selected/);
  await expect(app.getByTestId('tt-node-detail')).toBeVisible();
  await app.screenshot({ path: shot('opened-node') });

  // Kept in the app's data folder, never beside the logs.
  const saved = JSON.parse(await readFile(path.join(DATA_DIR, 'bookmarks.json'), 'utf8')) as {
    bookmarks: Array<{ name: string }>;
  };
  expect(saved.bookmarks.map((b) => b.name)).toEqual(
    expect.arrayContaining(['first launch', 'rejected plan']),
  );
  expect(await readdir(path.dirname(served.logOf(SESSION)))).toEqual(['provenance.jsonl']);
});

test('an edit or a delete in one page shows in every open page', async ({ app, served }) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-x"]')).toBeVisible();
  await bookmarkWith(app, app.getByTestId('session-actions'), 'session now', 'before the fix');

  const other = await app.context().newPage();
  await other.goto(served.url);
  await expect(other.locator('[data-app-state="ready"]')).toBeVisible();
  await other.getByTestId('bookmarks-open').click();
  const there = other.locator('[data-testid="bookmark-row"]', { hasText: 'session now' });
  await expect(there).toContainText('seq');

  await app.getByTestId('bookmarks-open').click();
  const id = await app
    .locator('[data-testid="bookmark-row"]', { hasText: 'session now' })
    .getAttribute('data-bookmark-id');
  // By id: while it is edited, the row shows inputs, not its name.
  const here = app.locator(`[data-testid="bookmark-row"][data-bookmark-id="${id}"]`);
  await here.getByTestId('bookmark-edit').click();
  await here.getByTestId('bookmark-edit-name').fill('session at the end');
  await here.getByTestId('bookmark-edit-note').fill('after the fix');
  await here.getByTestId('bookmark-edit-save').click();
  const renamed = other.locator('[data-testid="bookmark-row"]', { hasText: 'session at the end' });
  await expect(renamed.getByTestId('bookmark-note')).toHaveText('after the fix');
  await other.screenshot({ path: shot('edited-elsewhere') });

  app.once('dialog', (d) => void d.accept());
  await app
    .locator('[data-testid="bookmark-row"]', { hasText: 'session at the end' })
    .getByTestId('bookmark-delete')
    .click();
  await expect(other.locator('[data-testid="bookmark-row"]', { hasText: 'session at the end' })).toHaveCount(
    0,
  );
  await other.close();
});

test('two bookmarks of a session are compared from the list', async ({ app }) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await app.locator('[data-testid="timeline-row"][data-seq="3"]').click();
  await bookmarkWith(app, app.locator('[data-testid="event-card"].is-highlighted'), 'compare-a', '');
  await bookmarkWith(app, app.getByTestId('session-actions'), 'compare-b', 'all three verdicts in');
  await app.getByTestId('bookmarks-open').click();
  for (const name of ['compare-a', 'compare-b'])
    await app.locator('[data-testid="bookmark-row"]', { hasText: name }).getByTestId('bookmark-pick').check();
  await app.getByTestId('bookmark-compare').click();
  await expect(app.getByTestId('compare-view')).toHaveAttribute('data-status', 'ready');
  await app.screenshot({ path: shot('compare') });
  // Back to the list from the sidebar, over the Compare view.
  await app.getByTestId('bookmarks-open').click();
  await expect(app.getByTestId('bookmarks-view')).toBeVisible();
});

test('ledger bookmarks: the old file is taken in, and the ledger form adds to the one list', async ({
  app,
  served,
}) => {
  const stage = path.join(path.dirname(served.home), 'stage-ledger');
  await writeLedger(stage, await richFiles());
  const folder = path.join(served.home, 'ledgers', 'rich');
  await mkdir(path.dirname(folder), { recursive: true });
  await rename(stage, folder);
  // A bookmark saved by the first version, in its own file.
  const legacy = {
    version: 1,
    bookmarks: [
      {
        id: 'legacy-e8',
        ledger: folder,
        eventKey: 'e8',
        eventId: 'e8',
        name: 'saved long ago',
        note: 'from ledger-bookmarks.json',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ],
  };
  await writeFile(path.join(DATA_DIR, 'ledger-bookmarks.json'), JSON.stringify(legacy));

  const row = app.locator('[data-testid="document-row"][data-kind="change-ledger"][data-key$="rich"]');
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.click();
  await app.locator('[data-testid="ledger-event"][data-event-id="e6"]').click();
  await app.getByTestId('user-bookmark-name').fill('diagram');
  await app.getByTestId('user-bookmark-save').click();

  await app.getByTestId('bookmarks-open').click();
  const group = app.locator(`[data-testid="bookmark-group"][data-key="${folder}"]`);
  await expect(group.getByTestId('bookmark-name')).toHaveText(['★ saved long ago', '★ diagram']);
  await app.screenshot({ path: shot('ledger') });
  await group
    .locator('[data-testid="bookmark-row"][data-bookmark-id="legacy-e8"]')
    .getByTestId('bookmark-open')
    .click();
  await expect(app.getByTestId('ledger-event-detail')).toContainText('e8');
  await expect
    .poll(() => decodeURIComponent(new URL(app.url()).pathname))
    .toBe(`/document/${folder}/event/e8`);
  // The old file is read, never written.
  expect(JSON.parse(await readFile(path.join(DATA_DIR, 'ledger-bookmarks.json'), 'utf8'))).toEqual(legacy);
});

test.describe('in a small window', () => {
  test.use({ viewport: { width: 1280, height: 520 } });

  test('the bookmark form of a card low in the details panel scrolls into view, its name focused', async ({
    app,
  }) => {
    await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
    await app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-x"]').click();
    const panel = app.locator('[data-testid="detail-panel"] .detail-body');
    const card = app.locator('[data-testid="event-card"]').last();
    await card.locator('.event-card-head').click();
    const button = card.getByTestId('bookmark-here');
    await expect(button).toBeVisible();
    // Scroll the panel so the card's Bookmark button sits 70 px above the panel's bottom edge:
    // the form's name field opens in sight (focusing it alone scrolls nothing), its Save below.
    await panel.evaluate(
      (body, el) => {
        const gap = el!.getBoundingClientRect().bottom - body.getBoundingClientRect().bottom;
        body.scrollTop += gap + 70;
      },
      await button.elementHandle(),
    );
    await expect(button).toBeInViewport();
    const before = await panel.evaluate((body) => body.scrollTop);
    await button.click();

    const form = app.getByTestId('bookmark-form');
    await expect(form.getByTestId('bookmark-save')).toBeInViewport({ ratio: 1 });
    await expect(form.getByTestId('bookmark-name-input')).toBeFocused();
    expect(await panel.evaluate((body) => body.scrollTop)).toBeGreaterThan(before);
    await app.screenshot({ path: shot('form-low-in-panel') });
    // The form still saves from there.
    await form.getByTestId('bookmark-name-input').fill('low card');
    await form.getByTestId('bookmark-save').click();
    await expect(form).toHaveCount(0);
    await expect(app.getByTestId('bookmarks-count')).toHaveText(/\d+/);
  });
});

test('the bookmarks view and Compare are preloaded: they open without a loading box', async ({ app }) => {
  // Once the first list is drawn, their chunks come while the page is idle.
  await expect
    .poll(() =>
      app.evaluate(() => {
        const names = performance.getEntriesByType('resource').map((e) => e.name);
        return ['BookmarksView', 'CompareView'].every((v) =>
          names.some((n) => new RegExp(`/${v}-[^/]*\\.js$`).test(n)),
        );
      }),
    )
    .toBe(true);
  // A lazy view whose chunk is there must not suspend: React would show the box and hold the
  // view back ~300 ms.
  await app.evaluate(() => {
    const w = window as unknown as { __loadingBoxSeen: boolean };
    w.__loadingBoxSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.bookmarks-view[aria-busy], .compare[aria-busy]'))
        w.__loadingBoxSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await app.getByTestId('bookmarks-open').click();
  await expect(app.getByTestId('bookmarks-view')).toBeVisible();
  await app.getByRole('button', { name: 'Close bookmarks' }).click();
  await app.getByTestId('compare-open').click();
  await expect(app.getByTestId('compare-picker')).toBeVisible();
  expect(
    await app.evaluate(() => (window as unknown as { __loadingBoxSeen: boolean }).__loadingBoxSeen),
  ).toBe(false);
});
