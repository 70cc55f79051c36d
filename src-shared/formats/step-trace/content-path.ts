/**
 * `evidence.content_path` is relative to the trace file's folder and may not leave it. This is the
 * pure half of that rule: it works on the text alone, so it holds in every host. The Node
 * implementation of `TraceContentAccess` checks again on real paths (symlinks).
 */

export type NormalisedPath =
  | { kind: 'file'; path: string }
  | { kind: 'escape'; reason: string }
  /** `.`, `a/..`: the folder itself, which is not a file (a missing content file, not an escape). */
  | { kind: 'folder' };

/**
 * Normalises a content path to forward-slash segments without `.` and `..`.
 * Both `/` and `\` separate segments (a trace may come from Windows); absolute paths, drive
 * letters, NUL bytes and any `..` that climbs above the folder are escapes.
 */
export function normaliseContentPath(raw: string): NormalisedPath {
  if (raw.includes('\0')) return { kind: 'escape', reason: 'contains a NUL byte' };
  if (/^[a-zA-Z]:/.test(raw)) return { kind: 'escape', reason: 'has a drive letter' };
  if (raw.startsWith('/') || raw.startsWith('\\')) return { kind: 'escape', reason: 'is absolute' };
  const out: string[] = [];
  for (const segment of raw.split(/[/\\]/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return { kind: 'escape', reason: 'climbs above the trace folder' };
      out.pop();
      continue;
    }
    out.push(segment);
  }
  if (out.length === 0) return { kind: 'folder' };
  return { kind: 'file', path: out.join('/') };
}
