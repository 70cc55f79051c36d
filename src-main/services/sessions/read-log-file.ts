/**
 * One-shot reading of a whole log file in large chunks (PERF-NOTES: 1–4 MiB reads are ~7×
 * faster than the default 64 KiB stream). The caller's sink sees the bytes in order; the file
 * is opened read-only and never written.
 */
import { open } from 'node:fs/promises';

const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * Feeds `sink` the file's bytes from the start; `sink` may return true to stop early (a reader
 * that has what it needs). Resolves to the bytes read.
 */
export async function readLogFile(
  file: string,
  sink: (chunk: Uint8Array) => boolean | void,
  chunkBytes = CHUNK_BYTES,
): Promise<number> {
  const handle = await open(file, 'r');
  try {
    const buffer = new Uint8Array(chunkBytes);
    let position = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      if (sink(buffer.subarray(0, bytesRead)) === true) break;
    }
    return position;
  } finally {
    await handle.close();
  }
}
