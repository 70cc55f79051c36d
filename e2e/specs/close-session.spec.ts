/**
 * Closing a session (issue 8): serve lets go of its memory and stops following it; the row stays,
 * marked closed; opening it again reads it afresh (a line written while closed included).
 */
import { appendFile } from 'node:fs/promises';
import { logLine } from '../support/log-line';
import { test, expect } from '../support/serve-fixture';

const SESSION = 'e2e-sess';

test('closes a session from the sidebar and reads it again when opened', async ({ app, served }) => {
  const row = app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`);
  await row.click();
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-x"]')).toBeVisible();

  await row.hover();
  await app.screenshot({
    path: 'test-results/screens/session-close-button.png',
    clip: { x: 0, y: 130, width: 280, height: 200 },
  });
  await app.getByRole('button', { name: `Close ${SESSION}` }).click();
  await expect(row).toHaveAttribute('data-closed', 'true');
  await expect(row.getByTestId('session-closed')).toBeVisible();
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-x"]')).toHaveCount(0);
  await app.screenshot({ path: 'test-results/screens/session-closed.png' });

  await appendFile(
    served.logOf(SESSION),
    logLine(SESSION, {
      event_id: 'written-while-closed',
      event_kind: 'compute_job_launched',
      seq: 11,
      job_id: 'job-after-close',
    }),
  );
  await row.click();
  await expect(row).not.toHaveAttribute('data-closed', 'true');
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:job-after-close"]')).toBeVisible();
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-x"]')).toBeVisible();
});
