/**
 * Compare in the browser (issue 5): one session at two seqs and two real sessions, chosen in the
 * Compare form; the summary counts, the aligned steps with collapsed unchanged runs (one
 * expanded), and a graph difference that leads to its node. `flip-sess` (e2e/fixtures/compare/)
 * holds a later verdict that refutes an artifact and a correction of the first verdict.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/serve-fixture';

const FIXTURE = fileURLToPath(new URL('../fixtures/compare/flip-sess.jsonl', import.meta.url));
const shot = (name: string) => `test-results/screens/compare-${name}.png`;

const count = (app: Page, kind: string) => app.locator(`[data-testid="compare-count"][data-kind="${kind}"]`);

async function chooseSide(app: Page, side: 'a' | 'b', sessionId: string, seq: string) {
  const fields = app.getByTestId(`compare-side-${side}`);
  const select = fields.getByTestId('compare-session-select');
  const value = await select.locator('option', { hasText: sessionId }).getAttribute('value');
  await select.selectOption(value!);
  await fields.getByTestId('compare-seq-input').fill(seq);
}

test('one session at two seqs: counts, collapsed runs, a run expanded, a node shown', async ({
  app,
  served,
}) => {
  const log = served.logOf('flip-sess');
  await mkdir(path.dirname(log), { recursive: true });
  await copyFile(FIXTURE, log);
  await expect(app.locator('[data-testid="session-row"][data-session-id="flip-sess"]')).toBeVisible({
    timeout: 15_000,
  });

  // Side A from the timeline: the event picked there gives its seq.
  await app.locator('[data-testid="session-row"][data-session-id="flip-sess"]').click();
  await app.locator('[data-testid="timeline-row"][data-seq="6"]').click();
  await app.getByTestId('compare-open').click();
  await expect(app.getByTestId('compare-picker')).toBeVisible();
  const sideA = app.getByTestId('compare-side-a');
  await sideA.getByRole('button', { name: 'Selected event (seq 6)' }).click();
  await expect(sideA.getByTestId('compare-seq-input')).toHaveValue('6');
  await chooseSide(app, 'b', 'flip-sess', '9');
  await app.screenshot({ path: shot('picker') });
  await app.getByTestId('compare-submit').click();

  const view = app.getByTestId('compare-view');
  await expect(view).toHaveAttribute('data-status', 'ready');
  await expect(count(app, 'nodes-added')).toHaveAttribute('data-value', '1');
  await expect(count(app, 'nodes-changed')).toHaveAttribute('data-value', '2');
  await expect(count(app, 'edges-added')).toHaveAttribute('data-value', '1');
  await expect(count(app, 'verdict-flips')).toHaveAttribute('data-value', '2');
  await expect(count(app, 'corrections-added')).toHaveAttribute('data-value', '1');
  await expect(count(app, 'steps-same')).toHaveAttribute('data-value', '5');
  await expect(count(app, 'steps-changed')).toHaveAttribute('data-value', '1');
  await expect(count(app, 'steps-added')).toHaveAttribute('data-value', '3');

  // Steps 1–5 collapsed, then the verdict corrected since seq 6, then the three steps added.
  const runs = app.getByTestId('compare-run');
  await expect(runs).toHaveCount(1);
  await expect(runs.nth(0)).toHaveAttribute('data-count', '5');
  const visibleSteps = app.locator('[data-testid="compare-steps"] [data-testid="compare-step"]');
  await expect(visibleSteps).toHaveCount(4);
  await expect(visibleSteps.nth(0)).toHaveAttribute('data-change', 'changed');
  await expect(visibleSteps.nth(0)).toContainText('verified → insufficient; corrected');
  await expect(app.locator('[data-testid="compare-step"][data-change="added"]')).toHaveText([
    /7.*compute_job_status_changed fit-job: completed/,
    /8.*verification_result data on file \/out\/fit.csv: refuted/,
    /9.*correction of verdict/,
  ]);
  await expect(app.getByTestId('compare-flip')).toHaveCount(2);
  await expect(app.getByTestId('compare-correction')).toContainText('the first check read a stale file');
  await app.screenshot({ path: shot('same-session') });

  await runs.nth(0).getByRole('button').click();
  await expect(runs.nth(0)).toHaveAttribute('data-expanded', 'true');
  await expect(runs.nth(0).getByTestId('compare-step')).toHaveCount(5);
  await expect(runs.nth(0).getByTestId('compare-step').nth(0)).toContainText('tool_call compute_run');
  await app.screenshot({ path: shot('run-expanded') });

  // A difference leads to its node in the session.
  await app.locator('[data-testid="compare-node-diff"][data-key="verification:e8"]').click();
  await expect(view).toHaveCount(0);
  await expect(app.locator('[data-testid="graph-node"][data-node-id="verification:e8"]')).toHaveAttribute(
    'data-selected',
    'true',
  );
  await expect(app.getByTestId('detail-panel')).toContainText('refuted');
});

test('two sessions: steps aligned, what differs listed, identical sides collapse', async ({ app }) => {
  await app.getByTestId('compare-open').click();
  await chooseSide(app, 'a', '42d50babf77e', '');
  await chooseSide(app, 'b', '3326ebef62bf', '');
  await app.getByTestId('compare-submit').click();
  await expect(app.getByTestId('compare-view')).toHaveAttribute('data-status', 'ready');
  await expect(count(app, 'steps-removed')).toHaveAttribute('data-value', '35');
  await expect(count(app, 'steps-added')).toHaveAttribute('data-value', '10');
  await expect(count(app, 'steps-changed')).toHaveAttribute('data-value', '1');
  await expect(count(app, 'verdict-flips')).toHaveAttribute('data-value', '1');
  await expect(app.getByTestId('compare-flip')).toContainText('insufficient');
  await expect(
    app.locator('[data-testid="compare-node-diff"][data-key="job:brca1-analysis"]'),
  ).toHaveAttribute('data-change', 'added');
  await expect(app.locator('[data-testid="compare-step"][data-change="changed"]')).toContainText(
    'verification_result llm on task t-single: verified',
  );
  await app.screenshot({ path: shot('two-sessions') });

  // The same session on both sides: nothing differs, one collapsed run.
  await app.getByTestId('compare-change').click();
  await chooseSide(app, 'b', '42d50babf77e', '');
  await app.getByTestId('compare-submit').click();
  await expect(app.getByTestId('compare-view')).toHaveAttribute('data-status', 'ready');
  await expect(app.getByTestId('compare-run')).toHaveCount(1);
  await expect(app.getByTestId('compare-run')).toHaveAttribute('data-count', '54');
  await expect(app.getByTestId('compare-diffs')).toContainText('The two graphs are the same.');
});
