/**
 * The machine's own stalls, as the baseline of serve's event-loop figure: a separate Node process
 * that does nothing but wake every 5 ms and note how late it woke. On this 2-core VM an idle
 * process woke up to ~140 ms late while a big log was opened (the page, its GPU process, serve and
 * its workers together exceed the CPU the VM gets), and in those stalls no thread of serve ran
 * either (its CPU time did not move). A block of serve's event loop no longer than the stall an
 * idle process saw in the same window is the machine's, not serve's.
 *
 * As a script (the child): reports `{ maxLateMs, over50 }` as one JSON line on stdout when stdin
 * closes. `startStallProbe()` runs it and `stop()` resolves to that report.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const EVERY_MS = 5;

export async function startStallProbe() {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  // Started once it says so (its timer is set: it is up and timing).
  await new Promise((resolve) => child.stdout.once('data', resolve));
  out = '';
  return {
    async stop() {
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await done;
      try {
        return JSON.parse(out.trim().split('\n').at(-1));
      } catch {
        return null;
      }
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let last = performance.now();
  let maxLateMs = 0;
  let over50 = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - last - EVERY_MS;
    maxLateMs = Math.max(maxLateMs, late);
    if (late > 50) over50++;
    last = now;
  }, EVERY_MS);
  process.stdout.write('started\n');
  process.stdin.resume();
  process.stdin.on('end', () => {
    clearInterval(timer);
    process.stdout.write(JSON.stringify({ maxLateMs, over50 }) + '\n');
    process.exit(0);
  });
}
