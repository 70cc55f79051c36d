/**
 * `diff_path` and `tar_uri` name files relative to the ledger folder and may not leave it. This is
 * the pure half of that rule, on the text alone; the Node file access checks again on real paths
 * (symlinks). Both `/` and `\` separate segments (a ledger may come from Windows).
 */

export type LedgerPath =
  | { kind: 'file'; path: string }
  | { kind: 'escape'; reason: string }
  /** `.`, `a/..`, `''`: the folder itself. */
  | { kind: 'folder' };

/** Normalises a relative path to forward-slash segments without `.` and `..`. */
export function normaliseLedgerPath(raw: string): LedgerPath {
  if (raw.includes('\0')) return { kind: 'escape', reason: 'contains a NUL byte' };
  if (/^[a-zA-Z]:/.test(raw)) return { kind: 'escape', reason: 'has a drive letter' };
  if (raw.startsWith('/') || raw.startsWith('\\')) return { kind: 'escape', reason: 'is absolute' };
  const out: string[] = [];
  for (const segment of raw.split(/[/\\]/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return { kind: 'escape', reason: 'climbs above the ledger folder' };
      out.pop();
      continue;
    }
    out.push(segment);
  }
  return out.length === 0 ? { kind: 'folder' } : { kind: 'file', path: out.join('/') };
}

/**
 * A `tar_uri`: a relative path, or a `file:` URI with a relative path, both inside the ledger
 * folder. An absolute `file:///…`, a `file://host/…` and any other scheme (`s3:`, `https:`) point
 * outside the folder.
 */
export function normaliseTarUri(raw: string): LedgerPath {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(raw);
  if (!scheme || scheme[1]!.length === 1) return normaliseLedgerPath(raw);
  if (scheme[1]!.toLowerCase() !== 'file')
    return { kind: 'escape', reason: `is a ${scheme[1]}: URI, not a file inside the ledger folder` };
  const rest = raw.slice(scheme[0].length);
  if (rest.startsWith('//')) return { kind: 'escape', reason: 'is an absolute file: URI' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return { kind: 'escape', reason: 'is a malformed file: URI' };
  }
  return normaliseLedgerPath(decoded);
}

/** A file path inside the tree (event `files`, patch headers, manifest `hashes` keys) in one form. */
export function treePath(raw: string): string {
  const normalised = normaliseLedgerPath(raw);
  return normalised.kind === 'file' ? normalised.path : raw;
}
