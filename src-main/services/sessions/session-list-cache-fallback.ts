/**
 * A sessions-list row for a log that is not in the cache and not read yet, from what is cheap:
 * its size, its first line and its last line (8 KiB at each end, 64 KiB when a line is longer:
 * 2,000 logs' ends in 128 KiB reads cost as much as reading most of them whole). The event count is
 * estimated from the last event's `seq` (writers number events from 1); the row says so
 * (`estimated`), and the log is read in full when it is opened or grows.
 *
 * Synchronous: a log's ends are two small reads, and callers run many of them in slices
 * (`fs/in-slices.ts` says why).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { SessionListItem } from '../../../src-shared/bridge/contract';
import { emptyListItem } from './empty-list-item';
import type { FileIdentity } from './session-list-cache';

const END_BYTES = [8 * 1024, 64 * 1024];

export function listItemFromEnds(file: string, sessionId: string, id: FileIdentity): SessionListItem {
  const item: SessionListItem = {
    ...emptyListItem(file, sessionId),
    status: 'ready',
    fileBytes: id.size,
    estimated: true,
  };
  if (id.size === 0) return item;
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    item.notice = `not read yet: ${(error as Error).message}`;
    return item;
  }
  try {
    let first: Record<string, unknown> | null = null;
    let last: Record<string, unknown> | null = null;
    for (const bytes of END_BYTES) {
      const headLength = Math.min(bytes, id.size);
      if (!first) {
        const head = new Uint8Array(headLength);
        readSync(fd, head, 0, headLength, 0);
        first = firstObject(head, headLength === id.size);
      }
      if (!last) {
        const tailStart = Math.max(0, id.size - bytes);
        const tail = new Uint8Array(id.size - tailStart);
        readSync(fd, tail, 0, tail.length, tailStart);
        last = lastObject(tail, tailStart === 0);
      }
      if ((first && last) || headLength === id.size) break;
    }
    item.firstTs = str(first?.['ts']);
    item.lastTs = str(last?.['ts']) ?? item.firstTs;
    const seq = last?.['seq'];
    if (typeof seq === 'number' && Number.isInteger(seq) && seq >= 0) {
      item.lastSeq = seq;
      item.events = seq;
    }
    // As the full read counts models: `model`, or the actor of a tool call or result.
    const kind = str(first?.['event_kind']) ?? '';
    const model = str(first?.['model']) ?? (kind.startsWith('tool_') ? str(first?.['actor']) : null);
    if (model) item.models = [model];
  } catch (error) {
    item.notice = `not read yet: ${(error as Error).message}`;
  } finally {
    closeSync(fd);
  }
  return item;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

function parseObject(bytes: Uint8Array): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The first line of `head` if it is whole and a JSON object (`whole`: head is the whole file). */
function firstObject(head: Uint8Array, whole: boolean): Record<string, unknown> | null {
  let start = 0;
  while (start < head.length) {
    const nl = head.indexOf(0x0a, start);
    const end = nl === -1 ? head.length : nl;
    if (end > start && !isBlank(head, start, end))
      return nl === -1 && !whole ? null : parseObject(head.subarray(start, end));
    if (nl === -1) return null;
    start = nl + 1;
  }
  return null;
}

/** The last whole line of `tail` that is a JSON object (`fromStart`: tail is the whole file). */
function lastObject(tail: Uint8Array, fromStart: boolean): Record<string, unknown> | null {
  let end = tail.length;
  while (end > 0) {
    const nl = tail.lastIndexOf(0x0a, end - 1);
    const start = nl + 1;
    // The first fragment of a tail that does not start the file may be the end of a longer line.
    if (nl === -1 && !fromStart) return null;
    if (end > start && !isBlank(tail, start, end)) {
      const v = parseObject(tail.subarray(start, end));
      if (v) return v;
    }
    if (nl === -1) return null;
    end = nl;
  }
  return null;
}

function isBlank(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++)
    if (bytes[i] !== 0x20 && bytes[i] !== 0x0d && bytes[i] !== 0x09) return false;
  return true;
}
