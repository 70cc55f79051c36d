/* global window, document, requestAnimationFrame, MutationObserver -- functions passed to page.evaluate run in the browser */
/**
 * Append → visible: a writer appends one line every 10 ms to a session shown in the page. The
 * page records, with its own clock, when the timeline's newest seq (`data-last-seq`) reaches each
 * line — a MutationObserver notes the change and the next animation frame is when it is painted.
 * The baseline is the floor the OS gives: a raw `fs.watch` (inotify) on the same file, same writes.
 * Checks that nothing is missed or shown twice (the timeline's count and its last rows).
 */
import { closeSync, openSync, watch, writeSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { clickSessionRow, openApp } from './browser.mjs';
import { sessionLines } from './generate-session.mjs';
import { makeHome, wallNow } from './home.mjs';
import { startServe } from './serve-process.mjs';
import { procCpuMs } from './proc-cpu.mjs';
import { percentile } from './baseline.mjs';
import { startPageProfile, writePageHeapSnapshot } from './page-profile.mjs';

const INTERVAL_MS = 10;

/**
 * Runs in the page: notes when each newer `data-last-seq` is committed and then painted — or, with
 * `by` 'rows', each newer event's own timeline row (the list following its end), or with 'count'
 * each larger event count (a session two processes write: a line's seq need not be the newest).
 */
function observeLastSeq(by) {
  const seen = [];
  window.__seen = seen;
  let last = -1;
  const newestRow = () => {
    let max = -1;
    for (const r of document.querySelectorAll('[data-testid="timeline-row"]'))
      max = Math.max(max, Number(r.getAttribute('data-seq')));
    return max;
  };
  const read = () => {
    const el = document.querySelector('[data-testid="timeline-summary"]');
    const seq =
      by === 'rows'
        ? newestRow()
        : Number(el?.getAttribute(by === 'count' ? 'data-event-count' : 'data-last-seq') ?? -1);
    if (seq > last) {
      last = seq;
      const committed = performance.timeOrigin + performance.now();
      const entry = { seq, committed, painted: null };
      seen.push(entry);
      requestAnimationFrame(() => (entry.painted = performance.timeOrigin + performance.now()));
    }
  };
  new MutationObserver(read).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-last-seq', 'data-event-count'],
  });
  read();
}

/** Runs in the page: the timeline's count and the seqs of its last rows (scrolled to the end). */
async function timelineTail() {
  const el = document.querySelector('[data-testid="timeline-summary"]');
  const list = document.querySelector('.tl-rows');
  if (list) list.scrollTop = list.scrollHeight;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const rows = [...document.querySelectorAll('[data-testid="timeline-row"]')].map((r) =>
    Number(r.getAttribute('data-seq')),
  );
  return {
    count: Number(el?.getAttribute('data-event-count')),
    lastSeq: Number(el?.getAttribute('data-last-seq')),
    rows,
  };
}

/**
 * `sessions` > 1: that many sessions are written at once (issue 8: "hold this with 50 sessions
 * written at once"); the others start at 200 events and get a line every 10 ms too, and the
 * figures are those of the one shown. `jobs`: the generator's (`'one-cluster'`: every launch on one job).
 * `follow`: the timeline is scrolled to its end before the writes, and the figure is each appended
 * event's own row drawn; else the figure is the summary's newest seq. `writers: 2`: the session's
 * lines carry two processes' seq counters (the generator's), and the figure is the summary's
 * event count reaching each line's; so for a given log whose seqs do not grow (`given.by`). (Without the scroll the
 * timeline still ends up following: a session opened at its start that turns out to be live moves
 * to its newest events unless the reader has scrolled — the README's Timeline.)
 */
