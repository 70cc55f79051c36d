// Flat config. Besides style, this file enforces the layer rule of DESIGN.md ("Layers by what code
// may touch"): it is what lets services run under plain Node for the CLI, `serve` and tests.
// src-main/lint/layer-rule.test.ts checks that the rule really fires.
import { builtinModules } from 'node:module';
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

// `node:*` is a pattern below; these are the bare names (fs, fs/promises, path/posix, …).
const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_'));

const banned = (names, message) => names.map((name) => ({ name, message }));
const ELECTRON = banned(
  ['electron'],
  'Only src-main/electron and src-main/preload may import electron (DESIGN.md: layers).',
);
const NODE = banned(NODE_BUILTINS, 'Node built-ins are not available in this layer (DESIGN.md: layers).');
const UI_AND_OS_LIBS = banned(
  ['react', 'react-dom', '@xyflow/react', 'zustand', 'chokidar', 'ws'],
  'src-shared is pure: no UI or OS libraries (DESIGN.md: layers).',
);

const ELECTRON_PATTERN = { group: ['electron/*'], message: ELECTRON[0].message };
const NODE_PATTERN = { group: ['node:*'], message: 'Node built-ins are not available in this layer.' };
const UI_AND_OS_PATTERN = {
  group: ['react/*', 'react-dom/*', 'zustand/*', 'chokidar/*', 'ws/*'],
  message: 'src-shared is pure: no UI or OS libraries.',
};
const importsFrom = (folder, message) => ({ regex: `(^|/)${folder}(/|$)`, message });
// no-restricted-imports does not see `await import('…')`; catch the obvious literal cases too.
const noDynamicImport = (regex, message) => ({
  selector: `ImportExpression[source.value=${regex}]`,
  message,
});
const DYNAMIC_ELECTRON = noDynamicImport('/^electron(\\/|$)/', ELECTRON[0].message);
const DYNAMIC_NODE = noDynamicImport('/^node:/', 'Node built-ins are not available in this layer.');

// Globals that exist only in Node; they would make "pure" code fail in the renderer or a browser.
const NODE_GLOBALS = ['process', 'Buffer', 'require', 'module', '__dirname', '__filename', 'global'];

export default defineConfig(
  globalIgnores(['out/', 'dist/', 'node_modules/', 'release/', 'coverage/']),

  js.configs.recommended,
  tseslint.configs.recommended,

  // Node-side code and tooling scripts.
  {
    files: ['src-main/**', 'scripts/**', 'bin/**', 'bench/**', 'e2e/**', 'build/**', '*.{js,mjs,cjs,ts}'],
    languageOptions: { globals: globals.node },
  },

  // Renderer: browser globals, React hooks rules.
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    extends: [reactHooks.configs.flat.recommended],
  },

  // ---- Layer rule. Later blocks do not merge with earlier ones for the same rule, so each lists all. ----
  {
    files: ['src-shared/**'],
    // Tests beside pure code run only under Node (Vitest) and read their fixtures from disk.
    ignores: ['src-shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...ELECTRON, ...NODE, ...UI_AND_OS_LIBS],
          patterns: [
            ELECTRON_PATTERN,
            NODE_PATTERN,
            UI_AND_OS_PATTERN,
            importsFrom('src-main', 'src-shared must not depend on src-main.'),
            importsFrom('src-renderer', 'src-shared must not depend on src-renderer.'),
          ],
        },
      ],
      'no-restricted-syntax': ['error', DYNAMIC_ELECTRON, DYNAMIC_NODE],
      'no-restricted-globals': ['error', ...NODE_GLOBALS, 'window', 'document'],
    },
  },
  {
    files: ['src-main/**'],
    ignores: ['src-main/electron/**', 'src-main/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ELECTRON,
          patterns: [
            ELECTRON_PATTERN,
            importsFrom('src-renderer', 'src-main must not depend on src-renderer.'),
          ],
        },
      ],
      'no-restricted-syntax': ['error', DYNAMIC_ELECTRON],
    },
  },
  {
    files: ['src-renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...ELECTRON, ...NODE],
          patterns: [
            ELECTRON_PATTERN,
            NODE_PATTERN,
            importsFrom('src-main', 'The renderer reaches main only through window.host / the Bridge.'),
          ],
        },
      ],
      'no-restricted-syntax': ['error', DYNAMIC_ELECTRON, DYNAMIC_NODE],
      'no-restricted-globals': ['error', ...NODE_GLOBALS],
    },
  },

  // Renderer tests run only under Node (Vitest) too; a test of the memory the page keeps needs its
  // gc and heap figures. The page's code itself stays free of Node (the block above).
  {
    files: ['src-renderer/**/*.test.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...ELECTRON],
          patterns: [
            ELECTRON_PATTERN,
            importsFrom('src-main', 'The renderer reaches main only through window.host / the Bridge.'),
          ],
        },
      ],
      'no-restricted-syntax': ['error', DYNAMIC_ELECTRON],
      'no-restricted-globals': 'off',
    },
  },

  {
    files: ['src-shared/**/*.test.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [...ELECTRON, ...UI_AND_OS_LIBS], patterns: [ELECTRON_PATTERN] },
      ],
    },
  },

  // Last: turn off every stylistic rule that Prettier owns.
  prettier,
);
