/**
 * Zipped bundles (.zip, .tar.gz, .tgz, .tar), built here with fflate and modern-tar, read in place:
 * the same model as from the folder, nothing written to disk, and archives built to hurt — `../`
 * and absolute names, bombs small on disk and huge inside (declared or actual), lying sizes,
 * truncation — refused with a clear message, quickly.
 */
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleTexts, chainSpecs, makeTree } from '../../../src-shared/formats/treetrace/testing/make-bundle';
import { DEFAULT_ARCHIVE_LIMITS, safeEntryName } from './archive-limits';
import { openTreeTrace, type OpenedBundle, type OpenedSet, type OpenTreeTraceResult } from './open-treetrace';
import { CORPUS, makeTar, makeTarGz, makeZip, rawTar, readTree, tempDir } from './test-support';

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(disposers.splice(0).map((d) => d()));
});

/** Writes `bytes` as `name` in a fresh temp folder; returns its path. */
async function archiveFile(name: string, bytes: Uint8Array): Promise<string> {
  const t = await tempDir('treetrace-archive-');
  disposers.push(t.dispose);
  const file = path.join(t.dir, name);
  await writeFile(file, bytes);
  return file;
}

function bundleOf(result: OpenTreeTraceResult): OpenedBundle {
  if (!result.ok) throw new Error(result.error.message);
  expect(result.value.kind).toBe('bundle');
  return result.value as OpenedBundle;
}

function rejected(result: OpenTreeTraceResult): string {
  expect(result.ok).toBe(false);
  if (result.ok) return '';
  expect(result.error.code).toBe('archive-rejected');
  return result.error.message;
}

const weather = path.join(CORPUS, 'examples/weather-dashboard');
const fromFolder = async () => bundleOf(await openTreeTrace(weather)).bundle;

/** The weather example's files, under `prefix` (a wrapper folder), for archiving. */
async function weatherFiles(prefix = ''): Promise<Record<string, Uint8Array>> {
  const files = await readTree(weather);
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [prefix ? `${prefix}/${k}` : k, v]));
}

describe('zipped bundles read in place', () => {
  it.each([
    ['zip', 'bundle.zip', async (f: Record<string, Uint8Array>) => makeZip(f)],
    ['tar.gz', 'bundle.tar.gz', makeTarGz],
    ['tgz', 'bundle.tgz', makeTarGz],
    ['tar', 'bundle.tar', makeTar],
  ])('%s of a project folder gives the same model as the folder', async (_kind, name, make) => {
    const file = await archiveFile(name, await make(await weatherFiles()));
    const before = await readdir(path.dirname(file));
    const opened = bundleOf(await openTreeTrace(file));
    expect(opened.path).toBe(file);
    expect(opened.archiveEntry).toBe('.treetrace');
    expect(opened.projectPath).toBe('');
    expect(opened.watchPaths).toEqual([file]);
    expect(opened.bundle).toEqual(await fromFolder());
    // Read in place: nothing was extracted beside the archive.
    expect(await readdir(path.dirname(file))).toEqual(before);
  });

  it('a wrapper folder inside the archive, and an archive of the .treetrace/ contents only', async () => {
    const wrapped = bundleOf(
      await openTreeTrace(await archiveFile('w.zip', makeZip(await weatherFiles('weather-dashboard')))),
    );
    expect(wrapped.archiveEntry).toBe('weather-dashboard/.treetrace');
    expect(wrapped.bundle.reports).toHaveLength(3);

    const inner = Object.fromEntries(
      Object.entries(await weatherFiles())
        .filter(([k]) => k.startsWith('.treetrace/'))
        .map(([k, v]) => [k.slice('.treetrace/'.length), v]),
    );
    const loose = bundleOf(await openTreeTrace(await archiveFile('inner.tar.gz', await makeTarGz(inner))));
    expect(loose.archiveEntry).toBe('');
    expect(loose.bundle.nodes).toHaveLength(4);
  });

  it('an archive with every corpus bundle opens as a set', async () => {
    const files = await readTree(CORPUS);
    const result = await openTreeTrace(await archiveFile('corpus.zip', makeZip(files)));
    if (!result.ok) throw new Error(result.error.message);
    const set = result.value as OpenedSet;
    expect(set.kind).toBe('set');
    expect(set.members).toHaveLength(10);
  });

  it('an archive sniffed by its bytes when its name says nothing', async () => {
    const opened = bundleOf(
      await openTreeTrace(await archiveFile('download.bin', makeZip(await weatherFiles()))),
    );
    expect(opened.bundle.nodes).toHaveLength(4);
  });

  it('a 5,000-node bundle in a tar.gz', async () => {
    const texts = bundleTexts(makeTree(chainSpecs(5000, 3)));
    const files = Object.fromEntries(Object.entries(texts).map(([k, v]) => [`.treetrace/${k}`, v]));
    const opened = bundleOf(await openTreeTrace(await archiveFile('big.tgz', await makeTarGz(files))));
    expect(opened.bundle.nodes).toHaveLength(5000);
    expect(opened.bundle.sessions).toHaveLength(3);
  });

  it('macOS resource forks and unwanted files are ignored', async () => {
    const files = {
      ...(await weatherFiles()),
      '__MACOSX/.treetrace/._tree.json': new Uint8Array([0, 1, 2]),
      'node_modules/x/index.js': strToU8('x'),
    };
    expect(bundleOf(await openTreeTrace(await archiveFile('mac.zip', makeZip(files)))).bundle).toEqual(
      await fromFolder(),
    );
  });
});

