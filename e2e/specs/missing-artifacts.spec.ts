/**
 * A cluster job whose launches expect more files than ever appear has one node for the missing
 * ones past 200 (build-nodes.ts `MAX_MISSING_NODES`), saying how many, with the newest patterns in
 * its detail; a node each was made and compared again on every launch appended (issue 8).
 */
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { logLine } from '../support/log-line';
import { test, expect } from '../support/serve-fixture';

const SESSION = 'missing-sess';
const shot = (name: string) => `test-results/screens/${name}.png`;

test("a job's many missing expected artifacts are one node with their count and newest patterns, live", async ({
  app,
  served,
}) => {
  const launch = (i: number) =>
    logLine(SESSION, {
      event_id: `launch-${i}`,
      event_kind: 'compute_job_launched',
      seq: i,
      job_id: 'cluster-0',
      mode: 'cluster_exec',
      cluster_job_id: i,
      mount_path: '/workspace',
      expected_artifacts: [`results/out-${i}.json`],
    });
  const lines = Array.from({ length: 300 }, (_, i) => launch(i + 1));
  const log = served.logOf(SESSION);
  await mkdir(path.dirname(log), { recursive: true });
  await writeFile(log, lines.join(''));
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();

  const group = app.locator('[data-testid="graph-node"][data-node-id="expected-missing:cluster-0"]');
  await expect(group).toContainText('300 expected');
  await expect(group).toContainText('never produced');
  // No node per pattern beside it.
  await expect(app.locator('[data-testid="graph-node"][data-node-id^="expected:"]')).toHaveCount(0);
  await group.click();
  const patterns = app.getByTestId('missing-patterns');
  await expect(patterns).toContainText('the newest 200 of 300');
  await expect(patterns).toContainText('results/out-300.json');
  await expect(patterns).not.toContainText('results/out-100.json,');
  await app.screenshot({ path: shot('missing-artifacts') });

  // One of them produced, live: the count goes down.
  await appendFile(
    log,
    logLine(SESSION, {
      event_id: 'artifact-300',
      event_kind: 'artifact_produced',
      seq: 301,
      job_id: 'cluster-0',
      path: '/workspace/results/out-300.json',
      mount_path: '/workspace',
    }),
  );
  await expect(group).toContainText('299 expected');
  await expect(patterns).not.toContainText('results/out-300.json');
});
