/**
 * The live explorer against `serve` on a temp sciagent home: what a researcher does every day.
 * Every spec saves a screenshot of the view it checked (test-results/screens/).
 */
import { appendFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { logLine } from '../support/log-line';
import { test, expect } from '../support/serve-fixture';

const SESSION = 'e2e-sess';
const shot = (name: string) => `test-results/screens/${name}.png`;

const event = (fields: Record<string, unknown>) => logLine(SESSION, fields);
/** A call of `tool` at `seq`, its ids made from `name`. */
const toolCall = (name: string, seq: number, tool: string) =>
  event({
    event_id: `${name}-${seq}`,
    event_kind: 'tool_call',
    seq,
    tool_call_id: `${name}${seq}`,
    tool_name: tool,
  });

test('opens a session and shows its job → artifact → verification graph', async ({ app }) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-x"]')).toBeVisible();
  await expect(
    app.locator('[data-testid="graph-node"][data-node-id="artifact:/workspace/postProcessing/probes/0/U"]'),
  ).toBeVisible();
  await expect(app.locator('[data-testid="graph-node"][data-kind="verification"]')).toHaveCount(3);
  await app.screenshot({ path: shot('graph') });
});

test("the canvas's dot grid moves and scales with the viewport", async ({ app }) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(app.locator('.graph-canvas[data-graph-state="ready"]')).toBeVisible();
  const grid = app.getByTestId('dot-grid');
  const look = () =>
    grid.evaluate((el) => ({ size: el.style.backgroundSize, position: el.style.backgroundPosition }));
  const before = await look();
  expect(before.size).toMatch(/^[\d.]+px [\d.]+px$/);
  // A drag on the empty canvas pans: the dots move with it, at the same spacing.
  const pane = app.locator('.react-flow__pane');
  const box = (await pane.boundingBox())!;
  // The canvas's left edge, mid-height: no node (they start further in), no control.
  await app.mouse.move(box.x + 12, box.y + box.height / 2);
  await app.mouse.down();
  await app.mouse.move(box.x + 19, box.y + box.height / 2 + 9, { steps: 4 });
  await app.mouse.up();
  await expect.poll(async () => (await look()).position).not.toBe(before.position);
  expect((await look()).size).toBe(before.size);
  // Zoomed in, they are further apart.
  await app.locator('.react-flow__controls-zoomin').click();
  await expect.poll(async () => parseFloat((await look()).size)).toBeGreaterThan(parseFloat(before.size));
  await app.screenshot({ path: shot('dot-grid') });
});

test('a correction of a tool call\'s arguments: the node says where its "before" is, the event card shows it', async ({
  app,
}) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await app.locator('[data-testid="graph-node"][data-node-id="group:session:e2e-sess|compute_run"]').click();
  await app.getByRole('button', { name: 'Expand tools' }).click();
  await app.locator('[data-testid="graph-node"][data-node-id="tool:tc1"]').click();
  // Memory keeps no tool arguments: the node's list does not pretend the field was absent…
  await expect(app.getByTestId('correction-before-not-held')).toHaveText(/not kept in memory/);
  await expect(app.getByTestId('corrections').first()).not.toContainText('(absent)');
  // …and the event's card, read from the file, has the value as written.
  const card = app.getByTestId('corrections').nth(1);
  await expect(card.locator('del')).toContainText('bash Allrun');
  await app.screenshot({ path: shot('correction-not-held') });
});

test('j/k step events only while the session is shown, not under the bookmarks view', async ({ app }) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-x"]')).toBeVisible();
  await app.getByTestId('bookmarks-open').click();
  await app.keyboard.press('j');
  await app.keyboard.press('j');
  await app.getByRole('button', { name: 'Close bookmarks' }).click();
  // Nothing was selected while the session could not be seen…
  await expect(app.locator('.tl-row.is-selected')).toHaveCount(0);
  // …and the keys work again now that it is.
  await app.keyboard.press('j');
  await expect(app.locator('.tl-row.is-selected')).toHaveCount(1);
});

