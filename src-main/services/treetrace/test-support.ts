/**
 * Test helpers (used only by *.test.ts): real temp folders, bundles written into them, and
 * archives of them built in memory with fflate (zip, gzip) and modern-tar (tar), or byte by byte
 * where a test needs what no well-behaved writer produces (a `../` name, a lying size).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, zipSync, type Zippable } from 'fflate';
import { packTar, type TarEntry } from 'modern-tar';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CORPUS = path.join(PROJECT_ROOT, 'src-shared/formats/treetrace/fixtures/corpus');

export async function tempDir(prefix = 'treetrace-'): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** Writes `files` (relative path → text or bytes) under `dir`. */
export async function writeTree(dir: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    const target = path.join(dir, rel);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
}

/** Every file under `dir` as relative path → bytes (for archiving a corpus bundle). */
export async function readTree(dir: string, prefix = ''): Promise<Record<string, Uint8Array>> {
  const out: Record<string, Uint8Array> = {};
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(out, await readTree(full, rel));
    else if ((await stat(full)).isFile()) out[rel] = new Uint8Array(await readFile(full));
  }
  return out;
}

const bytesOf = (content: string | Uint8Array) =>
  typeof content === 'string' ? new TextEncoder().encode(content) : content;

export function makeZip(files: Record<string, string | Uint8Array>): Uint8Array {
  const zippable: Zippable = {};
  for (const [name, content] of Object.entries(files)) zippable[name] = bytesOf(content);
  return zipSync(zippable, { level: 6 });
}

export async function makeTar(files: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const entries: TarEntry[] = Object.entries(files).map(([name, content]) => {
    const body = bytesOf(content);
    return { header: { name, size: body.length, type: 'file' }, body };
  });
  return packTar(entries);
}

export async function makeTarGz(files: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  return gzipSync(await makeTar(files));
}

/**
 * A raw ustar header block, for names and sizes a tar library would refuse to write (`../x`,
 * `/etc/passwd`, a size far past the data).
 */
export function ustarHeader(name: string, size: number, type = '0'): Uint8Array {
  const block = new Uint8Array(512);
  const put = (text: string, offset: number, length: number) =>
    block.set(new TextEncoder().encode(text).subarray(0, length), offset);
  put(name, 0, 100);
  put('0000644\0', 100, 8);
  put('0000000\0', 108, 8);
  put('0000000\0', 116, 8);
  put(`${size.toString(8).padStart(11, '0')}\0`, 124, 12);
  put('00000000000\0', 136, 12);
  put('        ', 148, 8);
  put(type, 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  let sum = 0;
  for (const b of block) sum += b;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}

/** A tar stream from raw pieces (headers and padded bodies), ended with two zero blocks. */
export function rawTar(pieces: { name: string; body: Uint8Array; declaredSize?: number }[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const p of pieces) {
    parts.push(ustarHeader(p.name, p.declaredSize ?? p.body.length));
    parts.push(p.body, new Uint8Array((512 - (p.body.length % 512)) % 512));
  }
  parts.push(new Uint8Array(1024));
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