describe('entry names that escape', () => {
  it('safeEntryName', () => {
    expect(safeEntryName('./a//b/./c.json')).toBe('a/b/c.json');
    expect(safeEntryName('a\\b.json')).toBe('a/b.json');
    for (const bad of ['../evil', 'a/../../evil', '/etc/passwd', 'C:/x', 'C:\\x', '..\\evil', 'a/..'])
      expect(() => safeEntryName(bad), bad).toThrow();
  });

  it.each(['../evil.json', '.treetrace/../../evil.json', '/etc/passwd', '..\\evil.json'])(
    'zip with entry %s is refused whole',
    async (name) => {
      const bytes = zipSync({ ...(await weatherFiles()), [name]: strToU8('{}') });
      const message = rejected(await openTreeTrace(await archiveFile('slip.zip', bytes)));
      expect(message).toMatch(
        /slip\.zip: archive rejected: (unsafe entry name|entry (that climbs out|with an absolute path))/,
      );
    },
  );

  it.each(['../evil.json', 'a/../../evil.json', '/etc/passwd'])(
    'tar.gz with entry %s is refused whole',
    async (name) => {
      const tar = rawTar([
        { name: '.treetrace/tree.json', body: strToU8('{"nodes":[]}') },
        { name, body: strToU8('{}') },
      ]);
      const message = rejected(await openTreeTrace(await archiveFile('slip.tar.gz', gzipSync(tar))));
      expect(message).toMatch(
        /slip\.tar\.gz: archive rejected: entry (that climbs out of the archive|with an absolute path): /,
      );
    },
  );
});