test('follows appends — one line split across two writes — and marks the new nodes', async ({
  app,
  served,
}) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-x"]')).toBeVisible();
  const log = served.logOf(SESSION);
  const line = event({
    event_id: 'e2e-launch-1',
    event_kind: 'compute_job_launched',
    seq: 11,
    job_id: 'job-live',
    managed_job_id: 7,
    backend: 'skypilot',
    command_original: 'python train.py',
    command_resolved: "timeout 600 bash -c 'cd /workspace && python train.py'",
    mount_path: '/workspace',
    expected_artifacts: ['model.pt'],
  });
  await appendFile(log, line.slice(0, 40));
  await appendFile(log, line.slice(40));
  await appendFile(
    log,
    event({
      event_id: 'e2e-status-1',
      event_kind: 'compute_job_status_changed',
      seq: 12,
      job_id: 'job-live',
      status: 'running',
      sky_status_raw: 'RUNNING',
    }),
  );
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:job-live"]')).toBeVisible();
  await expect(
    app.locator('[data-testid="graph-node"][data-node-id="expected:job-live:model.pt"]'),
  ).toBeVisible();
  await app.screenshot({ path: shot('live-append') });
});

test('a live session animates nothing for as long as it is live (its dot is a still ring)', async ({
  app,
  served,
}) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await appendFile(served.logOf(SESSION), toolCall('still', 11, 'compute_run'));
  const dot = app.locator('.topbar-session .status-live');
  await expect(dot).toBeVisible();
  await expect(
    app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"] .status-live`),
  ).toBeVisible();
  // An animation that never ends (a pulsing dot, even one the compositor runs alone) makes
  // Chromium draw a frame on every vsync while the log is followed, on the cores that read it.
  const endless = await app.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations === Infinity)
      .map((a) => `${(a as CSSAnimation).animationName ?? 'animation'} on ${a.effect?.constructor.name}`),
  );
  expect(endless).toEqual([]);
  await app.screenshot({ path: shot('live-still-dot') });
});

test('calls joining a collapsed tool group are counted on its node and its edge as they come', async ({
  app,
  served,
}) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  const group = app.locator('[data-testid="graph-node"][data-node-id="group:session:e2e-sess|compute_run"]');
  await expect(group).toHaveAttribute('title', '1 compute_run call(s)');
  const log = served.logOf(SESSION);
  const call = (seq: number) => toolCall('join', seq, 'compute_run');
  // Such an append gives React Flow no new node or edge (rf-node-cache.test.ts): the node and the
  // edge label read their counts from the graph shown (shown-graph.ts).
  await appendFile(log, call(11));
  await expect(group).toHaveAttribute('title', '2 compute_run call(s)');
  await expect(group.locator('.badge')).toHaveText('×2');
  await expect(app.locator('.edge-label', { hasText: /×2$/ })).toHaveCount(1);
  await appendFile(log, call(12) + call(13));
  await expect(group).toHaveAttribute('title', '4 compute_run call(s)');
  await expect(app.locator('.edge-label', { hasText: /×4$/ })).toHaveCount(1);
  await app.screenshot({ path: shot('live-group-count') });
});

