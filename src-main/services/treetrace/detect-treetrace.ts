/**
 * Cheap answers to "is this TreeTrace?" for callers that pick a reader by path (the CLI's
 * `inspect`, the documents walk): names and folder listings, and the first bytes of a stray
 * tree.json; no file is parsed. An archive is claimed by its
 * extension; whether it really holds a bundle is for openTreeTrace to say.
 */
import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { folderSource } from './bundle-source';
import { locateBundles, TREETRACE_DIR } from './locate-bundles';
import { archiveFormatOf } from './open-treetrace';

/** Only index.json is read here. */
const INDEX_MAX_BYTES = 16 * 1024 * 1024;

/**
 * True for a `.zip`/`.tar.gz`/`.tgz`/`.tar`, a `tree.json`, an `index.json` listing bundles, a
 * `.treetrace/` folder, or a folder with a bundle (or, with `scan`, bundles a few levels below).
 */
export async function isTreeTracePath(target: string, options: { scan: boolean }): Promise<boolean> {
  const abs = path.resolve(target);
  const info = await stat(abs).catch(() => null);
  if (!info) return false;
  if (info.isFile()) {
    const base = path.basename(abs);
    if (archiveFormatOf(abs) !== null || base === 'tree.json') return true;
    if (base !== 'index.json') return false;
    const located = await locateBundles(folderSource(path.dirname(abs), INDEX_MAX_BYTES), '', {
      scan: false,
    });
    return located.kind !== 'none';
  }
  if (!info.isDirectory()) return false;
  if (path.basename(abs) === TREETRACE_DIR) return true;
  const located = await locateBundles(folderSource(abs, INDEX_MAX_BYTES), '', { scan: options.scan });
  return located.kind !== 'none';
}

const SNIFF_BYTES = 4096;

/**
 * A `tree.json` outside `.treetrace/` (TreeTrace 0.1 wrote it into the project folder) is taken
 * for TreeTrace's when its first bytes open an object naming treetrace as its generator, or
 * `schemaVersion` with `generator`, `project` or `nodes`: other tools write files called
 * tree.json too.
 */
export async function isTreeTraceTreeFile(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    if (!(await handle.stat()).isFile()) return false;
    const head = new Uint8Array(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    const text = new TextDecoder()
      .decode(head.subarray(0, bytesRead))
      .replace(/^\uFEFF/, '')
      .trimStart();
    if (!text.startsWith('{')) return false;
    if (/"name"\s*:\s*"treetrace"/i.test(text)) return true;
    return /"schemaVersion"\s*:/.test(text) && /"(generator|project|nodes)"\s*:/.test(text);
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
}
