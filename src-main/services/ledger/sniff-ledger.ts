/**
 * Tells a ledger folder (one holding `events.jsonl`) from other inputs, and finds the folder of
 * a path given as the folder or as its events.jsonl. Any read problem answers "no": the caller
 * then reads the path its usual way and reports the problem there.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { readFirstLine } from '../fs/read-first-line';
import { EVENTS_FILE, isObject } from '../../../src-shared/formats/change-ledger/types';

/** The folder holds an events.jsonl file. */
export async function isLedgerFolder(dir: string): Promise<boolean> {
  const info = await stat(path.join(dir, EVENTS_FILE)).catch(() => null);
  return info?.isFile() === true;
}

/** The ledger folder a path names: the folder itself, or the folder of an `events.jsonl`; else null. */
export async function ledgerFolderOf(p: string): Promise<string | null> {
  const abs = path.resolve(p);
  const info = await stat(abs).catch(() => null);
  if (!info) return null;
  if (info.isDirectory()) return (await isLedgerFolder(abs)) ? abs : null;
  if (info.isFile() && path.basename(abs) === EVENTS_FILE) return path.dirname(abs);
  return null;
}

/** A file named events.jsonl whose first non-blank line is a ChangeEvent (an object with `action_type`). */
export async function isLedgerEventsFile(file: string): Promise<boolean> {
  if (path.basename(file) !== EVENTS_FILE) return false;
  const line = await readFirstLine(file).catch(() => null);
  if (line === null) return false;
  try {
    const value: unknown = JSON.parse(line);
    return isObject(value) && 'action_type' in value;
  } catch {
    return false;
  }
}
