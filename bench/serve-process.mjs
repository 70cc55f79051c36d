/** Starts `lineage-explorer serve` as a user would and returns its URL. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { WebSocket } from 'ws';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/lineage-explorer.js', import.meta.url));

/**
 * BENCH_CPU_PROF=DIR writes a V8 CPU profile of every serve process into DIR (Chrome DevTools
 * opens it); BENCH_SERVE_LOG=1 passes serve's stderr through.
 */
export async function startServe(home) {
  const dir = process.env.BENCH_CPU_PROF;
  const profile = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  const child = spawn(process.execPath, [...profile, BIN, 'serve', '--home', home], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
    if (process.env.BENCH_SERVE_LOG) process.stderr.write(d);
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process in bytes (Linux /proc), or null where there is none. */
export function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * How responsive serve's main thread is, seen from outside: a second WebSocket client calls
 * `app.info` every `everyMs` and records each round trip. A long round trip is the event loop
 * busy (parsing replies, building a snapshot) — what every other client and watcher waits on.
 */
export async function probeMainThread(url, everyMs = 20) {
  const page = new URL(url);
  const socket = new WebSocket(`ws://${page.host}/bridge?token=${page.searchParams.get('token')}`, {
    headers: { origin: page.origin },
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const rtts = [];
  let id = 0;
  let sentAt = 0;
  let waiting = false;
  socket.on('message', () => {
    rtts.push(performance.now() - sentAt);
    waiting = false;
  });
  const timer = setInterval(() => {
    if (waiting) return; // the previous call has not come back yet: its round trip grows
    waiting = true;
    sentAt = performance.now();
    socket.send(JSON.stringify({ id: ++id, service: 'app', method: 'info', args: [] }));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      socket.close();
      const sorted = [...rtts].sort((a, b) => a - b);
      return {
        max: sorted.at(-1) ?? null,
        p99: sorted[Math.floor(sorted.length * 0.99)] ?? null,
        over50: rtts.filter((r) => r > 50).length,
        calls: rtts.length,
      };
    },
  };
}
