/**
 * The layer rule lives in eslint.config.js; this proves it actually fires, so a config refactor
 * cannot silently turn it off. Uses ESLint's real Node API against the real config.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

const LAYER_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax', 'no-restricted-globals']);

async function layerViolations(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error('ESLint returned no result');
  // A parse error would hide every rule, making "no violations" pass for the wrong reason.
  const fatal = result.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`ESLint could not parse the sample: ${fatal.message}`);
  return result.messages.filter((m) => m.ruleId !== null && LAYER_RULES.has(m.ruleId)).map((m) => m.message);
}

describe('layer rule (eslint.config.js)', () => {
  it('rejects node built-ins in src-shared', async () => {
    const found = await layerViolations(
      "import fs from 'node:fs';\nexport const x = fs;\n",
      'src-shared/x.ts',
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('node:fs');
  });

  it('rejects electron in src-main outside the Electron folder', async () => {
    const found = await layerViolations(
      "import { app } from 'electron';\nexport const x = app;\n",
      'src-main/services/x.ts',
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('electron');
  });

  it('allows electron in src-main/electron', async () => {
    const found = await layerViolations(
      "import { app } from 'electron';\nexport const x = app;\n",
      'src-main/electron/x.ts',
    );
    expect(found).toEqual([]);
  });
});
