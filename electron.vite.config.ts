/**
 * Three builds, one per process. Sources live in src-main / src-renderer (not electron-vite's
 * default src/), so every entry is named explicitly.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      // electron-vite derives the target from the Electron version; out/main/cli.js must also run
      // on plain Node >= 20.19 (CLI, `serve`), so pin the lowest runtime we support.
      target: 'node20.19',
      outDir: 'out/main',
      // package.json "dependencies" stay external (electron-vite's default externalizeDeps) —
      // they are installed next to the app and loaded by Node at runtime.
      rolldownOptions: {
        input: {
          index: resolve(root, 'src-main/electron/main.ts'),
          cli: resolve(root, 'src-main/cli/main.ts'),
          // worker_threads entry: parses logs off the main thread (imports only src-shared).
          'session-worker': resolve(root, 'src-main/workers/session-worker.ts'),
          // worker_threads entry: one comparison of two lineage graphs (issue 5), off the main thread.
          'compare-worker': resolve(root, 'src-main/services/compare/compare-worker.ts'),
        },
        // ESM, because package.json has "type": "module"; [name].js keeps the names stable
        // for package.json "main" and bin/.
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rolldownOptions: {
        input: { index: resolve(root, 'src-main/preload/index.ts') },
        // Sandboxed preloads are loaded as CommonJS scripts; .cjs because the package is "type": "module".
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      rolldownOptions: { input: resolve(root, 'src-renderer/index.html') },
    },
  },
});
