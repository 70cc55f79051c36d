/**
 * Opt-in measurements for `npm run bench` (issue 8), off unless LINEAGE_EXPLORER_BENCH_STATS names
 * a file: how long the main thread's event loop was blocked (perf_hooks.monitorEventLoopDelay at a
 * 10 ms resolution) and the peaks of process.memoryUsage() sampled every 50 ms.
 *
 * Each SIGUSR2 writes the figures since the previous one to the file (one JSON object, replaced
 * atomically, numbered by `n`) and starts a new window; so does exit. With `node --expose-gc` the
 * "now" memory figures are taken after a full collection (what is really kept, not garbage).
 * Sessions live in worker threads, whose heaps process.memoryUsage() does not count: `workers`
 * has each one's own figures (after a full GC there too), once serve has said how to ask them.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { WorkerMemory } from './sessions/session-worker-protocol';

const SAMPLE_MS = 50;

export interface BenchStats {
  n: number;
  windowMs: number;
  /** Longest event-loop block in the window, ms (includes the 10 ms resolution). */
  loopMaxMs: number;
  loopP99Ms: number;
  peak: { rss: number; heapUsed: number; external: number; arrayBuffers: number };
  now: NodeJS.MemoryUsage;
  /** Each worker's heap (empty when no worker reporter was given, or at exit). */
  workers: WorkerMemory[];
  gc: boolean;
}

export interface BenchStatsHandle {
  /** How to ask the worker threads for their memory. */
  reportWorkers(report: () => Promise<WorkerMemory[]>): void;
}

export function startBenchStats(file = process.env['LINEAGE_EXPLORER_BENCH_STATS']): BenchStatsHandle {
  let reportWorkers: (() => Promise<WorkerMemory[]>) | null = null;
  const handle: BenchStatsHandle = { reportWorkers: (report) => (reportWorkers = report) };
  if (!file) return handle;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let n = 0;
  let since = performance.now();
  const peak = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.external = Math.max(peak.external, m.external);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, m.arrayBuffers);
  };
  const timer = setInterval(sample, SAMPLE_MS);
  timer.unref();

  const write = (workers: WorkerMemory[]) => {
    sample();
    const loopMaxMs = histogram.max / 1e6;
    const loopP99Ms = histogram.percentile(99) / 1e6;
    // The full collection below is the bench's, not the app's: its block must not land in the
    // next window (the histogram records a delay at its next tick, after a reset here — the
    // collection at the start of an open was counted as that open's longest block).
    histogram.disable();
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const stats: BenchStats = {
      n: ++n,
      windowMs: performance.now() - since,
      loopMaxMs,
      loopP99Ms,
      peak: { ...peak },
      now: process.memoryUsage(),
      workers,
      gc: Boolean(gc),
    };
    try {
      writeFileSync(`${file}.tmp`, JSON.stringify(stats));
      renameSync(`${file}.tmp`, file);
    } catch {
      // The bench reads what it can; serve goes on.
    }
    histogram.reset();
    histogram.enable();
    since = performance.now();
    peak.rss = peak.heapUsed = peak.external = peak.arrayBuffers = 0;
  };
  process.on('SIGUSR2', () => {
    const asked = reportWorkers ? reportWorkers().catch(() => []) : Promise.resolve([]);
    void asked.then(write);
  });
  process.once('exit', () => write([]));
  return handle;
}
