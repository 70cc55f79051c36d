// Packages the app with electron-builder as far as a machine without Electron's binary allows,
// and checks what would ship. electron-builder is given a stand-in Electron distribution (a stub
// executable, not Electron) and no fuses (they patch the real binary), so it runs its real file
// selection: our `files` patterns and package.json "dependencies". Then: only out/, resources/,
// package.json and production node_modules may be in the app; no dev dependency, test or map.
// Run after `npm run build`: node scripts/check-package-contents.mjs
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
const work = mkdtempSync(path.join(os.tmpdir(), 'le-package-check-'));
const dist = path.join(work, 'electron-dist');
const output = path.join(work, 'release');

mkdirSync(path.join(dist, 'resources'), { recursive: true });
writeFileSync(
  path.join(dist, 'electron'),
  '#!/bin/sh\necho "stand-in for Electron: packaging check only" >&2\nexit 1\n',
  {
    mode: 0o755,
  },
);
writeFileSync(path.join(dist, 'version'), pkg.devDependencies.electron);
writeFileSync(path.join(dist, 'LICENSE'), '');
writeFileSync(path.join(dist, 'resources', 'default_app.asar'), '');
const config = path.join(work, 'electron-builder.yml');
writeFileSync(
  config,
  [
    `extends: ${path.join(repo, 'build', 'electron-builder.yml')}`,
    `electronDist: ${dist}`,
    'electronFuses: null',
    'directories:',
    `  output: ${output}`,
    `  buildResources: ${path.join(repo, 'build')}`,
    '',
  ].join('\n'),
);

const builder = spawnSync(
  'npx',
  ['electron-builder', '--linux', 'dir', '--config', config, '--publish', 'never'],
  { cwd: repo, stdio: 'inherit', env: { ...process.env, ELECTRON_BUILDER_OFFLINE: 'true' } },
);
let failures = [];
if (builder.status !== 0) failures.push(`electron-builder exited ${builder.status}`);
else {
  const app = path.join(output, 'linux-unpacked', 'resources', 'app');
  const top = readdirSync(app).sort();
  const allowed = ['node_modules', 'out', 'package.json', 'resources'];
  for (const entry of top) if (!allowed.includes(entry)) failures.push(`unexpected ${entry} in the app`);
  const modules = readdirSync(path.join(app, 'node_modules')).flatMap((m) =>
    m.startsWith('@') ? readdirSync(path.join(app, 'node_modules', m)).map((s) => `${m}/${s}`) : [m],
  );
  for (const dev of Object.keys(pkg.devDependencies))
    if (modules.includes(dev)) failures.push(`dev dependency ${dev} is packaged`);
  for (const dep of Object.keys(pkg.dependencies))
    if (!modules.includes(dep)) failures.push(`dependency ${dep} is missing`);
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  for (const file of walk(app)) {
    const rel = path.relative(app, file);
    if (/\.(test|spec)\.[cm]?[jt]s$|\.map$/.test(rel)) failures.push(`${rel} is packaged`);
  }
  for (const needed of [
    'out/main/index.js',
    'out/main/session-worker.js',
    'out/main/compare-worker.js',
    'out/preload/index.cjs',
    'out/renderer/index.html',
  ])
    if (!walk(app).includes(path.join(app, needed))) failures.push(`${needed} is missing`);
  console.log(`packaged app: ${top.join(', ')}; node_modules: ${modules.sort().join(', ')}`);
}
rmSync(work, { recursive: true, force: true });
if (failures.length) {
  console.error(`package contents check failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('package contents check passed');
