/**
 * `diff_path` and `tar_uri` name files relative to the ledger folder and may not leave it. This is
 * the pure half of that rule, on the text alone; the Node file access checks again on real paths
 * (symlinks). The rule itself is shared with step traces: ../relative-path.ts.
 */
import { normaliseRelativePath, type RelativePath } from '../relative-path';

export type LedgerPath = RelativePath;

/** Normalises a relative path to forward-slash segments without `.` and `..`. */
export function normaliseLedgerPath(raw: string): LedgerPath {
  return normaliseRelativePath(raw, 'ledger folder');
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
