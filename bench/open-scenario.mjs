/* global window, document, requestAnimationFrame, Element, MutationObserver -- functions passed to page.evaluate run in the browser */
/**
 * Open a big session to an interactive graph, in Chromium against `serve`:
 *  - cold: the log appears in the watched home (one rename) while the page is open; the bench
 *    clicks its row as soon as it is listed, and the clock runs from that click (the page's own
 *    event time) until the graph shows the whole session and the page answers frames again;
 *  - warm: a fresh tab clicks the same session once the server has read it (snapshot + layout).
 * "Interactive" = the session row says ready, the graph view says ready with nodes drawn, the
 * timeline counts every event, and the next two animation frames come < 50 ms apart.
 */
import { installFrameProbe, openApp } from './browser.mjs';
import { makeHome, stageSession, wallNow } from './home.mjs';
import { callBridge, probeMainThread, rssOf, startServe } from './serve-process.mjs';
import { startPageProfile } from './page-profile.mjs';
import { startStallProbe } from './stall-probe.mjs';

const FRAME_OK_MS = 50;

/** Runs in the page: resolves when the view is interactive (see the header), or on timeout. */
function waitInteractive({ sessionId, events, timeoutMs, frameOkMs }) {
  return new Promise((resolve) => {
    const start = performance.now();
    let condAt = null;
    let last = null;
    let smooth = 0;
    const ready = () => {
      const row = document.querySelector(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
      const graph = document.querySelector('.graph-canvas');
      const tl = document.querySelector('[data-testid="timeline-summary"]');
      return (
        row?.getAttribute('data-status') === 'ready' &&
        row?.getAttribute('aria-current') === 'true' &&
        graph?.getAttribute('data-graph-state') === 'ready' &&
        Number(graph.getAttribute('data-node-count')) > 0 &&
        document.querySelector('[data-testid="graph-node"]') !== null &&
        Number(tl?.getAttribute('data-event-count')) === events
      );
    };
    const tick = (t) => {
      if (condAt !== null) smooth = t - last < frameOkMs ? smooth + 1 : 0;
      if (condAt === null && ready()) condAt = t;
      last = t;
      if (smooth >= 2) {
        const graph = document.querySelector('.graph-canvas');
        resolve({ ok: true, condAt, at: t, nodes: Number(graph.getAttribute('data-node-count')) });
      } else if (performance.now() - start > timeoutMs) resolve({ ok: false, condAt, at: t });
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/**
 * Runs in the page, before the log appears: when its row is first listed (the first useful paint
 * of a cold open: the sessions list with the read's progress) and when the row says ready (serve
 * has the envelope index and the lineage overview complete), on the page's wall clock; and when
 * the first events or nodes of it are painted.
 */
function watchRow(sessionId) {
  const marks = { listed: null, ready: null, firstContent: null };
  window.__rowMarks = marks;
  const now = () => performance.timeOrigin + performance.now();
  const check = () => {
    const row = document.querySelector(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
    if (row && marks.listed === null) marks.listed = now();
    if (row?.getAttribute('data-status') === 'ready' && marks.ready === null) marks.ready = now();
    if (
      marks.firstContent === null &&
      row?.getAttribute('aria-current') === 'true' &&
      (Number(document.querySelector('[data-testid="timeline-summary"]')?.getAttribute('data-event-count')) >
        0 ||
        document.querySelector('[data-testid="graph-node"]'))
    )
      marks.firstContent = now();
  };
  new MutationObserver(check).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-status', 'aria-current', 'data-event-count'],
  });
  check();
}

/** Runs in the page: the click's event time on a session row (the user's input, not Playwright's). */
function recordClick(sessionId) {
  window.__clickAt = null;
  document.addEventListener(
    'click',
    (e) => {
      if (e.target instanceof Element && e.target.closest(`[data-session-id="${sessionId}"]`))
        window.__clickAt = e.timeStamp;
    },
    { capture: true },
  );
}

/** Runs in the page: long tasks and frame gaps within [from, to]. */
function frameStats({ from, to }) {
  const probe = window.__bench;
  probe.running = false;
  const tasks = (probe.longTasks ?? []).filter((t) => t.start + t.duration >= from && t.start <= to);
  let worstGap = 0;
  for (let i = 1; i < probe.frames.length; i++) {
    const a = probe.frames[i - 1];
    const b = probe.frames[i];
    if (b >= from && a <= to) worstGap = Math.max(worstGap, b - a);
  }
  return {
    longestTask: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
    blocking: tasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0),
    worstGap,
  };
}

/**
 * `prepare` starts the probes (not timed); `reveal` makes the log appear (a cold open): the clock
 * of "log appears → …" starts just before it.
 */
async function measureOpen(
  page,
  sessionId,
  events,
  timeoutMs,
  { prepare = async () => {}, reveal = async () => {} } = {},
) {
  // The page opens a session by itself at start (the most recent): show the small one first so
  // that the click below really opens ours.
  await page.locator('[data-testid="session-row"][data-session-id="small-session"]').click();
  await page.locator('.graph-canvas[data-graph-state="ready"]').waitFor({ timeout: timeoutMs });
  await page.waitForTimeout(300);
  await page.evaluate(installFrameProbe);
  await page.evaluate(recordClick, sessionId);
  await page.evaluate(watchRow, sessionId);
  await prepare();
  const before = wallNow();
  await reveal();
  // Clicked as soon as it is listed (cold: while the server is still reading it).
  await page
    .locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`)
    .click({ timeout: 30_000 });
  const result = await page.evaluate(waitInteractive, {
    sessionId,
    events,
    timeoutMs,
    frameOkMs: FRAME_OK_MS,
  });
  const clickAt = await page.evaluate(() => window.__clickAt);
  const origin = await page.evaluate(() => performance.timeOrigin);
  const stats = await page.evaluate(frameStats, { from: clickAt, to: result.at });
  const marks = await page.evaluate(() => window.__rowMarks);
  const since = (t) => (t === null ? null : t - before);
  return {
    listedMs: since(marks.listed),
    indexedMs: since(marks.ready),
    firstContentMs: since(marks.firstContent),
    ok: result.ok,
    ms: result.at - clickAt,
    // From just before `reveal` (the log appearing, for a cold open), on the same clock.
    fromAppearMs: origin + result.at - before,
    drawnMs: result.condAt === null ? null : result.condAt - clickAt,
    nodes: result.nodes ?? null,
    ...stats,
  };
}

/** The session workers' new spaces in use, summed (null: not reported). */
const newSpaceOf = (stats) =>
  stats?.workers?.length ? stats.workers.reduce((n, w) => n + (w.newSpace ?? 0), 0) : null;

/** The page's JS heap after a full collection (Chrome DevTools Protocol), in bytes; null if not given. */
async function pageHeapAfterGc(page) {
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    await cdp.detach();
    return usedSize;
  } catch {
    return null;
  }
}

/**
 * One cold and one warm open of `log` (of `events` events) as session `sessionId`. `restMs`: also
 * serve's memory that long after the warm open, the session still open and nothing else asked of
 * serve (its state at rest: a worker gives its young generation back when quiet), and that long
 * after closing it (a worker left with no session is stopped).
 */
export async function openOnce(browser, log, sessionId, events, timeoutMs = 60_000, { restMs = 0 } = {}) {
  const home = await makeHome();
  const serve = await startServe(home.home);
  try {
    const staged = await stageSession(home, sessionId, log);
    const first = await openApp(browser, serve.url);
    let probe = null;
    let stalls = null;
    let before = null;
    let pageCpu = null;
    const cold = await measureOpen(first.page, sessionId, events, timeoutMs, {
      prepare: async () => {
        // Sampled only when asked for (BENCH_PAGE_PROF): a profiler in the page costs it CPU too.
        pageCpu = await startPageProfile(first.page, `open-${sessionId}`, {
          sample: Boolean(process.env.BENCH_PAGE_PROF || process.env.BENCH_PAGE_TRACE),
        });
        stalls = await startStallProbe();
        probe = await probeMainThread(serve.url);
        before = await serve.stats(); // starts serve's measuring window; memory before (after GC)
      },
      reveal: () => staged.reveal(),
    });
    cold.server = probe?.stop() ?? null;
    // Serve's own view of the open: its event loop's longest block and its memory peak.
    cold.serveStats = await serve.stats();
    // The longest stall an idle process on the same machine saw meanwhile (stall-probe.mjs).
    cold.machineStall = (await stalls?.stop()) ?? null;
    // What the page cost while it followed the read: it shares the 2 cores with serve's worker.
    cold.page = (await pageCpu?.stop()) ?? null;
    await first.close();
    const second = await openApp(browser, serve.url);
    probe = await probeMainThread(serve.url);
    const warm = await measureOpen(second.page, sessionId, events, timeoutMs);
    warm.server = probe.stop();
    warm.serveStats = await serve.stats();
    const pageHeap = await pageHeapAfterGc(second.page);
    await second.close();
    const after = await serve.stats(); // the session open and read, after GC
    let rest = null;
    if (restMs) {
      await new Promise((r) => setTimeout(r, restMs));
      rest = await serve.stats();
    }
    // Closing it (sessions.close, where serve has it) should give its memory back.
    const key = home.sessionDir(sessionId) + '/provenance.jsonl';
    const closed = await callBridge(serve.url, 'sessions', 'close', [key]).then(
      () => true,
      () => false,
    );
    const afterClose = closed ? await serve.stats() : null;
    // And at rest after that (a worker left with no session is stopped when idle).
    let closedRest = null;
    if (closed && restMs) {
      await new Promise((r) => setTimeout(r, restMs));
      closedRest = await serve.stats();
    }
    // Serve's own heap and buffers plus its session workers' (where the sessions live).
    const kept = (s) =>
      s
        ? s.now.heapUsed + s.now.external + (s.workers ?? []).reduce((n, w) => n + w.heapUsed + w.external, 0)
        : null;
    return {
      cold,
      warm,
      serveRss: rssOf(serve.pid),
      memory: {
        before: before?.now ?? null,
        after: after?.now ?? null,
        gc: Boolean(after?.gc),
        // What serve keeps for the session: heap + buffers after GC, less what it held before.
        keptBytes: before && after ? kept(after) - kept(before) : null,
        rssBefore: before?.now.rss ?? null,
        rssAfter: after?.now.rss ?? null,
        rssAtRest: rest?.now.rss ?? null,
        // The session workers' young generations (V8's new space in use), right after and at rest.
        newSpaceAfter: newSpaceOf(after),
        newSpaceAtRest: newSpaceOf(rest),
        rssPeakOpening: cold.serveStats?.peak.rss ?? null,
        // Of what the session kept, the share given back once it is closed (null: no close).
        returnedOnClose:
          afterClose && before && after
            ? (kept(after) - kept(afterClose)) / (kept(after) - kept(before))
            : null,
        rssAfterClose: afterClose?.now.rss ?? null,
        rssClosedAtRest: closedRest?.now.rss ?? null,
        // The tab showing the session: its JS heap after a full GC (the renderer's share of the app).
        pageHeap,
      },
    };
  } finally {
    await serve.stop();
    await home.remove();
  }
}