test('live appends are drawn in a task, not in a frame callback (so the next frame shows them)', async ({
  app,
  served,
}) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-x"]')).toBeVisible();
  await expect(app.locator('[data-testid="timeline-summary"][data-last-seq="10"]')).toBeAttached();
  // Notes, for each newest seq the timeline shows, whether it changed inside a frame callback: a
  // change made there is painted in that frame but seen by an observer's next frame, a frame late.
  await app.evaluate(() => {
    const w = window as unknown as { __changes: { seq: number; inFrame: boolean }[] };
    const changes: { seq: number; inFrame: boolean }[] = (w.__changes = []);
    const summary = document.querySelector('[data-testid="timeline-summary"]')!;
    const note = (records: MutationRecord[], inFrame: boolean) => {
      if (records.length) changes.push({ seq: Number(summary.getAttribute('data-last-seq')), inFrame });
    };
    const observer = new MutationObserver((records) => note(records, false));
    observer.observe(summary, { attributes: true, attributeFilter: ['data-last-seq'] });
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) =>
      raf((time) => {
        try {
          callback(time);
        } finally {
          // A React commit runs in a microtask right after the callback: what it changed is taken
          // here, before the observer's own delivery, as changed in the frame.
          let hops = 8;
          const take = () => {
            note(observer.takeRecords(), true);
            if (--hops > 0) queueMicrotask(take);
          };
          queueMicrotask(take);
        }
      });
  });
  // A writer's pace (a line every 5 ms): deltas closer together than a frame.
  const log = served.logOf(SESSION);
  for (let seq = 11; seq <= 40; seq++) {
    await appendFile(
      log,
      event({
        event_id: `paced-${seq}`,
        event_kind: 'tool_call',
        seq,
        tool_call_id: `p${seq}`,
        tool_name: 'bash',
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await expect(app.locator('[data-testid="timeline-summary"][data-last-seq="40"]')).toBeAttached();
  const changes = await app.evaluate(
    () => (window as unknown as { __changes: { seq: number; inFrame: boolean }[] }).__changes,
  );
  expect(changes.length).toBeGreaterThan(1);
  expect(changes.filter((c) => c.inFrame)).toEqual([]);
});

test('the timeline opens on the newest events and follows new ones at its end; scrolled up, it stays put', async ({
  app,
  served,
}) => {
  const log = served.logOf(SESSION);
  const call = (seq: number) => toolCall('tail', seq, 'bash');
  const rowOf = (seq: number) => app.locator(`[data-testid="timeline-row"][data-seq="${seq}"]`);
  const summary = app.locator('[data-testid="timeline-summary"]');
  let text = '';
  for (let seq = 11; seq <= 400; seq++) text += call(seq);
  // Appended once serve has read the log: lines that come with its first read are not growth, the
  // session is then not live, and a session read after the fact opens at its start (a slow start
  // of serve made this test see rows 1–16).
  const row = app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`);
  await expect(row).toHaveAttribute('data-status', 'ready');
  await appendFile(log, text);
  await row.click();
  await expect(summary).toHaveAttribute('data-last-seq', '400');
  await expect(rowOf(400)).toBeInViewport();
  await expect(rowOf(11)).not.toBeAttached();

  // At the end: an appended event is drawn in view.
  await appendFile(log, call(401));
  await expect(rowOf(401)).toBeInViewport();
  await app.screenshot({ path: shot('timeline-follows') });

  // Scrolled up: appends do not move the reader.
  const list = app.locator('.tl-rows');
  await list.evaluate((el) => (el.scrollTop = 0));
  await expect(rowOf(1)).toBeInViewport();
  await appendFile(log, call(402) + call(403));
  await expect(summary).toHaveAttribute('data-last-seq', '403');
  expect(await list.evaluate((el) => el.scrollTop)).toBe(0);
  await expect(rowOf(1)).toBeInViewport();
  await expect(rowOf(403)).not.toBeAttached();

  // Back at the end, it follows again.
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(rowOf(403)).toBeInViewport();
  await appendFile(log, call(404));
  await expect(rowOf(404)).toBeInViewport();

  // A burst of appends: each newest row in view as it comes, while the list scrolls itself to
  // its end at most every 250 ms (VirtualList's FOLLOW_SCROLL_MS), and is at its end after it.
  await list.evaluate((el) => {
    const w = window as unknown as { __scrolls: number };
    w.__scrolls = 0;
    el.addEventListener('scroll', () => w.__scrolls++);
  });
  const started = Date.now();
  for (let seq = 405; seq <= 464; seq++) {
    await appendFile(log, call(seq));
    if (seq % 20 === 0) await expect(rowOf(seq)).toBeInViewport();
    await new Promise((r) => setTimeout(r, 10));
  }
  await expect(summary).toHaveAttribute('data-last-seq', '464');
  await expect(rowOf(464)).toBeInViewport();
  await expect
    .poll(() => list.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 4))
    .toBe(true);
  const writingMs = Date.now() - started;
  const scrolls = await app.evaluate(() => (window as unknown as { __scrolls: number }).__scrolls);
  expect(scrolls).toBeGreaterThan(0);
  expect(scrolls).toBeLessThanOrEqual(Math.ceil(writingMs / 250) + 2);
});

test('shows a node’s full event on click, read back from disk', async ({ app }) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-x"]').click();
  const detail = app.locator('[data-testid="detail-panel"]');
  await expect(detail).toContainText('sciagent-x');
  await expect(detail).toContainText("timeout 3600 bash -c 'cd /workspace && bash Allrun'");
  await app.screenshot({ path: shot('detail') });
});

test("a job's launches show their commands whole, read from disk: the newest at once, others when asked", async ({
  app,
}) => {
  await app.locator('[data-testid="session-row"][data-session-id="f9f9250c87a4"]').click();
  await app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-rcwa-meta"]').click();
  const detail = app.locator('[data-testid="detail-panel"]');
  const launches = detail.locator('.launch');
  await expect(launches).toHaveCount(12);
  // The newest three (seq 37–39): whole, beyond the 400 characters a node once kept of them.
  await expect(launches.getByTestId('command-diff')).toHaveCount(3);
  await expect(launches.nth(11)).toContainText('Phase 5: Ultr');
  const newest = await launches.nth(11).getByTestId('command-diff').locator('code').first().textContent();
  expect(newest!.length).toBeGreaterThan(7000);
  await expect(launches.getByTestId('show-command')).toHaveCount(9);
  // The first launch's, once asked for.
  await launches.nth(0).getByTestId('show-command').click();
  await expect(launches.nth(0).getByTestId('command-diff')).toContainText("print('S4 version:'");
  await expect(launches.getByTestId('command-diff')).toHaveCount(4);
  await app.screenshot({ path: shot('job-launches') });
});

test('a broken appended line becomes a visible parse-error entry with its line', async ({ app, served }) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-x"]')).toBeVisible();
  await appendFile(served.logOf(SESSION), 'this is not json at all\n');
  await app.locator('[data-testid="tab-health"]').click();
  const row = app.locator('[data-testid="problem-row"][data-line="11"]');
  await expect(row).toBeVisible();
  await row.click();
  await expect(app.locator('[data-testid="raw-line"]')).toContainText('this is not json at all');
  await app.screenshot({ path: shot('parse-error') });
});

test('a truncated log is read again from the start, and the user is told', async ({ app, served }) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-x"]')).toBeVisible();
  await writeFile(
    served.logOf(SESSION),
    event({ event_id: 'after-truncate', event_kind: 'compute_job_launched', seq: 1, job_id: 'fresh-job' }),
  );
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:fresh-job"]')).toBeVisible();
  await expect(app.locator('[data-testid="graph-node"][data-node-id="job:sciagent-x"]')).toHaveCount(0);
  await app.locator('[data-testid="tab-health"]').click();
  await expect(app.locator('[data-testid="notice"]').first()).toContainText(/truncated|replaced/);
  await app.screenshot({ path: shot('truncated') });
});

test('opening a folder from the sidebar adds its sessions and keeps every other row', async ({
  app,
  served,
}) => {
  // Every session of the home listed (the count the list says: it mounts only the rows in view).
  const listed = app.getByTestId('session-count');
  const sessions = String((await readdir(path.join(served.home, 'sessions'))).length);
  await expect(listed).toHaveText(sessions);
  await app.getByTestId('open-folder-input').fill(`${served.home}/sessions/${SESSION}`);
  await app.getByTestId('open-folder-input').press('Enter');
  await expect(app.getByText(`Following ${served.home}/sessions/${SESSION}`)).toBeVisible();
  await expect(listed).toHaveText(sessions);
  await expect(app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`)).toBeVisible();
});
