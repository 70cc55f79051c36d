/**
 * Issue 8, T5 in the page: the sessions list the web host's page names in a `<link rel="preload">`
 * (src-main/web/early-list.ts) is drawn as soon as the app mounts — before the page's socket is
 * open, and whether or not it ever opens — from one request: the page's fetch takes the preload's
 * response rather than asking again. The socket's list then replaces it, and rows pushed later
 * change it as before.
 */
import { appendFile } from 'node:fs/promises';
import { expect, test } from '../support/serve-fixture';

const shot = (name: string) => `test-results/screens/${name}.png`;

test('the sessions list is drawn from the request the page made as it loaded, before its socket opens', async ({
  host,
  served,
  webBrowser,
}) => {
  test.skip(host !== 'web', 'the desktop app has no web host: its list comes over IPC');
  const context = await webBrowser!.newContext();
  try {
    const page = await context.newPage();
    // A socket that never opens: every call over it waits, so only the early list can draw rows.
    await page.addInitScript(() => {
      window.WebSocket = class {
        binaryType = 'blob';
        send() {}
        close() {}
      } as unknown as typeof WebSocket;
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/early/sessions-list') asked.push(request.url());
    });
    await page.goto(served.url);
    await expect(page.locator('#root[data-app-state="ready"]')).toBeAttached();
    const rows = page.locator('[data-testid="session-row"]');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByTestId('session-count')).toHaveText('6');
    await expect(page.locator('[data-testid="session-row"][data-session-id="e2e-sess"]')).toBeVisible();
    // The preload and the page's fetch were one request (a mismatch between them makes two).
    expect(asked).toHaveLength(1);
    await page.screenshot({ path: shot('early-list-no-socket') });
  } finally {
    await context.close();
  }
});

test('with its socket open, the list the page drew first is followed by pushed row changes', async ({
  host,
  served,
  app,
}) => {
  test.skip(host !== 'web', 'the desktop app has no web host');
  const count = app.locator('[data-testid="session-row"][data-session-id="e2e-sess"] .session-events');
  const before = Number(await count.textContent());
  const line = JSON.stringify({
    schema_version: '2',
    event_id: 'early-list-appended',
    event_kind: 'tool_call',
    session_id: 'e2e-sess',
    seq: 9001,
    ts: '2026-06-01T10:00:00+00:00',
    tool_call_id: 'early-list-call',
    tool_name: 'shell',
  });
  await appendFile(served.logOf('e2e-sess'), line + '\n');
  await expect(count).toHaveText(String(before + 1));
});
