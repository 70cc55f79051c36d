/**
 * Reads a zip in place with yauzl: the central directory is the list of entries (not local
 * headers, which a crafted zip can contradict), entries are read by random access from the file,
 * and each entry's inflated bytes are counted as they come — yauzl itself stops an entry that
 * inflates past its declared size. fflate's unzip was the other candidate: its streaming reader
 * guesses entry boundaries from local headers, and its one-shot reader needs the whole archive in
 * memory and cannot tell an entry that lies about its size.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { addName, concat, emptyContents, isMacMetadata, type ArchiveContents } from './archive-contents';
import {
  ArchiveRejectedError,
  ArchiveUnreadableError,
  ByteBudget,
  formatBytes,
  safeEntryName,
  type ArchiveLimits,
} from './archive-limits';

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export async function readZip(
  file: string,
  wanted: (name: string) => boolean,
  limits: ArchiveLimits,
): Promise<ArchiveContents> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: true,
      decodeStrings: true,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch (error) {
    throw new ArchiveUnreadableError(`not a readable zip archive: ${(error as Error).message}`);
  }
  try {
    return await readEntries(zip, wanted, limits);
  } catch (error) {
    if (error instanceof ArchiveRejectedError || error instanceof ArchiveUnreadableError) throw error;
    const message = (error as Error).message;
    // yauzl validates names itself, before handing the entry over.
    if (/invalid relative path|absolute path|invalid characters in fileName/.test(message))
      throw new ArchiveRejectedError(`unsafe entry name (${message})`);
    throw new ArchiveUnreadableError(`not a readable zip archive: ${message}`);
  } finally {
    zip.close();
  }
}

async function readEntries(
  zip: yauzl.ZipFile,
  wanted: (name: string) => boolean,
  limits: ArchiveLimits,
): Promise<ArchiveContents> {
  if (zip.entryCount > limits.maxEntries)
    throw new ArchiveRejectedError(`${zip.entryCount} entries (the limit is ${limits.maxEntries})`);
  const contents = emptyContents('zip');
  const budget = new ByteBudget(limits);
  let declaredTotal = 0;
  for await (const entry of zip.eachEntry()) {
    contents.entries++;
    const name = safeEntryName(entry.fileName);
    const where = `entry ${entry.fileName}`;
    budget.checkEntry(entry.uncompressedSize, where, true);
    declaredTotal += entry.uncompressedSize;
    if (declaredTotal > limits.maxTotalBytes)
      throw new ArchiveRejectedError(
        `the entries declare more than ${formatBytes(limits.maxTotalBytes)} uncompressed (the limit for a whole archive)`,
      );
    budget.checkRatio(entry.uncompressedSize, entry.compressedSize, where);
    if (name === '' || isMacMetadata(name)) continue;
    if (entry.fileName.endsWith('/')) {
      addName(contents, name, true);
      continue;
    }
    if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) {
      contents.skipped.push({ name, reason: 'a symbolic link (not followed)' });
      continue;
    }
    if (contents.files.has(name)) {
      contents.skipped.push({ name, reason: 'a repeated name (the first is read)' });
      continue;
    }
    addName(contents, name, false);
    if (!wanted(name)) continue;
    if (entry.isEncrypted()) {
      contents.skipped.push({ name, reason: 'encrypted' });
      continue;
    }
    const stream = await zip.openReadStreamPromise(entry);
    contents.data.set(name, await drain(stream, where, entry.compressedSize, budget));
  }
  return contents;
}

/** Reads an entry's stream to the end, counting bytes; stops it at the first limit broken. */
async function drain(
  stream: Readable,
  where: string,
  compressed: number,
  budget: ByteBudget,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      budget.add(chunk.length);
      budget.checkEntry(size, where);
      budget.checkRatio(size, compressed, where);
      chunks.push(chunk);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof ArchiveRejectedError) throw error;
    const message = (error as Error).message;
    if (/too many bytes|too few bytes/.test(message))
      throw new ArchiveRejectedError(`${where} does not hold the size it declares (${message})`);
    throw new ArchiveUnreadableError(`${where} cannot be read: ${message}`);
  }
  return concat(chunks, size);
}
