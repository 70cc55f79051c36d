import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecentList, RECENT_FILE } from './recent-list';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'le-recent-'));
  file = path.join(dir, RECENT_FILE);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('RecentList', () => {
  it('keeps the newest first, without repeats, up to its size, and survives a restart', async () => {
    const recent = new RecentList(file, 3);
    for (const p of ['/a', '/b', '/c', '/a', '/d']) recent.add(p);
    expect(recent.list()).toEqual(['/d', '/a', '/c']);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(['/d', '/a', '/c']);
    expect(new RecentList(file, 3).list()).toEqual(['/d', '/a', '/c']);
  });

  it('removes, clears, and tells its listener', () => {
    const recent = new RecentList(file);
    const seen: (readonly string[])[] = [];
    recent.onChange((items) => seen.push(items));
    recent.add('/a');
    recent.add('/b');
    recent.remove('/a');
    recent.remove('/not-there');
    recent.clear();
    expect(seen).toEqual([['/a'], ['/b', '/a'], ['/b'], []]);
    expect(new RecentList(file).list()).toEqual([]);
  });

  it('reads a broken or foreign file as empty, keeping only plain paths', async () => {
    await writeFile(file, '{"not": "a list"}');
    expect(new RecentList(file).list()).toEqual([]);
    await writeFile(file, JSON.stringify(['/ok', 3, null, '', '/ok', 'x'.repeat(5000)]));
    expect(new RecentList(file).list()).toEqual(['/ok']);
  });
});
