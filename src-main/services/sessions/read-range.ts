import { closeSync, openSync, readSync } from 'node:fs';

/**
 * The bytes of a line of a log, read synchronously: what a session worker reads back of a body it
 * let go of (when a correction changes a settled tool call) and `inspect` of the few bodies its
 * summary needs whole (slim-summary-bodies.ts) — rare, one line at a time. Null when the file
 * cannot give them (gone, or shorter than it was).
 */
export function readRange(file: string, byteOffset: number, byteLength: number): Uint8Array | null {
  let fd: number | null = null;
  try {
    fd = openSync(file, 'r');
    const bytes = new Uint8Array(byteLength);
    return readSync(fd, bytes, 0, byteLength, byteOffset) === byteLength ? bytes : null;
  } catch {
    return null;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
