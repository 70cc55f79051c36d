// postinstall: fetch the Electron binary if we can, never fail the install if we cannot.
// Electron's own installer is a bin (install-electron), not a lifecycle script, so we run it here.
// The CLI, `serve` and all tests work without the binary; only the desktop window needs it.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// A CI runner without network access should not wait the full two minutes on every run.
const TIMEOUT_MS = process.env.CI ? 30_000 : 120_000;

function unavailable(reason) {
  console.log(
    `lineage-explorer: Electron binary not downloaded (${reason}); the desktop window is unavailable ` +
      'until it can download — the CLI, serve and tests work without it.',
  );
  process.exit(0);
}

let installer;
try {
  installer = require.resolve('electron/install.js');
} catch {
  // Production install (`npm ci --omit=dev`): Electron is a dev dependency, nothing to do.
  process.exit(0);
}

// Someone brought their own binary: electron's index.js will use it, so there is nothing to fetch.
if (process.env.ELECTRON_OVERRIDE_DIST_PATH) process.exit(0);
if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) unavailable('ELECTRON_SKIP_BINARY_DOWNLOAD is set');

// Output is captured, not inherited: on failure the installer prints a full stack trace, and we
// promised a single line.
const child = spawn(process.execPath, [installer], { stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));

let timedOut = false;
const timer = setTimeout(() => {
  timedOut = true;
  // SIGKILL: a download stuck in a socket read may not react to SIGTERM promptly.
  child.kill('SIGKILL');
}, TIMEOUT_MS);

child.on('error', (error) => {
  clearTimeout(timer);
  unavailable(`installer did not start: ${error.message}`);
});

child.on('close', (code, signal) => {
  clearTimeout(timer);
  if (timedOut) unavailable(`no answer within ${TIMEOUT_MS / 1000} s`);
  if (code === 0) process.exit(0);
  // The first line of the installer's stack trace is the error itself, e.g. "TypeError: fetch failed".
  const firstLine = output
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');
  const reason = firstLine
    ? firstLine.slice(0, 120)
    : signal
      ? `installer killed by ${signal}`
      : `exit ${code}`;
  unavailable(reason);
});
