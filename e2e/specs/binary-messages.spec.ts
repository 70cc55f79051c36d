/**
 * Issue 8 (a 1 GB session usable): serve sends a big message — a session's snapshot — as a binary
 * WebSocket message of its UTF-8 JSON, which costs the page's main thread less to receive than a
 * text message of it (a 200 MB snapshot as text held the page ~2 s before any of our code ran);
 * the page decodes it. Small messages stay text frames. Frames are seen through Chromium's own
 * DevTools protocol.
 */
import { stageGeneratedSession } from '../support/generated-session';
import { expect, test } from '../support/serve-fixture';

test('a big snapshot comes as a binary message and is shown whole; small messages are text', async ({
  app,
  served,
  host,
}) => {
  test.skip(host !== 'web', 'the desktop app talks to its main process over IPC, not a WebSocket');
  const cdp = await app.context().newCDPSession(app);
  await cdp.send('Network.enable');
  // Opcode and size of every frame the page receives (1: text, 2: binary).
  const frames: { opcode: number; bytes: number }[] = [];
  cdp.on('Network.webSocketFrameReceived', ({ response }) =>
    frames.push({ opcode: response.opcode, bytes: response.payloadData.length }),
  );
  // 20,000 events: a snapshot of several MB, many times the one-frame size (256 KB).
  const { lines, reveal } = await stageGeneratedSession(served.home, 'big-reply', 20_000);
  await reveal();
  const row = app.locator('[data-testid="session-row"][data-session-id="big-reply"]');
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await row.click();
  await expect(app.locator('[data-testid="timeline-summary"]')).toHaveAttribute(
    'data-event-count',
    String(lines.length),
    { timeout: 30_000 },
  );
  await expect(app.locator('.graph-canvas[data-graph-state="ready"]')).toBeVisible();
  const binary = frames.filter((f) => f.opcode === 2);
  expect(binary.length).toBeGreaterThan(0);
  // Binary payloads are reported base64: a snapshot's is megabytes.
  expect(Math.max(...binary.map((f) => f.bytes))).toBeGreaterThan(1_000_000);
  expect(frames.filter((f) => f.opcode === 1).length).toBeGreaterThan(0);
  await cdp.detach();
});