export async function liveOnce(
  browser,
  { baseEvents, appends, sessions = 1, jobs = 'many', follow = false, given = null, writers = 1 },
) {
  // `given` (bench/given-inputs.mjs `replayLines`): a log's own lines replayed, its last ones
  // appended; else generated lines, whose seq is the line number.
  const sessionId = given ? given.sessionId : `live-${baseEvents}`;
  let base;
  let appended;
  let seqs;
  if (given) {
    ({ base, appended, seqs } = given);
  } else {
    const all = [...sessionLines(sessionId, baseEvents + appends + 10, 42, { jobs, writers })];
    base = all.slice(0, baseEvents);
    appended = all.slice(baseEvents, baseEvents + appends);
    seqs = appended.map((_, i) => baseEvents + 1 + i);
  }
  const home = await makeHome();
  const dir = home.sessionDir(sessionId);
  await mkdir(dir, { recursive: true });
  const log = path.join(dir, 'provenance.jsonl');
  await writeFile(log, base.join('\n') + '\n');
  const others = [];
  for (let k = 1; k < sessions; k++) {
    const id = `other-${k}`;
    const lines = [...sessionLines(id, 200 + appends + 10, k + 100)];
    const otherDir = home.sessionDir(id);
    await mkdir(otherDir, { recursive: true });
    const file = path.join(otherDir, 'provenance.jsonl');
    await writeFile(file, lines.slice(0, 200).join('\n') + '\n');
    others.push({ file, lines: lines.slice(200), fd: null });
  }
  const serve = await startServe(home.home);
  let app = null;
  let watcher = null;
  let fd = null;
  try {
    app = await openApp(browser, serve.url);
    const { page } = app;
    await clickSessionRow(page, sessionId);
    // A given log's count is the app's own (its base part may hold lines that are not events).
    await page
      .locator(
        given
          ? `[data-testid="timeline-summary"][data-event-count]:not([data-event-count="0"])`
          : `[data-testid="timeline-summary"][data-event-count="${baseEvents}"]`,
      )
      .waitFor({ timeout: 60_000 });
    // A given log's first counts are a preview's, and its first read may still be going on: the
    // page must hold the whole log first (the app's own count of it, less the lines to come, each
    // an event with a seq), or the lines still being read count as shown twice and their reading
    // as the appends' latency.
    if (given) {
      const base = given.events - given.seqs.filter((q) => q !== null).length;
      await page
        .waitForFunction(
          (n) =>
            Number(
              document.querySelector('[data-testid="timeline-summary"]')?.getAttribute('data-event-count'),
            ) >= n,
          base,
          { timeout: 120_000 },
        )
        .catch(() => {});
    }
    const shownBefore = Number(
      await page.locator('[data-testid="timeline-summary"]').getAttribute('data-event-count'),
    );
    await page.locator('.graph-canvas[data-graph-state="ready"]').waitFor({ timeout: 60_000 });
    if (follow) {
      await page.locator('.tl-rows').evaluate((el) => (el.scrollTop = el.scrollHeight));
      if (!given)
        await page
          .locator(`[data-testid="timeline-row"][data-seq="${baseEvents}"]`)
          .waitFor({ timeout: 10_000 });
    }
    await page.waitForTimeout(500);
    const by = writers > 1 || given?.by === 'count' ? 'count' : follow ? 'rows' : 'seq';
    // By count: the count each timed line brings the page to.
    if (by === 'count') {
      let count = shownBefore;
      seqs = seqs.map((q) => (q === null ? null : ++count));
    }
    await page.evaluate(observeLastSeq, by);

    // The OS floor, on the same writes: when inotify tells a process that the file changed.
    const notified = [];
    watcher = watch(log, () => notified.push(wallNow()));
    fd = openSync(log, 'a');
    for (const o of others) o.fd = openSync(o.file, 'a');
    const written = [];
    // The page's busy share over the writes (and a profile of it with BENCH_PAGE_PROF=DIR).
    const profile = await startPageProfile(page, `live-${sessions}`);
    const serveCpuBefore = procCpuMs(serve.pid);
    const t0 = wallNow() + 20;
    for (let i = 0; i < appended.length; i++) {
      const due = t0 + i * INTERVAL_MS;
      const wait = due - wallNow();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      writeSync(fd, appended[i] + '\n');
      written.push(wallNow());
      for (const o of others) writeSync(o.fd, o.lines[i] + '\n');
    }
    closeSync(fd);
    fd = null;
    for (const o of others) {
      closeSync(o.fd);
      o.fd = null;
    }
    const lastSeq = Math.max(...seqs.filter((q) => q !== null));
    await page
      .locator(
        `[data-testid="timeline-summary"][${by === 'count' ? 'data-event-count' : 'data-last-seq'}="${lastSeq}"]`,
      )
      .waitFor({ timeout: 10_000 })
      .catch(() => {});
    const pageCpu = await profile.stop();
    const serveCpuAfter = procCpuMs(serve.pid);
    await page.waitForTimeout(300);
    watcher.close();
    watcher = null;
    const seen = await page.evaluate(() => window.__seen);
    const tail = await page.evaluate(timelineTail);
    const heapSnapshot = await writePageHeapSnapshot(page, `live-${sessions}`);

    const latency = [];
    let missed = 0;
    let j = 0;
    // Each appended seq is visible from the first record whose newest seq reaches it (a given
    // log's line without a seq is written, not timed; its seqs are taken to grow, as sciagent's do).
    for (let i = 0; i < written.length; i++) {
      const seq = seqs[i];
      if (seq === null) continue;
      while (j < seen.length && seen[j].seq < seq) j++;
      if (j === seen.length) {
        missed++;
        continue;
      }
      latency.push((seen[j].painted ?? seen[j].committed) - written[i]);
    }
    if (process.env.BENCH_LAT_DUMP) console.error(JSON.stringify(latency.map(Math.round)));
    // The floor: each write's delay to the next inotify notification.
    const floor = [];
    let k = 0;
    for (const w of written) {
      while (k < notified.length && notified[k] < w) k++;
      if (k < notified.length) floor.push(notified[k] - w);
    }
    // A given log's appended lines are each one event when they carry a seq (sciagent's do).
    const expectedCount = given
      ? shownBefore + seqs.filter((q) => q !== null).length
      : baseEvents + appended.length;
    const appendedSeqs = new Set(seqs);
    const tailExpected = tail.rows.filter((s) => appendedSeqs.has(s));
    // Two writers repeat each other's seqs: only the count tells a line shown twice.
    const dupRows = by === 'count' ? 0 : tailExpected.length - new Set(tailExpected).size;
    return {
      lines: appended.length,
      p50: percentile(latency, 50),
      p95: percentile(latency, 95),
      p99: percentile(latency, 99),
      max: Math.max(...latency),
      floorP50: percentile(floor, 50),
      floorP95: percentile(floor, 95),
      floorP99: percentile(floor, 99),
      missed,
      shownCount: tail.count,
      expectedCount,
      // More events than written means something was shown twice; fewer, something missed.
      extra: Math.max(0, tail.count - expectedCount) + dupRows,
      missing: Math.max(0, expectedCount - tail.count) + missed,
      updates: seen.length,
      pageBusy: pageCpu.busy,
      pageBusyMs: pageCpu.busyMs,
      pageMainCpuMs: pageCpu.mainThreadCpuMs,
      rendererCpuMs: pageCpu.rendererCpuMs,
      // Serve's CPU over the same span (all its threads: the session workers too).
      serveCpuMs: serveCpuBefore !== null && serveCpuAfter !== null ? serveCpuAfter - serveCpuBefore : null,
      pageProfile: pageCpu.file,
      pageHeapSnapshot: heapSnapshot,
    };
  } finally {
    if (fd !== null) closeSync(fd);
    for (const o of others) if (o.fd !== null) closeSync(o.fd);
    watcher?.close();
    await app?.close();
    await serve.stop();
    await home.remove();
  }
}
