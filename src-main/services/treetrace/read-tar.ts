/**
 * Reads a `.tar.gz` / `.tgz` (or plain `.tar`) in place, as a stream: the file is read in small
 * chunks, gunzipped by fflate, and parsed by modern-tar (a small, dependency-free streaming tar
 * parser that also reads pax and GNU long names); only the wanted entries are kept in memory.
 * Every decompressed byte is counted, so a bomb is stopped as soon as it passes a limit — whether
 * its bytes sit in an entry we read or one we skip — and a header declaring a huge entry is
 * refused before any of it is read. Each gunzip step takes at most 16 KiB of input, which bounds
 * what one step can produce (deflate expands at most ~1032×).
 */
import { open, type FileHandle } from 'node:fs/promises';
import { Gunzip } from 'fflate';
import { createTarDecoder, type ParsedTarEntry } from 'modern-tar';
import { addName, concat, emptyContents, isMacMetadata, type ArchiveContents } from './archive-contents';
import {
  ArchiveRejectedError,
  ArchiveUnreadableError,
  ByteBudget,
  formatBytes,
  safeEntryName,
  type ArchiveLimits,
} from './archive-limits';

const CHUNK_BYTES = 16 * 1024;

export async function readTar(
  file: string,
  gzipped: boolean,
  wanted: (name: string) => boolean,
  limits: ArchiveLimits,
): Promise<ArchiveContents> {
  const handle = await open(file, 'r');
  const budget = new ByteBudget(limits);
  const failure: { error: unknown } = { error: null };
  try {
    const size = (await handle.stat()).size;
    if (size > limits.maxArchiveBytes)
      throw new ArchiveRejectedError(
        `the archive is ${formatBytes(size)} (the limit is ${formatBytes(limits.maxArchiveBytes)})`,
      );
    const source = tarBytes(handle, gzipped, budget, failure);
    return await readEntries(source, gzipped ? 'tar.gz' : 'tar', wanted, limits, budget);
  } catch (error) {
    // An error raised inside the byte source reaches us wrapped by the stream machinery: prefer it.
    const cause = failure.error ?? error;
    if (cause instanceof ArchiveRejectedError || cause instanceof ArchiveUnreadableError) throw cause;
    throw new ArchiveUnreadableError(
      `not a readable ${gzipped ? 'tar.gz' : 'tar'} archive: ${(cause as Error).message}`,
    );
  } finally {
    await handle.close();
  }
}

/** The uncompressed tar bytes, pulled chunk by chunk from the file and counted. */
function tarBytes(
  handle: FileHandle,
  gzipped: boolean,
  budget: ByteBudget,
  failure: { error: unknown },
): ReadableStream<Uint8Array> {
  let position = 0;
  let ended = false;
  let out: Uint8Array[] = [];
  let uncompressed = 0;
  const gunzip = gzipped ? new Gunzip((chunk) => out.push(chunk)) : null;
  const fail = (error: unknown) => {
    failure.error ??= error;
    throw error;
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          while (!out.length && !ended) {
            const buffer = new Uint8Array(CHUNK_BYTES);
            const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, position);
            position += bytesRead;
            ended = bytesRead === 0;
            if (!gunzip) {
              if (bytesRead) out.push(buffer.subarray(0, bytesRead));
              continue;
            }
            try {
              gunzip.push(buffer.subarray(0, bytesRead), ended);
            } catch (error) {
              throw new ArchiveUnreadableError(`not a readable gzip stream: ${(error as Error).message}`);
            }
          }
          for (const chunk of out) {
            uncompressed += chunk.length;
            budget.add(chunk.length);
            controller.enqueue(chunk);
          }
          if (gunzip) budget.checkRatio(uncompressed, position, 'the archive');
          out = [];
          if (ended) controller.close();
        } catch (error) {
          fail(error);
        }
      },
    },
    { highWaterMark: 0 },
  );
}

async function readEntries(
  source: ReadableStream<Uint8Array>,
  format: 'tar.gz' | 'tar',
  wanted: (name: string) => boolean,
  limits: ArchiveLimits,
  budget: ByteBudget,
): Promise<ArchiveContents> {
  const contents = emptyContents(format);
  const entries = source.pipeThrough(createTarDecoder({ strict: true })).getReader();
  try {
    for (;;) {
      const next = await entries.read();
      if (next.done) break;
      await readEntry(next.value, contents, wanted, limits, budget);
    }
  } catch (error) {
    await entries.cancel().catch(() => undefined);
    throw error;
  }
  return contents;
}

async function readEntry(
  entry: ParsedTarEntry,
  contents: ArchiveContents,
  wanted: (name: string) => boolean,
  limits: ArchiveLimits,
  budget: ByteBudget,
): Promise<void> {
  contents.entries++;
  const { header, body } = entry;
  if (contents.entries > limits.maxEntries) {
    await body.cancel();
    throw new ArchiveRejectedError(`more than ${limits.maxEntries} entries (the limit)`);
  }
  const where = `entry ${header.name}`;
  let name: string;
  try {
    name = safeEntryName(header.name);
    budget.checkEntry(header.size, where, true);
  } catch (error) {
    await body.cancel();
    throw error;
  }
  const type = header.type ?? 'file';
  if (name === '' || isMacMetadata(name) || type === 'directory') {
    if (type === 'directory') addName(contents, name, true);
    await body.cancel();
    return;
  }
  if (type !== 'file') {
    contents.skipped.push({ name, reason: `a ${type} entry (not followed)` });
    await body.cancel();
    return;
  }
  if (contents.files.has(name)) {
    contents.skipped.push({ name, reason: 'a repeated name (the first is read)' });
    await body.cancel();
    return;
  }
  addName(contents, name, false);
  if (!wanted(name)) {
    await body.cancel();
    return;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      size += next.value.length;
      budget.checkEntry(size, where);
      chunks.push(next.value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  contents.data.set(name, concat(chunks, size));
}
