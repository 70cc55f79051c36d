/**
 * `lineage-explorer serve [--home DIR] [--port N] [PATH…]`: follow sessions and serve the app
 * to a browser on 127.0.0.1 (through an SSH tunnel from a cluster login node, say).
 */
import { resolveAppRoots } from '../services/app-roots';
import { startBenchStats } from '../services/bench-stats';
import { SessionStore } from '../services/sessions/session-store';
import { rendererDir, startWebHost } from '../web/web-host';
import type { CliIo } from './cli-io';

export async function serveCommand(
  paths: string[],
  options: { home?: string; port?: string },
  io: CliIo,
  version: string,
): Promise<number> {
  const port = options.port === undefined ? 0 : Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.err(`lineage-explorer serve: --port must be a number from 0 to 65535, not '${options.port}'`);
    return 2;
  }
  let roots;
  let renderer: string;
  try {
    renderer = rendererDir();
    roots = await resolveAppRoots(paths, options.home);
  } catch (error) {
    io.err(`lineage-explorer: ${(error as Error).message}`);
    return 2;
  }
  // Listened for from the start: a stop while the roots are still scanned (the first seconds of a
  // big home) must close the store too — Node's default for SIGTERM ends the process at once, and
  // the sessions-list cache was never saved when serve was stopped that early.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  const benchStats = startBenchStats(); // only with LINEAGE_EXPLORER_BENCH_STATS set (npm run bench)
  const store = new SessionStore({ roots: roots.roots });
  benchStats.reportWorkers(() => store.workerMemory());
  // Listening while the roots are scanned (a home of 2,000 sessions takes a second): the page
  // loads meanwhile, and its first list waits for the scan (client-services `whenStarted`).
  const starting = store.start();
  starting.catch(() => {}); // awaited below, once the URL is out
  let host;
  try {
    host = await startWebHost({
      store,
      port,
      rendererDir: renderer,
      info: () => ({ version, home: roots.home, roots: store.roots, demo: roots.demo }),
    });
  } catch (error) {
    io.err(`lineage-explorer serve: cannot listen on 127.0.0.1:${port}: ${(error as Error).message}`);
    // Closed while still starting, not after: the start's scan waits for a page (or an unref'd
    // timer), and with nothing listening the process would end, silently and with 0, first.
    await store.close();
    return 2;
  }
  if (roots.demo) io.err(`lineage-explorer: no sciagent home at ${roots.home}; showing the demo sessions`);
  io.err(`lineage-explorer: following ${store.roots.join(', ')}`);
  io.out(`Lineage Explorer: ${host.url}`);
  await Promise.race([starting, stopped]);
  await stopped;
  await host.close();
  await store.close();
  return 0;
}
