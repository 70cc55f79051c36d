import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit tests live beside the code; the renderer is covered by Playwright e2e specs instead.
    include: ['src-shared/**/*.test.ts', 'src-main/**/*.test.ts'],
    environment: 'node',
    // Real files, real chokidar, real worker threads: allow for slow CI disks.
    testTimeout: 30_000,
    // Child processes rather than threads: tests start their own worker_threads and watchers.
    pool: 'forks',
  },
});
