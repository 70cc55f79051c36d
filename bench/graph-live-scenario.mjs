/* global window, document, requestAnimationFrame, MutationObserver -- functions passed to page.evaluate run in the browser */
/**
 * Append → the graph shows it: a writer appends a call of one tool every 10 ms to a session shown
 * in the page, and the page records, with its own clock, when that tool's group node counts each
 * call (its `title`, "N shell call(s)") — committed, then painted on the next animation frame.
 * T2's own rows follow the timeline, which takes every append as it comes; the graph takes new
 * shapes at most every GRAPH_EVERY_MS within a burst (src-renderer/src/state/graph-pace.ts), so
 * this is the latency a reader watching the graph sees.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { percentile } from './baseline.mjs';
import { clickSessionRow, openApp } from './browser.mjs';
import { generatedLog, makeHome, wallNow } from './home.mjs';
import { startServe } from './serve-process.mjs';

const INTERVAL_MS = 10;

/** Runs in the page: the tool group's count as it changes (null when there is no such group). */
function observeGroupCount(tool) {
  const el = [...document.querySelectorAll('[data-testid="graph-node"][data-kind="tool_group"]')].find((e) =>
    e.getAttribute('title')?.endsWith(` ${tool} call(s)`),
  );
  if (!el) return null;
  const seen = [];
  window.__groupSeen = seen;
  const read = () => {
    const n = parseInt(el.getAttribute('title') ?? '', 10);
    if (seen.length && n <= seen.at(-1).n) return;
    const entry = { n, committed: performance.timeOrigin + performance.now(), painted: null };
    seen.push(entry);
    requestAnimationFrame(() => (entry.painted = performance.timeOrigin + performance.now()));
  };
  new MutationObserver(read).observe(el, { attributes: true, attributeFilter: ['title'] });
  read();
  return seen[0].n;
}

/** `appends` calls of `tool` appended every 10 ms to a generated session of `baseEvents` events. */
export async function graphLiveOnce(browser, { baseEvents, appends, tool = 'shell' }) {
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
    const before = await page.evaluate(observeGroupCount, tool);
    if (before === null) return null;
    fd = openSync(file, 'a');
    const written = [];
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
        tool_name: tool,
        arguments: { command: 'ls' },
      };
      writeSync(fd, JSON.stringify(line) + '\n');
      written.push(wallNow());
    }
    closeSync(fd);
    fd = null;
    await page
      .waitForFunction((n) => (window.__groupSeen.at(-1)?.n ?? 0) >= n, before + appends, { timeout: 10_000 })
      .catch(() => {});
    await page.waitForTimeout(100);
    const seen = await page.evaluate(() => window.__groupSeen);
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
    };
  } finally {
    if (fd !== null) closeSync(fd);
    await app?.close();
    await serve.stop();
    await home.remove();
  }
}
