/**
 * The drop channel's payload, checked: a short list of absolute paths. The preload only sends
 * what the user really dropped (trusted DOM events, paths from webUtils), but main reads nothing
 * from a renderer it has not checked. What each path is (folder, log, bundle) is checked when it
 * is opened.
 */
import path from 'node:path';

export const MAX_DROPPED = 32;
const MAX_PATH = 4096;

export function droppedPaths(payload: unknown): string[] | null {
  if (!Array.isArray(payload) || payload.length === 0 || payload.length > MAX_DROPPED) return null;
  for (const p of payload)
    if (typeof p !== 'string' || p.length > MAX_PATH || p.includes('\0') || !path.isAbsolute(p)) return null;
  return [...new Set(payload as string[])];
}
