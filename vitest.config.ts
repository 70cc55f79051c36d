import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The app's own data (bookmarks, the sessions-list cache) goes to a throwaway folder, never to the
// user's real config folder; tests that check where it goes set their own.
const dataDir =
  process.env['LINEAGE_EXPLORER_DATA_DIR'] ?? mkdtempSync(path.join(os.tmpdir(), 'le-vitest-data-'));

export default defineConfig({
  test: {
    // Unit tests live beside the code; the renderer's views are covered by Playwright e2e specs, its
    // pure helpers by unit tests beside them.
    include: [
      'src-shared/**/*.test.ts',
      'src-main/**/*.test.ts',
      'src-renderer/**/*.test.ts',
      'bench/**/*.test.mjs',
    ],
    environment: 'node',
    // Real files, real chokidar, real worker threads: allow for slow CI disks.
    testTimeout: 30_000,
    // Child processes rather than threads: tests start their own worker_threads and watchers.
    pool: 'forks',
    env: { LINEAGE_EXPLORER_DATA_DIR: dataDir },
  },
});
