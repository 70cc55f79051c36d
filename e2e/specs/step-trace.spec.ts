/**
 * The step-trace view against `serve`: the traces in e2e/fixtures/step-traces (a valid one, one
 * invalid in four ways, one rejected) are copied into the temp home after start — the document
 * index picks them up as they appear — and opened from the sidebar's Documents section.
 */
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect, type Served } from '../support/serve-fixture';

const FIXTURES = fileURLToPath(new URL('../fixtures/step-traces', import.meta.url));
const shot = (name: string) => `test-results/screens/step-trace-${name}.png`;

/** The trace element (event, evidence, claim) of a line, not its violation rows. */
const eventAt = (app: Page, line: number) =>
  app.locator(`[data-testid="step-trace-steps"] [data-line="${line}"]`);

async function openTrace(app: Page, served: Served, name: string): Promise<void> {
  await cp(FIXTURES, path.join(served.home, 'sessions', 'step-traces'), { recursive: true });
  const row = app.locator(`[data-testid="document-row"][data-kind="step-trace"][data-key$="/${name}.jsonl"]`);
  await expect(row).toBeVisible();
  await row.click();
  await expect(app.locator('[data-testid="step-trace-view"]')).toBeVisible();
}

test('a valid trace shows its verdict, steps, evidence and claims with the cited spans marked', async ({
  app,
  served,
}) => {
  await openTrace(app, served, 'valid');
  const verdict = app.locator('[data-testid="step-trace-verdict"]');
  await expect(verdict).toHaveAttribute('data-verdict', 'valid');
  await expect(verdict).toContainText('Valid');
  await expect(app.locator('[data-testid="violation-row"]')).toHaveCount(0);

  const steps = app.locator('[data-testid="trace-step"]');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(1)).toHaveAttribute('data-step-id', 'gather-report');
  await expect(steps.nth(1).locator('[data-kind="tool_called"]').first()).toContainText('read_file');
  await expect(steps.nth(1).locator('[data-kind="tool_returned"]')).toHaveCount(2);

  const report = app.locator('[data-testid="evidence-card"][data-line="7"]');
  const cited = report.locator('[data-testid="cited-span"]');
  await expect(cited).toHaveCount(2);
  await expect(cited.nth(0)).toHaveText('the Reynolds number was 10');
  await expect(cited.nth(1)).toHaveText('converged to 0.1718 m/s');

  const claim = app.locator('[data-testid="claim-card"][data-line="13"]');
  await expect(claim).toContainText('The probe velocity converged to 0.1718 m/s');
  const support = claim.locator('[data-testid="claim-support"]').first();
  await expect(support).toContainText('converged to 0.1718 m/s');
  await support.locator('button').click();
  await expect(report).toHaveAttribute('data-focused', 'true');
  await expect(report.locator('[data-testid="cited-span"].is-active')).toHaveText('converged to 0.1718 m/s');
  await app.screenshot({ path: shot('valid') });
});

test('an invalid trace lists its violations by rule; clicking one jumps to its event', async ({
  app,
  served,
}) => {
  await openTrace(app, served, 'invalid');
  const verdict = app.locator('[data-testid="step-trace-verdict"]');
  await expect(verdict).toHaveAttribute('data-verdict', 'invalid');
  await expect(verdict).toContainText('but parseable');
  const rows = app.locator('[data-testid="violation-row"]');
  await expect(rows).toHaveCount(4);
  const rules = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-rule')));
  expect(rules).toEqual(['call_result_mismatch', 'hash_mismatch', 'unknown_evidence', 'unknown_output_type']);

  // The snippet hash mismatch is on claim.supports[1] of the claim on line 13.
  await rows.filter({ hasText: 'hash_mismatch' }).click();
  const claim = app.locator('[data-testid="claim-card"][data-line="13"]');
  await expect(claim).toHaveAttribute('data-focused', 'true');
  await expect(claim).toBeInViewport();
  await expect(claim.locator('[data-cite-field="claim.supports[1]"]')).toHaveClass(/is-active/);
  await expect(claim.locator('[data-cite-field="claim.supports[1]"]')).toContainText('hash_mismatch');

  // The unknown output type: the last step_finished, far down the trace.
  await rows.filter({ hasText: 'unknown_output_type' }).click();
  const finished = eventAt(app, 15);
  await expect(finished).toHaveAttribute('data-focused', 'true');
  await expect(finished).toBeInViewport();
  await expect(finished).toContainText('conclude');

  await rows.filter({ hasText: 'call_result_mismatch' }).click();
  await expect(eventAt(app, 6)).toHaveAttribute('data-focused', 'true');
  await expect(eventAt(app, 6)).toBeInViewport();
  await app.screenshot({ path: shot('invalid') });
});

test('a rejected trace says rejected, with its parse error and unknown kind', async ({ app, served }) => {
  await openTrace(app, served, 'rejected');
  const verdict = app.locator('[data-testid="step-trace-verdict"]');
  await expect(verdict).toHaveAttribute('data-verdict', 'rejected');
  await expect(verdict).toContainText('Rejected');
  const rows = app.locator('[data-testid="violation-row"]');
  await expect(rows.filter({ hasText: 'unknown_kind' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'parse_error' })).toHaveCount(1);
  await rows.filter({ hasText: 'parse_error' }).click();
  const broken = eventAt(app, 7);
  await expect(broken).toHaveAttribute('data-focused', 'true');
  await expect(broken).toBeInViewport({ ratio: 1 });
  await expect(broken).toContainText('"kind": "tool_returned"');
  await app.screenshot({ path: shot('rejected') });
});

test('the view reads in the dark theme too', async ({ app, served }) => {
  await app.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await openTrace(app, served, 'invalid');
  await app.locator('[data-testid="violation-row"]').nth(1).click();
  const claim = app.locator('[data-testid="claim-card"][data-line="13"]');
  await expect(claim).toHaveAttribute('data-focused', 'true');
  await expect(claim).toBeInViewport({ ratio: 1 });
  await app.screenshot({ path: shot('dark') });
});
