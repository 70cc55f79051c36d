/** Plain-Node entry (no Electron): the CLI — and later the web host — start here. */
import { createRequire } from 'node:module';
import { processIo } from './cli-io';
import { runCli } from './run-cli';

const require = createRequire(import.meta.url);
const { version } = require('../../package.json') as { version: string };

// Output may be piped into `head`: a closed pipe is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
});

runCli(process.argv.slice(2), processIo, version).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`lineage-explorer: internal error: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
