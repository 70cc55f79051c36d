/**
 * Archives are read in place (never extracted to disk), within limits: a TreeTrace bundle is a few
 * files of a few MB, so an archive far beyond that — many entries, huge sizes, a compression ratio
 * only a bomb reaches — is refused with a message saying which limit it broke. Entry names are
 * checked before anything else: an absolute name or one that climbs out with `..` rejects the
 * archive (zip-slip), even though nothing is ever written.
 */

export interface ArchiveLimits {
  /** Size of the archive file itself. */
  maxArchiveBytes: number;
  /** Entries in the archive (files, folders, links). */
  maxEntries: number;
  /** Uncompressed size of one entry, declared or actual. */
  maxEntryBytes: number;
  /** Uncompressed bytes of the whole archive, declared (zip) or actual (tar stream). */
  maxTotalBytes: number;
  /** Uncompressed ÷ compressed, checked once an entry or stream is past `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxArchiveBytes: 1024 * MiB,
  maxEntries: 10_000,
  maxEntryBytes: 256 * MiB,
  maxTotalBytes: 512 * MiB,
  maxRatio: 200,
  ratioFloorBytes: 1 * MiB,
};

/** The archive is refused (a limit, an unsafe name): a clear reason, never a partial read. */
export class ArchiveRejectedError extends Error {
  override readonly name = 'ArchiveRejectedError';
}

/** The file is not a readable archive of the kind its name says (corrupt, truncated, not one). */
export class ArchiveUnreadableError extends Error {
  override readonly name = 'ArchiveUnreadableError';
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MiB) return `${(bytes / (1024 * MiB)).toFixed(1)} GiB`;
  if (bytes >= MiB) return `${(bytes / MiB).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

/**
 * An entry name as a safe relative path inside the archive: `/` separators, no `.` segments, no
 * trailing slash. Throws ArchiveRejectedError for an absolute name, a drive letter, a NUL, or a
 * `..` segment (anywhere: even `a/../b` is refused rather than interpreted).
 */
export function safeEntryName(raw: string): string {
  const name = raw.replace(/\\/g, '/');
  if (name.includes('\0'))
    throw new ArchiveRejectedError(`entry name with a NUL byte: ${JSON.stringify(raw)}`);
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name))
    throw new ArchiveRejectedError(`entry with an absolute path: ${raw}`);
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) throw new ArchiveRejectedError(`entry that climbs out of the archive: ${raw}`);
  return parts.join('/');
}

/** Tracks uncompressed bytes against the limits; `where` names the entry in messages. */
export class ByteBudget {
  private total = 0;
  constructor(private readonly limits: ArchiveLimits) {}

  /** Counts `bytes` more uncompressed bytes of the archive. */
  add(bytes: number): void {
    this.total += bytes;
    if (this.total > this.limits.maxTotalBytes)
      throw new ArchiveRejectedError(
        `the archive expands to more than ${formatBytes(this.limits.maxTotalBytes)} (the limit for a whole archive)`,
      );
  }

  /** An entry of `size` uncompressed bytes (declared, or read so far). */
  checkEntry(size: number, where: string, declared = false): void {
    if (size > this.limits.maxEntryBytes)
      throw new ArchiveRejectedError(
        `${where} ${declared ? 'declares' : 'expands to more than'} ${formatBytes(declared ? size : this.limits.maxEntryBytes)} (the limit for one entry is ${formatBytes(this.limits.maxEntryBytes)})`,
      );
  }

  checkRatio(uncompressed: number, compressed: number, where: string): void {
    if (uncompressed <= this.limits.ratioFloorBytes) return;
    if (uncompressed > Math.max(compressed, 1) * this.limits.maxRatio)
      throw new ArchiveRejectedError(
        `${where} expands ${Math.round(uncompressed / Math.max(compressed, 1))} times (over ${this.limits.maxRatio}×): an archive bomb`,
      );
  }
}
