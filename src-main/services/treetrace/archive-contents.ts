/**
 * What an archive reader hands back: every entry name (files and folders, implicit folders
 * included), and the bytes of the entries the caller asked for. Nothing touches the disk.
 */

export interface ArchiveContents {
  format: 'zip' | 'tar.gz' | 'tar';
  /** File names (safe relative paths). */
  files: Set<string>;
  /** Folder names, including the parents of every file. */
  dirs: Set<string>;
  /** Bytes of the wanted files. */
  data: Map<string, Uint8Array>;
  /** Entries not read as files (links, devices, repeats), with the reason. */
  skipped: { name: string; reason: string }[];
  entries: number;
}

export function emptyContents(format: ArchiveContents['format']): ArchiveContents {
  return { format, files: new Set(), dirs: new Set(['']), data: new Map(), skipped: [], entries: 0 };
}

/** Records a file (or folder) name and every folder above it. */
export function addName(contents: ArchiveContents, name: string, isDir: boolean): void {
  if (name === '') return;
  const parts = name.split('/');
  for (let i = 1; i < parts.length; i++) contents.dirs.add(parts.slice(0, i).join('/'));
  if (isDir) contents.dirs.add(name);
  else contents.files.add(name);
}

/** macOS zips carry resource forks (`__MACOSX/`, `._name`): never bundle content. */
export function isMacMetadata(name: string): boolean {
  return name === '__MACOSX' || name.startsWith('__MACOSX/') || /(^|\/)\._[^/]*$/.test(name);
}

export function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}
