// The bench's opt-in figures from inside serve: a real blocked event loop, a real signal, a real file.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBenchStats, type BenchStats } from './bench-stats';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function statsAfterSignal(file: string, n: number): Promise<BenchStats> {
  process.kill(process.pid, 'SIGUSR2');
  for (let i = 0; i < 200; i++) {
    if (existsSync(file)) {
      const s = JSON.parse(readFileSync(file, 'utf8')) as BenchStats;
      if (s.n === n) return s;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no stats written');
}

describe('bench stats', () => {
  it('does nothing without a file', () => {
    expect(() => startBenchStats('')).not.toThrow();
  });

  it('reports the longest event-loop block and memory peaks per window, on SIGUSR2', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'le-bench-stats-'));
    dirs.push(dir);
    const file = path.join(dir, 'stats.json');
    const handle = startBenchStats(file);
    // The session workers' heaps are asked for on each signal (a stand-in for SessionPool.memory).
    handle.reportWorkers(async () => [{ heapUsed: 123, external: 4, arrayBuffers: 0, newSpace: 0 }]);
    await new Promise((r) => setTimeout(r, 60));
    const until = performance.now() + 300;
    while (performance.now() < until); // the main thread blocked for 300 ms
    await new Promise((r) => setTimeout(r, 30));
    const first = await statsAfterSignal(file, 1);
    expect(first.loopMaxMs).toBeGreaterThanOrEqual(290);
    expect(first.peak.rss).toBeGreaterThan(0);
    expect(first.now.heapUsed).toBeGreaterThan(0);
    expect(first.workers).toEqual([{ heapUsed: 123, external: 4, arrayBuffers: 0, newSpace: 0 }]);

    // A new window: the block above is not in it.
    await new Promise((r) => setTimeout(r, 60));
    const second = await statsAfterSignal(file, 2);
    expect(second.loopMaxMs).toBeLessThan(290);
  });
});
