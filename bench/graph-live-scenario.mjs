/* global window, document, requestAnimationFrame, MutationObserver -- functions passed to page.evaluate run in the browser */
/**
 * Append → the graph shows it: a writer appends a tool call every 10 ms to a session shown in the
 * page, and the page records, with its own clock, when the graph counts each — committed, then
 * painted on the next animation frame. Two kinds of append:
 * - calls of one tool (the common case): that tool's group node counts each call (its `title`,
 *   "N shell call(s)"); React Flow is given nothing new (shown-graph.ts);
 * - calls of a new tool each (`newTools`): each draws a new group node — React Flow takes new node
 *   and edge lists and the node is placed — and the canvas's node count (`data-node-count`) counts
 *   it. After such a drawing the graph takes its next shape at most GRAPH_EVERY_MS later
 *   (src-renderer/src/state/graph-pace.ts).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { percentile } from './baseline.mjs';
import { clickSessionRow, openApp } from './browser.mjs';
import { generatedLog, makeHome, wallNow } from './home.mjs';
import { startPageProfile } from './page-profile.mjs';
import { startServe } from './serve-process.mjs';

const INTERVAL_MS = 10;

/**
 * Runs in the page: a count the graph shows, as it changes — the tool group's calls (its title),
 * or with `tool` null the canvas's nodes. Null when there is no such group.
 */
function observeCount(tool) {
  const el =
    tool === null
      ? document.querySelector('.graph-canvas')
      : [...document.querySelectorAll('[data-testid="graph-node"][data-kind="tool_group"]')].find((e) =>
          e.getAttribute('title')?.endsWith(` ${tool} call(s)`),
        );
  if (!el) return null;
  const attribute = tool === null ? 'data-node-count' : 'title';
  const seen = [];
  window.__graphSeen = seen;
  const read = () => {
    const n = parseInt(el.getAttribute(attribute) ?? '', 10);
    if (seen.length && n <= seen.at(-1).n) return;
    const entry = { n, committed: performance.timeOrigin + performance.now(), painted: null };
    seen.push(entry);
    requestAnimationFrame(() => (entry.painted = performance.timeOrigin + performance.now()));
  };
  new MutationObserver(read).observe(el, { attributes: true, attributeFilter: [attribute] });
  read();
  return seen[0].n;
}

/**
 * `appends` calls of `tool` (or of `tool-0`, `tool-1`… with `newTools`) appended every 10 ms to a
 * generated session of `baseEvents` events.
 */
export async function graphLiveOnce(browser, { baseEvents, appends, tool = 'shell', newTools = false }) {
  const sessionId = `graphlive${baseEvents}`;
  const log = await generatedLog(sessionId, baseEvents);
  const home = await makeHome();
  const dir = home.sessionDir(sessionId);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'provenance.jsonl');
  await copyFile(log, file); // a copy: appended to
  const serve = await startServe(home.home);
  let app = null;
  let fd = null;
  try {
    app = await openApp(browser, serve.url);
    const { page } = app;
    await clickSessionRow(page, sessionId);
    await page.locator('.graph-canvas[data-graph-state="ready"]').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const before = await page.evaluate(observeCount, newTools ? null : tool);
    if (before === null) return null;
    fd = openSync(file, 'a');
    const written = [];
    // How busy the page was while written (and a profile of it with BENCH_PAGE_PROF=DIR).
    const profile = await startPageProfile(page, `graph-live${newTools ? '-new-tools' : ''}`);
    const t0 = wallNow() + 20;
    for (let i = 0; i < appends; i++) {
      const wait = t0 + i * INTERVAL_MS - wallNow();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const line = {
        schema_version: '2',
        event_id: `graph-live-${i}`,
        event_kind: 'tool_call',
        session_id: sessionId,
        seq: baseEvents + 100 + i,
        ts: '2026-06-09T20:09:12.000000+00:00',
        actor: 'anthropic/claude-sonnet-4-6',
        tool_call_id: `graph-live-call-${i}`,
        tool_name: newTools ? `${tool}-${i}` : tool,
        arguments: { command: 'ls' },
      };
      writeSync(fd, JSON.stringify(line) + '\n');
      written.push(wallNow());
    }
    closeSync(fd);
    fd = null;
    await page
      .waitForFunction((n) => (window.__graphSeen.at(-1)?.n ?? 0) >= n, before + appends, { timeout: 10_000 })
      .catch(() => {});
    await page.waitForTimeout(100);
    const pageCpu = await profile.stop();
    const seen = await page.evaluate(() => window.__graphSeen);
    const latency = [];
    let missed = 0;
    let j = 0;
    for (let i = 0; i < written.length; i++) {
      while (j < seen.length && seen[j].n < before + i + 1) j++;
      if (j === seen.length) missed++;
      else latency.push((seen[j].painted ?? seen[j].committed) - written[i]);
    }
    return {
      lines: appends,
      updates: seen.length - 1,
      p50: latency.length ? percentile(latency, 50) : null,
      p95: latency.length ? percentile(latency, 95) : null,
      p99: latency.length ? percentile(latency, 99) : null,
      missed,
      pageBusy: pageCpu.busy,
      pageMainCpuMs: pageCpu.mainThreadCpuMs,
      pageProfile: pageCpu.file,
    };
  } finally {
    if (fd !== null) closeSync(fd);
    await app?.close();
    await serve.stop();
    await home.remove();
  }
}
