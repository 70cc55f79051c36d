/** `lineage-explorer inspect FILE` as a user runs it: a fresh process, wall time to exit. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/lineage-explorer.js', import.meta.url));

export function inspectOnce(file) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN, 'inspect', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(performance.now() - t0) : reject(new Error(`inspect exited ${code}: ${stderr}`)),
    );
  });
}
