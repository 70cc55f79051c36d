/**
 * Stable links (issue 5, item 5) against `serve`: a serve URL with a node path opens that session
 * with the node selected; the URL follows the selection and a reload keeps the place; "Copy link"
 * copies a link that opens the same place in another page; a link to a node that is not there
 * says so and opens it when it arrives; a TreeTrace chain link selects the chain.
 * Screens: test-results/screens/links-*.png.
 */
import { mkdtempSync } from 'node:fs';
import { appendFile, cp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { webLink, type AppTarget } from '../../src-shared/links/app-link';
import { logLine } from '../support/log-line';
import { test, expect } from '../support/serve-fixture';

// Never the real user-data folder: a temp one (serve inherits it).
process.env['LINEAGE_EXPLORER_DATA_DIR'] = mkdtempSync(path.join(os.tmpdir(), 'le-e2e-links-'));

const SESSION = 'e2e-sess';
const TREETRACE = fileURLToPath(
  new URL('../fixtures/treetrace/corpus/examples/api-key-auth', import.meta.url),
);
const shot = (name: string) => `test-results/screens/links-${name}.png`;

/** The serve URL of a target, on the fixture's server with its token. */
function urlOf(served: { url: string }, target: AppTarget): string {
  const u = new URL(served.url);
  return webLink(u.origin, u.searchParams.get('token') ?? '', target);
}

const node = (app: Page, id: string) => app.locator(`[data-testid="graph-node"][data-node-id="${id}"]`);

test('a serve URL with a node path opens that node; the URL follows the selection; reload keeps it', async ({
  app,
  served,
}) => {
  const key = served.logOf(SESSION);
  await app.goto(urlOf(served, { kind: 'session', key, at: { kind: 'node', id: 'job:sciagent-x' } }));
  await expect(app.locator('[data-app-state="ready"]')).toBeVisible();
  await expect(node(app, 'job:sciagent-x')).toHaveAttribute('data-selected', 'true');
  await expect(app.getByTestId('detail-panel')).toContainText('job:sciagent-x');
  await expect(app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`)).toHaveClass(
    /is-selected/,
  );
  await app.screenshot({ path: shot('opened-node') });

  // Select something else: the address follows (replaceState), and a reload comes back to it.
  const artifact = 'artifact:/workspace/postProcessing/probes/0/U';
  await node(app, artifact).click();
  await expect
    .poll(() => decodeURIComponent(new URL(app.url()).pathname))
    .toBe(`/session/${key}/node/${artifact}`);
  expect(new URL(app.url()).searchParams.get('token')).toBe(new URL(served.url).searchParams.get('token'));
  await app.reload();
  await expect(node(app, artifact)).toHaveAttribute('data-selected', 'true');
});

test('copy link: the copied text opens the same place', async ({ app, served }) => {
  await app
    .context()
    .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(served.url).origin });
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await app.locator('[data-testid="timeline-row"][data-seq="7"]').click();
  const card = app.locator('[data-testid="event-card"].is-highlighted');
  const eventId = await card.getAttribute('data-event-id');
  await card.getByTestId('copy-link').click();
  await expect(app.getByTestId('toast').filter({ hasText: 'Link copied' })).toBeVisible();
  const copied = await app.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await app.evaluate(() => document.documentElement.dataset['lastCopiedLink']));
  expect(copied).toContain('/event/');
  await app.screenshot({ path: shot('copied') });

  const other = await app.context().newPage();
  await other.goto(copied);
  await expect(other.locator(`[data-testid="timeline-row"][data-event-id="${eventId}"]`)).toHaveClass(
    /is-selected/,
  );
  await expect(other.locator(`[data-testid="event-card"][data-event-id="${eventId}"]`)).toHaveClass(
    /is-highlighted/,
  );
  await other.close();
});

test('a link to a node that is not there yet says so, and opens it when it arrives', async ({
  app,
  served,
}) => {
  const key = served.logOf(SESSION);
  await app.goto(urlOf(served, { kind: 'session', key, at: { kind: 'node', id: 'job:later-job' } }));
  await expect(app.getByTestId('link-notice')).toContainText('job:later-job is not in this session (yet)');
  await app.screenshot({ path: shot('not-yet') });
  await appendFile(
    key,
    logLine(SESSION, {
      event_id: 'late-launch',
      event_kind: 'compute_job_launched',
      seq: 50,
      ts: '2026-11-22T01:30:00.000000+00:00',
      job_id: 'later-job',
      command_original: 'echo hi',
      command_resolved: 'echo hi',
    }),
  );
  await expect(node(app, 'job:later-job')).toHaveAttribute('data-selected', 'true');
  await expect(app.getByTestId('link-notice')).toHaveCount(0);
});

test('a TreeTrace chain link selects the chain; a bad link is not a crash', async ({ app, served }) => {
  await cp(TREETRACE, path.join(served.home, 'treetrace', 'api-key-auth'), { recursive: true });
  const doc = app.locator('[data-testid="document-row"][data-kind="treetrace"][data-key*="api-key-auth"]');
  await expect(doc).toBeVisible({ timeout: 15_000 });
  await doc.click();
  await app.locator('[data-testid="tt-chain-row"]').nth(1).click();
  const summary = app.getByTestId('tt-chain-summary');
  await expect(summary).toBeVisible();
  const link = await summary.getByTestId('copy-link').getAttribute('data-link');
  expect(link).toMatch(/\/document\/.+\/chain\//);

  const other = await app.context().newPage();
  await other.goto(link!);
  await expect(other.getByTestId('treetrace-view')).toBeVisible();
  await expect(other.locator('[data-testid="tt-chain-row"]').nth(1)).toHaveClass(/is-selected/);
  await expect(other.getByTestId('tt-chain-summary')).toBeVisible();
  await other.screenshot({ path: shot('chain') });

  // A chain the bundle does not have: said, visibly.
  const key = decodeURIComponent(new URL(link!).pathname.split('/')[2]!);
  await other.goto(urlOf(served, { kind: 'document', key, at: { kind: 'chain', id: 'no-such-chain' } }));
  await expect(other.getByTestId('link-notice')).toContainText('Chain no-such-chain is not in this bundle');
  await other.close();
});
