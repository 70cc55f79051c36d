#!/usr/bin/env node
// The package's command. The CLI is built by electron-vite into out/main/cli.js (`npm run build`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../out/main/cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('lineage-explorer: not built yet — run `npm run build` first\n');
  process.exit(2);
}
await import(cli);
