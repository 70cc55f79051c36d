/**
 * Change ledgers in the browser (issue 5): the bookmark timeline — events in order on their lanes,
 * snapshot and bookmark markers, the merge, the rollup, violations where they occur — and the
 * bookmark diff, side by side, with binary impacts and the replay check. Ledgers are built with
 * the shared LedgerBuilder into the test's temp home (e2e/fixtures/ledgers/build-ledgers.ts).
 */
import { mkdtempSync } from 'node:fs';
import { appendFile, mkdir, readFile, readdir, rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/serve-fixture';
import { flawedFiles, richFiles, writeLedger } from '../fixtures/ledgers/build-ledgers';

// The user's own bookmarks go to the app's data folder: a temp one for these tests (the serve
// process inherits this environment).
const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'le-e2e-data-'));
process.env['LINEAGE_EXPLORER_DATA_DIR'] = DATA_DIR;

const shot = (name: string) => `test-results/screens/ledger-${name}.png`;

async function openLedger(app: Page, home: string, name: string, files: Map<string, string | Uint8Array>) {
  // Built beside the home, then moved in whole: the app sees one complete ledger folder appear.
  const stage = path.join(path.dirname(home), `stage-${name}`);
  await writeLedger(stage, files);
  const folder = path.join(home, 'ledgers', name);
  await mkdir(path.dirname(folder), { recursive: true });
  await rename(stage, folder);
  const row = app.locator(`[data-testid="document-row"][data-kind="change-ledger"][data-key$="${name}"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.click();
  await expect(app.getByTestId('ledger-view')).toBeVisible();
  return folder;
}

const event = (app: Page, id: string) => app.locator(`[data-testid="ledger-event"][data-event-id="${id}"]`);

test('the bookmark timeline: events in order on lanes, markers, merge and rollup', async ({
  app,
  served,
}) => {
  await openLedger(app, served.home, 'rich', await richFiles());
  const rows = app.getByTestId('ledger-event');
  await expect(rows).toHaveCount(12);
  // The title bar names what is shown: the ledger, not the last session.
  await expect(app.getByTestId('topbar-view')).toContainText('rich');
  await expect(app.getByTestId('topbar-view')).toContainText('Ledger');
  const ids = await rows.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset['eventId']));
  expect(ids).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'b1', 'f1', 'f2', 'e7', 'm1', 'e8']);

  // Lanes: the branch event opens `feature`; its events are drawn there; the merge is back on main.
  await expect(app.getByTestId('ledger-lane')).toHaveCount(2);
  await expect(event(app, 'f1')).toHaveAttribute('data-lane', 'feature');
  await expect(event(app, 'f2')).toHaveAttribute('data-lane', 'feature');
  await expect(event(app, 'm1')).toHaveAttribute('data-lane', 'main');
  await expect(event(app, 'm1').getByTestId('ledger-merge')).toContainText('f2');

  // Markers where they sit.
  const bookmarks = app.getByTestId('ledger-bookmark-marker');
  await expect(bookmarks).toHaveText(['⚑ start', '⚑ mid', '⚑ feature-done', '⚑ post-merge', '⚑ end']);
  await expect(event(app, 'e2').getByTestId('ledger-snapshot-marker')).toContainText('s1');
  await expect(event(app, 'e6').getByTestId('ledger-snapshot-marker')).toContainText('s2');
  await expect(event(app, 'm1').getByTestId('ledger-snapshot-marker')).toContainText('snap-merge');

  // The rollup and the raw events it composes.
  await expect(event(app, 'e5').getByTestId('ledger-rollup')).toHaveText('rollup of e3, e4');
  await expect(event(app, 'e3').getByTestId('ledger-rolled-up')).toHaveText('in rollup e5');
  await expect(app.getByTestId('ledger-violation')).toHaveCount(0);
  await app.screenshot({ path: shot('timeline') });

  await event(app, 'm1').click();
  await expect(app.getByTestId('ledger-event-detail')).toContainText('"policy": "text"');
  await app.emulateMedia({ colorScheme: 'dark' });
  await app.screenshot({ path: shot('timeline-dark') });
});

test('violations are marked on the events where they occur', async ({ app, served }) => {
  await openLedger(app, served.home, 'flawed', await flawedFiles());
  await expect(
    event(app, 'e3').locator('[data-testid="ledger-violation"][data-rule="CT-PROV-04"]'),
  ).toBeVisible();
  await expect(
    event(app, 'e9').locator('[data-testid="ledger-violation"][data-rule="CT-PROV-05"]'),
  ).toBeVisible();
  await expect(
    event(app, 'm1').locator('[data-testid="ledger-violation"][data-rule="replay_divergence"]'),
  ).toBeVisible();
  await expect(event(app, 'e1')).toHaveAttribute('data-violations', '');
  await app.screenshot({ path: shot('violations') });
});

test('the bookmark diff: every file side by side, binary impacts, replay verified', async ({
  app,
  served,
}) => {
  await openLedger(app, served.home, 'rich', await richFiles());
  await app.getByTestId('ledger-tab-diff').click();
  await app.getByTestId('ledger-diff-from').selectOption('start');
  await app.getByTestId('ledger-diff-to').selectOption('post-merge');
  const files = app.getByTestId('ledger-diff-file');
  await expect(files).toHaveCount(5);
  const paths = await files.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset['path']).sort());
  expect(paths).toEqual(['README.md', 'docs/diagram.png', 'notes.txt', 'src/app.py', 'src/feature.py']);

  // A new file: its lines are additions on the right, blanks on the left.
  const feature = app.locator('[data-testid="ledger-diff-file"][data-path="src/feature.py"]');
  await expect(feature.locator('.badge', { hasText: 'added' })).toBeVisible();
  await expect(feature.locator('td.is-add').first()).toContainText('def feature():');
  await expect(feature.locator('td.is-remove')).toHaveCount(0);

  // An edit: removals on the left against additions on the right.
  const app_ = app.locator('[data-testid="ledger-diff-file"][data-path="src/app.py"]');
  await expect(app_.locator('td.is-remove').first()).toBeVisible();
  await expect(app_.locator('td.is-add').first()).toBeVisible();
  await expect(app_.locator('[data-testid="ledger-replay"][data-status="verified"]')).toBeVisible();

  // The binary change: its impact summary and hashes.
  const png = app.locator('[data-testid="ledger-diff-file"][data-path="docs/diagram.png"]');
  await expect(png.getByTestId('ledger-binary-impact')).toContainText('Updated architecture diagram');
  await expect(png.getByTestId('ledger-hash-after')).toHaveAttribute('title', `sha256:${'b'.repeat(64)}`);
  await app.screenshot({ path: shot('diff') });
  await app.emulateMedia({ colorScheme: 'dark' });
  await app.screenshot({ path: shot('diff-dark') });

  // mid → end: exactly the events after e6 up to e8.
  await app.getByTestId('ledger-diff-from').selectOption('mid');
  await app.getByTestId('ledger-diff-to').selectOption('end');
  await expect(
    app.locator('[data-testid="ledger-diff-file"][data-path="notes.txt"] .badge', { hasText: 'removed' }),
  ).toBeVisible();
  await expect(app.locator('[data-testid="ledger-diff-file"][data-path="docs/diagram.png"]')).toHaveCount(0);
});

test('the bookmark diff shows a replay divergence', async ({ app, served }) => {
  await openLedger(app, served.home, 'flawed', await flawedFiles());
  await app.getByTestId('ledger-tab-diff').click();
  await app.getByTestId('ledger-diff-from').selectOption('start');
  await app.getByTestId('ledger-diff-to').selectOption('post-merge');
  const readme = app.locator('[data-testid="ledger-diff-file"][data-path="README.md"]');
  await expect(readme.locator('[data-testid="ledger-replay"][data-status="diverged"]')).toBeVisible();
  await expect(readme.getByTestId('ledger-replay-divergence')).toContainText('f'.repeat(64));
  await app.screenshot({ path: shot('diverged') });
});

test('the timeline follows the ledger as it grows', async ({ app, served }) => {
  const folder = await openLedger(app, served.home, 'rich', await richFiles());
  await expect(app.getByTestId('ledger-event')).toHaveCount(12);
  await appendFile(
    path.join(folder, 'events.jsonl'),
    JSON.stringify({
      id: 'n1',
      ts: '2025-09-27T11:00:00.000Z',
      author: { name: 'ledger', kind: 'system' },
      action_type: 'checkpoint',
      files: ['.'],
      diff_path: '',
      diff_mode: 'unified',
      operation_id: 'op-n1',
      action_scope: 'file',
      rationale: 'a later checkpoint',
      bookmark: 'later',
    }) + '\n',
  );
  await expect(app.getByTestId('ledger-event')).toHaveCount(13);
  await expect(event(app, 'n1').getByTestId('ledger-bookmark-marker')).toHaveText('⚑ later');
});

test("the user's own bookmarks: pin an event, reload the page, still there", async ({ app, served }) => {
  const folder = await openLedger(app, served.home, 'rich', await richFiles());
  await event(app, 'e6').click();
  await app.getByTestId('user-bookmark-name').fill('diagram review');
  await app.getByTestId('user-bookmark-note').fill('check the new diagram against the spec');
  await app.getByTestId('user-bookmark-save').click();
  await expect(event(app, 'e6').getByTestId('user-bookmark-marker')).toHaveText('★ diagram review');
  await expect(app.getByTestId('user-bookmark')).toHaveCount(1);
  await app.screenshot({ path: shot('user-bookmarks') });

  await app.reload();
  await expect(app.locator('[data-app-state="ready"]')).toBeVisible();
  await app.locator('[data-testid="document-row"][data-kind="change-ledger"][data-key$="rich"]').click();
  await expect(event(app, 'e6').getByTestId('user-bookmark-marker')).toHaveText('★ diagram review');
  await expect(app.getByTestId('user-bookmark')).toContainText('check the new diagram against the spec');

  // Kept in the app's data folder, never in the ledger's.
  // (in the one bookmark store, bookmarks.json, with every other bookmark the user made).
  const saved = JSON.parse(await readFile(path.join(DATA_DIR, 'bookmarks.json'), 'utf8')) as {
    bookmarks: Array<{ name: string; target: { key: string; at: { kind: string; id: string } } }>;
  };
  expect(saved.bookmarks.map((b) => [b.name, b.target.key, b.target.at])).toContainEqual([
    'diagram review',
    folder,
    { kind: 'event', id: 'e6' },
  ]);
  expect(await readdir(folder)).not.toContain('ledger-bookmarks.json');
  expect(await readdir(folder)).not.toContain('bookmarks.json');

  // A pinned event is a diff endpoint too.
  await app.getByTestId('ledger-tab-diff').click();
  await app.getByTestId('ledger-diff-from').selectOption({ label: '★ diagram review — e6' });
  await app.getByTestId('ledger-diff-to').selectOption('end');
  await expect(app.locator('[data-testid="ledger-diff-file"][data-path="notes.txt"]')).toBeVisible();
  await expect(app.locator('[data-testid="ledger-diff-file"][data-path="docs/diagram.png"]')).toHaveCount(0);
  await app.getByTestId('ledger-tab-timeline').click();

  await app.getByTestId('user-bookmark-remove').click();
  await expect(app.getByTestId('user-bookmark-marker')).toHaveCount(0);
});
