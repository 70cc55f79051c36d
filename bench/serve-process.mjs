/** Starts `lineage-explorer serve` as a user would and returns its URL. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/lineage-explorer.js', import.meta.url));

/**
 * BENCH_CPU_PROF=DIR writes a V8 CPU profile of every serve process into DIR (Chrome DevTools
 * opens it); BENCH_SERVE_LOG=1 passes serve's stderr through.
 *
 * Serve runs with its opt-in bench stats (src-main/services/bench-stats.ts: event-loop delay and
 * memory peaks, written on SIGUSR2) and `--expose-gc` (memory "now" after a full collection), and
 * with its own user-data folder (`dataDir`, else a fresh temp one: no sessions-list cache from an
 * earlier run unless the scenario wants it).
 */
export async function startServe(home, { dataDir = null } = {}) {
  const dir = process.env.BENCH_CPU_PROF;
  const profile = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'le-bench-serve-'));
  const statsFile = path.join(scratch, 'stats.json');
  const spawnedAt = performance.timeOrigin + performance.now();
  const child = spawn(process.execPath, ['--expose-gc', ...profile, BIN, 'serve', '--home', home], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      LINEAGE_EXPLORER_BENCH_STATS: statsFile,
      LINEAGE_EXPLORER_DATA_DIR: dataDir ?? path.join(scratch, 'data'),
    },
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
  let statsN = 0;
  return {
    url,
    pid: child.pid,
    spawnedAt,
    /**
     * Serve's figures since the previous call (event-loop max/p99 in ms, memory peaks and now,
     * bytes): asks with SIGUSR2 and waits for the file to be rewritten. Null if it never is.
     */
    async stats(timeoutMs = 5000) {
      child.kill('SIGUSR2');
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (existsSync(statsFile)) {
          try {
            const s = JSON.parse(readFileSync(statsFile, 'utf8'));
            if (s.n > statsN) {
              statsN = s.n;
              return s;
            }
          } catch {
            // being replaced: read again
          }
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      return null;
    },
    stop: async () => {
      if (child.exitCode === null)
        await new Promise((r) => {
          child.once('exit', r);
          child.kill('SIGTERM');
        });
      await rm(scratch, { recursive: true, force: true });
    },
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

/** One call over serve's WebSocket bridge, as the page makes it (e.g. sessions.snapshot). */
export async function callBridge(url, service, method, args = []) {
  const page = new URL(url);
  const socket = new WebSocket(`ws://${page.host}/bridge?token=${page.searchParams.get('token')}`, {
    headers: { origin: page.origin },
    maxPayload: 2 ** 31,
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  try {
    return await new Promise((resolve, reject) => {
      socket.on('message', (data) => {
        const m = JSON.parse(String(data));
        if (m.id !== 1) return;
        // A snapshot is fetched from the path its reply names (src-shared/bridge/ws-protocol.ts).
        if (m.type === 'reply-stream') {
          const where = new URL(m.path, page.origin);
          where.searchParams.set('token', page.searchParams.get('token'));
          fetch(where)
            .then(async (response) => {
              const body = await response.json();
              if (!response.ok) throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
              resolve(body);
            })
            .catch(reject);
          return;
        }
        if (m.type !== 'reply') return;
        if (m.reply.ok) resolve(m.reply.value);
        else reject(new Error(m.reply.error?.message ?? 'bridge call failed'));
      });
      socket.send(JSON.stringify({ id: 1, service, method, args }));
    });
  } finally {
    socket.close();
  }
}
