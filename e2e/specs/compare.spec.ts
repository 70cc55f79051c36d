/**
 * Compare in the browser (issue 5): one session at two seqs and two real sessions, chosen in the
 * Compare form; the summary counts, the aligned steps with collapsed unchanged runs (one
 * expanded), and a graph difference that leads to its node. `flip-sess` (e2e/fixtures/compare/)
 * holds a later verdict that refutes an artifact and a correction of the first verdict.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/serve-fixture';

const FIXTURE = fileURLToPath(new URL('../fixtures/compare/flip-sess.jsonl', import.meta.url));
const shot = (name: string) => `test-results/screens/compare-${name}.png`;

const count = (app: Page, kind: string) => app.locator(`[data-testid="compare-count"][data-kind="${kind}"]`);

/** Scrolls the aligned steps a screen at a time until `row` is mounted (the list is windowed). */
async function scrollStepsTo(app: Page, row: ReturnType<Page['locator']>) {
  const list = app.locator('[data-testid="compare-steps"] .vlist');
  await expect(list).toBeVisible();
  for (let i = 0; i < 200 && (await row.count()) === 0; i++)
    await list.evaluate((el) => {
      el.scrollTop += el.clientHeight;
    });
  await row.first().scrollIntoViewIfNeeded();
}

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
  // The run's rows follow it in the (windowed) list, marked with the run's index among the blocks.
  const runRows = app.locator('[data-testid="compare-step"][data-run="0"]');
  await expect(runRows).toHaveCount(5);
  await expect(runRows.nth(0)).toContainText('tool_call compute_run');
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
  // The list is windowed: scroll it until the changed step is mounted.
  const changed = app.locator('[data-testid="compare-step"][data-change="changed"]');
  await scrollStepsTo(app, changed);
  await expect(changed).toContainText('verification_result llm on task t-single: verified');
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

/**
 * Two long sessions written to the temp home: 20 identical tool calls (a collapsed run), then
 * 1 400 calls whose result failed in B (1 400 changed steps, each between two unchanged calls), then
 * 40 steps only B has, the last a call of `final-step`.
 */
async function writeLongSessions(
  home: string,
): Promise<{ items: number; runSteps: number; lastEventId: string }> {
  const lines = (side: 'a' | 'b') => {
    const out: string[] = [];
    let seq = 0;
    const event = (kind: string, fields: Record<string, unknown>, id = `${side}-${seq + 1}`) =>
      out.push(
        JSON.stringify({
          schema_version: '2',
          event_id: id,
          event_kind: kind,
          session_id: `long-${side}`,
          seq: ++seq,
          ts: new Date(Date.UTC(2026, 5, 1) + seq * 1000).toISOString(),
          ...fields,
        }),
      );
    const pair = (tool: string, n: number, success: boolean) => {
      event('tool_call', { tool_call_id: `${tool}-${n}`, tool_name: tool });
      event('tool_result', { tool_call_id: `${tool}-${n}`, tool_name: tool, success });
    };
    for (let n = 0; n < 10; n++) pair('setup', n, true);
    for (let n = 0; n < 1400; n++) pair('work', n, side === 'a');
    if (side === 'b') {
      for (let n = 0; n < 39; n++) event('tool_call', { tool_call_id: `extra-${n}`, tool_name: 'extra' });
      event('tool_call', { tool_call_id: 'final', tool_name: 'final-step' }, 'b-final');
    }
    return out.join('\n') + '\n';
  };
  for (const side of ['a', 'b'] as const) {
    const dir = path.join(home, 'sessions', `long-${side}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'provenance.jsonl'), lines(side));
  }
  // The run (the setup pairs and the first work call, 21 steps), then per work pair its result
  // (changed) and the next call (unchanged, alone), then B's 40.
  return { items: 1 + 1400 + 1399 + 40, runSteps: 21, lastEventId: 'b-final' };
}

test('two long sessions: the step list mounts only what is in view, scrolls and steps to the end', async ({
  app,
  served,
}) => {
  const { items, runSteps, lastEventId } = await writeLongSessions(served.home);
  for (const id of ['long-a', 'long-b'])
    await expect(app.locator(`[data-testid="session-row"][data-session-id="${id}"]`)).toBeVisible({
      timeout: 15_000,
    });
  await app.getByTestId('compare-open').click();
  await chooseSide(app, 'a', 'long-a', '');
  await chooseSide(app, 'b', 'long-b', '');
  await app.getByTestId('compare-submit').click();
  await expect(app.getByTestId('compare-view')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(count(app, 'steps-changed')).toHaveAttribute('data-value', '1400');
  await expect(count(app, 'steps-added')).toHaveAttribute('data-value', '40');

  const steps = app.getByTestId('compare-steps');
  const list = steps.locator('.vlist');
  const mounted = steps.locator('[data-testid="compare-step"]');
  await expect(steps).toHaveAttribute('data-items', String(items));
  await expect(mounted.first()).toBeVisible();
  // Far fewer rows mounted than the 2 840 items listed.
  expect(await mounted.count()).toBeLessThan(80);
  // Both sides of a pair stay on one row: the changed result's A and B cells line up.
  const changedRow = steps.locator('[data-testid="compare-step"][data-change="changed"]').first();
  const [cellA, cellB] = [
    changedRow.locator('.compare-step-cell').nth(0),
    changedRow.locator('.compare-step-cell').nth(1),
  ];
  expect((await cellA.boundingBox())!.y).toBe((await cellB.boundingBox())!.y);
  await expect(changedRow).toContainText('true → false');
  await app.screenshot({ path: shot('long-top') });

  // Scrolled to the end: the last step is shown, and still only a window of rows is mounted.
  await list.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  const last = steps.locator('[data-testid="compare-step"]', { hasText: 'final-step' });
  await expect(last).toBeInViewport();
  expect(await mounted.count()).toBeLessThan(80);
  await app.screenshot({ path: shot('long-end') });

  // The keyboard: Home to the first item (the collapsed run), ↓ to the first changed step,
  // → to its B side, End to the last step, Enter opens it in its session.
  await list.focus();
  await app.keyboard.press('Home');
  await expect(list).toHaveAttribute('aria-activedescendant', 'compare-item-0');
  await expect(steps.getByTestId('compare-run')).toBeInViewport();
  await app.keyboard.press('ArrowDown');
  await app.keyboard.press('ArrowRight');
  await expect(list).toHaveAttribute('aria-activedescendant', 'compare-item-1');
  const cells = steps.locator('#compare-item-1 .compare-step-cell');
  await expect(cells.nth(1)).toHaveClass(/is-active/); // B's side
  await expect(cells.nth(0)).not.toHaveClass(/is-active/);
  await expect(cells.nth(1)).toContainText('tool_result work');
  await app.screenshot({ path: shot('long-keys') });
  // Space expands the run from the keyboard too.
  await app.keyboard.press('Home');
  await app.keyboard.press(' ');
  await expect(steps.getByTestId('compare-run')).toHaveAttribute('data-expanded', 'true');
  await expect(steps.locator('[data-testid="compare-step"][data-run="0"]').first()).toBeVisible();
  await app.keyboard.press('End');
  await expect(list).toHaveAttribute('aria-activedescendant', `compare-item-${items + runSteps - 1}`);
  await expect(last).toBeInViewport();
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('compare-view')).toHaveCount(0);
  await expect(app.locator(`[data-testid="timeline-row"][data-event-id="${lastEventId}"]`)).toHaveClass(
    /is-selected/,
  );
});
