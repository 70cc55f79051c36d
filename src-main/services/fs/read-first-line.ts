/**
 * The first non-blank line of a file (up to 1 MiB), read no further: how formats are told apart
 * by content. Null for an empty file or an oversized first line; read errors reject.
 */
import { open } from 'node:fs/promises';
import { LineSplitter } from '../../../src-shared/formats/jsonl/line-splitter';

const MAX_FIRST_LINE_BYTES = 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;

export async function readFirstLine(file: string): Promise<string | null> {
  const handle = await open(file, 'r');
  try {
    const splitter = new LineSplitter(MAX_FIRST_LINE_BYTES);
    const buffer = new Uint8Array(CHUNK_BYTES);
    let position = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      position += bytesRead;
      const split = bytesRead === 0 ? splitter.end() : splitter.push(buffer.subarray(0, bytesRead));
      const first = split.lines[0];
      const oversized = split.oversized[0];
      if (first && (!oversized || first.lineNo < oversized.lineNo))
        return new TextDecoder().decode(first.bytes);
      if (oversized || bytesRead === 0) return null;
    }
  } finally {
    await handle.close();
  }
}
