/**
 * A node whose label or seq changes as its events arrive is redrawn live without the graph being
 * rebuilt (state/session-data.ts, `Growth.changedInPlace`): here a subagent spawned without a
 * name is named by its completion, and the session's node gets its seq from `session_end`.
 */
import { appendFile } from 'node:fs/promises';
import { logLine } from '../support/log-line';
import { test, expect } from '../support/serve-fixture';

const SESSION = 'e2e-sess';

const event = (fields: Record<string, unknown>) => logLine(SESSION, fields);

test('a subagent named only by its completion is renamed live in the graph and its timeline lane', async ({
  app,
  served,
}) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-x"]')).toBeVisible();
  const log = served.logOf(SESSION);
  await appendFile(
    log,
    event({
      event_id: 'e2e-spawn-1',
      event_kind: 'subagent_spawned',
      seq: 11,
      ts: '2026-11-22T01:20:00.000000+00:00',
      task_preview: 'Summarise the probes',
    }),
  );
  const subagent = app.locator('[data-testid="graph-node"][data-node-id="subagent:e2e-spawn-1"]');
  const sessionNode = app.locator(`[data-testid="graph-node"][data-node-id="session:${SESSION}"]`);
  await expect(subagent).toContainText('subagent');
  await expect(app.locator('.tl-lane-label .mono')).toHaveText(['sciagent-x', 'subagent']);
  await expect(sessionNode).toContainText('no end yet');

  await appendFile(
    log,
    event({
      event_id: 'e2e-done-1',
      event_kind: 'subagent_completed',
      seq: 12,
      ts: '2026-11-22T01:21:00.000000+00:00',
      subagent_name: 'planner',
      spawn_event_id: 'e2e-spawn-1',
      success: true,
      iterations: 3,
      child_session_id: null,
    }) +
      event({
        event_id: 'e2e-end-1',
        event_kind: 'session_end',
        seq: 13,
        ts: '2026-11-22T01:22:00.000000+00:00',
        iterations: 9,
      }),
  );
  await expect(subagent).toContainText('planner');
  await expect(app.locator('.tl-lane-label .mono')).toHaveText(['sciagent-x', 'planner']);
  await expect(sessionNode).toContainText('ended');
  await app.screenshot({ path: 'test-results/screens/live-relabel.png' });
});
