/**
 * A path that names a file relative to a folder and may not leave it (`evidence.content_path`
 * of a step trace, `diff_path` of a ledger): the pure half of that rule, on the text alone; the
 * Node file access checks again on real paths (symlinks). Both `/` and `\` separate segments
 * (files may come from Windows); absolute paths, drive letters, NUL bytes and any `..` that
 * climbs above the folder are escapes.
 */

export type RelativePath =
  | { kind: 'file'; path: string }
  | { kind: 'escape'; reason: string }
  /** `.`, `a/..`, `''`: the folder itself, which is not a file (missing, not an escape). */
  | { kind: 'folder' };

/** Normalises to forward-slash segments without `.` and `..`; `what` names the folder in messages. */
export function normaliseRelativePath(raw: string, what: string): RelativePath {
  if (raw.includes('\0')) return { kind: 'escape', reason: 'contains a NUL byte' };
  if (/^[a-zA-Z]:/.test(raw)) return { kind: 'escape', reason: 'has a drive letter' };
  if (raw.startsWith('/') || raw.startsWith('\\')) return { kind: 'escape', reason: 'is absolute' };
  const out: string[] = [];
  for (const segment of raw.split(/[/\\]/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return { kind: 'escape', reason: `climbs above the ${what}` };
      out.pop();
      continue;
    }
    out.push(segment);
  }
  return out.length === 0 ? { kind: 'folder' } : { kind: 'file', path: out.join('/') };
}
