// `lineage-explorer open` as a process: with no Electron binary it says so; with one it starts
// the desktop app on the paths (a stand-in executable records what it was started with).
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, runCliSync } from './test-support/run-cli-process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = REPO_ROOT;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'le-open-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[], env: NodeJS.ProcessEnv) => runCliSync(args, { env, cwd: process.cwd() });

describe('lineage-explorer open', () => {
  it('exits 2 pointing at serve when there is no Electron binary', () => {
    const result = run(['open', dir], { ELECTRON_OVERRIDE_DIST_PATH: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no Electron binary/);
    expect(result.stderr).toContain(`lineage-explorer serve ${dir}`);
  });

  it('starts the desktop app with `open` and the absolute paths', async () => {
    const record = path.join(dir, 'args.txt');
    const fake = path.join(dir, 'electron');
    writeFileSync(fake, `#!/bin/sh\nprintf '%s\\n' "$@" > ${JSON.stringify(record)}\n`);
    chmodSync(fake, 0o755);
    const result = run(['open', '.'], { ELECTRON_OVERRIDE_DIST_PATH: dir });
    expect(result.code).toBe(0);
    for (let i = 0; i < 100 && !existsSync(record); i++) await new Promise((r) => setTimeout(r, 20));
    const args = readFileSync(record, 'utf8').trim().split('\n');
    expect(args).toEqual([path.join(ROOT, 'out', 'main', 'index.js'), 'open', process.cwd()]);
  });
});