describe('bombs and lies', () => {
  const MiB = 1024 * 1024;

  it('zip: a small file whose entry inflates hugely is refused (ratio), without reading it all', async () => {
    const bytes = zipSync({ '.treetrace/tree.json': new Uint8Array(16 * MiB) }, { level: 9 });
    expect(bytes.length).toBeLessThan(64 * 1024);
    const message = rejected(await openTreeTrace(await archiveFile('bomb.zip', bytes)));
    expect(message).toMatch(
      /bomb\.zip: archive rejected: entry \.treetrace\/tree\.json expands \d+ times \(over 200×\): an archive bomb/,
    );
  });

  it('zip: an entry declaring gigabytes is refused before anything is inflated', async () => {
    const bytes = zipSync({ '.treetrace/tree.json': strToU8('{"nodes":[]}') }, { level: 9 });
    const lied = setDeclaredSize(bytes, 3 * 1024 * MiB);
    const message = rejected(await openTreeTrace(await archiveFile('huge.zip', lied)));
    expect(message).toMatch(/declares 3\.0 GiB \(the limit for one entry is 256\.0 MiB\)/);
  });

  it('zip: an entry that inflates past the size it declares is stopped', async () => {
    const bytes = zipSync({ '.treetrace/tree.json': new Uint8Array(4 * MiB) }, { level: 9 });
    const lied = setDeclaredSize(bytes, 1000);
    // Allow any ratio: what must stop the read is the lie itself.
    const message = rejected(
      await openTreeTrace(await archiveFile('liar.zip', lied), { limits: { maxRatio: 1e9 } }),
    );
    expect(message).toMatch(/does not hold the size it declares \(too many bytes in the stream/);
  });

  it('zip: too many entries, or too much in total, by the limits', async () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 50; i++) many[`f${i}.txt`] = strToU8('x');
    const file = await archiveFile('many.zip', zipSync(many));
    expect(rejected(await openTreeTrace(file, { limits: { maxEntries: 20 } }))).toMatch(
      /50 entries \(the limit is 20\)/,
    );
    expect(rejected(await openTreeTrace(file, { limits: { maxTotalBytes: 10 } }))).toMatch(
      /the entries declare more than 10 B uncompressed/,
    );
  });

  it('tar.gz: gigabytes of zeros behind a few hundred KB stop at the first limit', async () => {
    // A 4 GiB entry made of concatenated gzip members: about 4 MB on disk.
    const bomb = gzipBomb(4096);
    expect(bomb.length).toBeLessThan(5 * MiB);
    const message = rejected(await openTreeTrace(await archiveFile('bomb.tar.gz', bomb)));
    expect(message).toMatch(
      /bomb\.tar\.gz: archive rejected: (entry big\.bin declares 4\.0 GiB|the archive expands \d+ times)/,
    );
    // Even when the header's size is believed and no ratio applies, the total stops it.
    const honest = rejected(
      await openTreeTrace(await archiveFile('bomb2.tar.gz', bomb), {
        limits: { maxEntryBytes: 8 * 1024 * MiB, maxRatio: 1e9, maxTotalBytes: 64 * MiB },
      }),
    );
    expect(honest).toMatch(/the archive expands to more than 64\.0 MiB/);
  });

  it('tar.gz: the decompressed stream is counted even through entries that are skipped', async () => {
    // Several 8 MiB entries (each under the per-entry limit) of zeros: over the total limit.
    const pieces = Array.from({ length: 4 }, (_, i) => ({
      name: `junk${i}.bin`,
      body: new Uint8Array(8 * MiB),
    }));
    const tar = rawTar(pieces);
    const gz = gzipSync(tar, { level: 9 });
    const limits = { maxTotalBytes: 20 * MiB, maxRatio: 1e9 };
    const message = rejected(await openTreeTrace(await archiveFile('total.tgz', gz), { limits }));
    expect(message).toMatch(/the archive expands to more than 20\.0 MiB \(the limit for a whole archive\)/);
    // And with the default limits, the ratio stops it first.
    expect(rejected(await openTreeTrace(await archiveFile('total2.tgz', gz)))).toMatch(/expands \d+ times/);
  });

  it('tar.gz: a truncated archive is unreadable, with the reason', async () => {
    const gz = await makeTarGz(await weatherFiles());
    const result = await openTreeTrace(
      await archiveFile('cut.tar.gz', gz.subarray(0, Math.floor(gz.length / 2))),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'archive-unreadable' } });
    if (!result.ok)
      expect(result.error.message).toMatch(
        /cut\.tar\.gz: not a readable (gzip stream: unexpected EOF|tar\.gz archive)/,
      );
  });

  it('a gzip that is not one', async () => {
    const result = await openTreeTrace(await archiveFile('x.tgz', strToU8('plain text, not gzip')));
    expect(result).toMatchObject({ ok: false, error: { code: 'archive-unreadable' } });
  });

  it('defaults are what the README says', () => {
    expect(DEFAULT_ARCHIVE_LIMITS).toEqual({
      maxArchiveBytes: 1024 * MiB,
      maxEntries: 10_000,
      maxEntryBytes: 256 * MiB,
      maxTotalBytes: 512 * MiB,
      maxRatio: 200,
      ratioFloorBytes: MiB,
    });
  });
});

/** Sets the uncompressed size in every local and central header of a one-entry zip. */
function setDeclaredSize(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, size >>> 0, true);
    if (sig === 0x02014b50) view.setUint32(i + 24, size >>> 0, true);
  }
  return out;
}

/**
 * A tar.gz whose one entry, big.bin, holds `mib` MiB of zeros: one gzip member of a MiB of zeros,
 * repeated (gzip allows concatenated members), between a member for the header and one for the end.
 */
function gzipBomb(mib: number): Uint8Array {
  const MiB = 1024 * 1024;
  const header = gzipSync(
    rawTar([{ name: 'big.bin', body: new Uint8Array(0), declaredSize: mib * MiB }]).subarray(0, 512),
  );
  const member = gzipSync(new Uint8Array(MiB), { level: 9 });
  const end = gzipSync(new Uint8Array(1024));
  const out = new Uint8Array(header.length + member.length * mib + end.length);
  out.set(header, 0);
  for (let i = 0; i < mib; i++) out.set(member, header.length + i * member.length);
  out.set(end, header.length + member.length * mib);
  return out;
}
