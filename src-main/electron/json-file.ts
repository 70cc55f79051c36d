/**
 * The app's own small JSON files in its user-data folder (window state, recent list). Read and
 * written synchronously: they are a few hundred bytes, and the write on window close must be on
 * disk before the process exits.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The parsed file, or undefined when it is missing or not JSON (first start, a hand edit). */
export function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Writes atomically (temp file + rename): a crash mid-write leaves the previous file, never half a file. */
export function writeJsonFile(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(value, null, 2) + '\n');
  renameSync(temp, file);
}
