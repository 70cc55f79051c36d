// Regenerates the icon set from build/icon.svg: build/icons/<n>x<n>.png (Linux), build/icon.png
// (1024 px), build/icon.ico (Windows) and build/icon.icns (macOS). The outputs are committed, so
// packaging never needs these tools; run this only after changing the SVG:
//   apt-get install librsvg2-bin imagemagick icnsutils && node build/make-icons.mjs
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const svg = path.join(here, 'icon.svg');
const icons = path.join(here, 'icons');
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
// ImageMagick's own binary: some machines put a stand-in `convert` earlier on PATH.
const CONVERT = existsSync('/usr/bin/convert') ? '/usr/bin/convert' : 'convert';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error || result.status !== 0) {
    console.error(`${command} failed — apt-get install librsvg2-bin imagemagick icnsutils`);
    process.exit(1);
  }
}

mkdirSync(icons, { recursive: true });
const png = (n) => path.join(icons, `${n}x${n}.png`);
for (const n of SIZES) run('rsvg-convert', ['-w', String(n), '-h', String(n), svg, '-o', png(n)]);
copyFileSync(png(1024), path.join(here, 'icon.png'));
run(CONVERT, [...[16, 24, 32, 48, 64, 128, 256].map(png), path.join(here, 'icon.ico')]);
run('png2icns', [path.join(here, 'icon.icns'), ...[16, 32, 128, 256, 512, 1024].map(png)]);
console.log('icons written to build/');
