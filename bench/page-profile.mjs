/**
 * The page's side of a scenario, seen by Chromium's own profiler (CDP `Profiler` on the page's
 * session): how busy the page's main thread was, and — with BENCH_PAGE_PROF=DIR — a
 * `.cpuprofile` of it that Chrome DevTools opens (serve's own profile is BENCH_CPU_PROF); with
 * BENCH_PAGE_TRACE=DIR a Chromium trace of the page (style, layout, paint) over the same span;
 * with BENCH_PAGE_HEAPSNAP=DIR a heap snapshot of the page once the live scenario's lines are in.
 *
 * The busy share is always measured (sampling costs the page little at a 1 ms interval): the live
 * target is mostly the page's per-append work, and "the page was 85% busy" is what to compare.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { procCpuMs } from './proc-cpu.mjs';

/**
 * Starts sampling the page's main thread; `stop()` returns `{ busy, busyMs, ms, file }`.
 * `{ sample: false }`: only the renderer's CPU time from /proc (no profiler running in the page).
 */
export async function startPageProfile(page, name, { sample = true } = {}) {
  const traceDir = process.env.BENCH_PAGE_TRACE;
  const browser = page.context().browser();
  const traceFile = traceDir ? path.join(traceDir, `${name}-${Date.now()}.trace.json`) : null;
  if (traceFile) {
    // The renderer's own timeline (style, layout, paint, tasks): DevTools' Performance panel loads it.
    await mkdir(traceDir, { recursive: true });
    await browser.startTracing(page, {
      path: traceFile,
      screenshots: false,
      categories: (
        process.env.BENCH_PAGE_TRACE_CATEGORIES ??
        'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,blink,cc,v8'
      ).split(','),
    });
  }
  const cpuBefore = await rendererCpu(browser);
  if (!sample && !traceFile) {
    return {
      async stop() {
        const cpuAfter = await rendererCpu(browser);
        return {
          busy: null,
          busyMs: null,
          ms: null,
          rendererCpuMs: cpuBefore && cpuAfter ? cpuAfter.all - cpuBefore.all : null,
          mainThreadCpuMs: cpuBefore && cpuAfter ? cpuAfter.main - cpuBefore.main : null,
          file: null,
        };
      },
    };
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop');
      if (traceFile) await browser.stopTracing();
      await cdp.detach().catch(() => {});
      const share = busyShare(profile);
      const cpuAfter = await rendererCpu(browser);
      // CPU time is what the page cost; busy share (wall clock) also grows while the thread waits
      // for a core on a loaded machine.
      share.rendererCpuMs = cpuBefore && cpuAfter ? cpuAfter.all - cpuBefore.all : null;
      share.mainThreadCpuMs = cpuBefore && cpuAfter ? cpuAfter.main - cpuBefore.main : null;
      const dir = process.env.BENCH_PAGE_PROF;
      let file = null;
      if (dir) {
        await mkdir(dir, { recursive: true });
        file = path.join(dir, `${name}-${Date.now()}.cpuprofile`);
        await writeFile(file, JSON.stringify(profile));
      }
      return { ...share, file };
    },
  };
}

/** The share of the profile's time spent anywhere but "(idle)" (GC and "(program)" count as busy). */
export function busyShare(profile) {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  let idleUs = 0;
  // timeDeltas[i] is the time before sample i: that interval is charged to sample i.
  for (let i = 0; i < profile.samples.length; i++) {
    const d = deltas[i] ?? 0;
    total += d;
    if (idle.has(profile.samples[i])) idleUs += d;
  }
  const ms = total / 1000;
  const busyMs = (total - idleUs) / 1000;
  return { busy: total > 0 ? busyMs / ms : null, busyMs, ms };
}

/**
 * CPU time of this browser's renderer processes (ms): all their threads, and their main threads
 * alone, from /proc. Null where there is no /proc or the browser does not say.
 */
async function rendererCpu(browser) {
  try {
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    await cdp.detach();
    let all = 0;
    let main = 0;
    for (const p of processInfo.filter((x) => x.type === 'renderer')) {
      all += p.cpuTime * 1000;
      // The main thread is the process's first thread (its id is the process id).
      const ms = procCpuMs(p.id, p.id);
      if (ms === null) return null;
      main += ms;
    }
    return { all, main };
  } catch {
    return null;
  }
}

/**
 * With BENCH_PAGE_HEAPSNAP=DIR, a heap snapshot of the page (DevTools' Memory panel loads it), as
 * `<name>-<time>.heapsnapshot`; returns its path, or null without the variable. Its "(GC roots)"
 * show, for one, how many strings V8 has internalized (docs/performance-history.md, the page's string table).
 */
export async function writePageHeapSnapshot(page, name) {
  const dir = process.env.BENCH_PAGE_HEAPSNAP;
  if (!dir) return null;
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}-${Date.now()}.heapsnapshot`);
  const cdp = await page.context().newCDPSession(page);
  const out = createWriteStream(file);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (m) => out.write(m.chunk));
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await new Promise((resolve) => out.end(resolve));
  await cdp.detach();
  return file;
}
