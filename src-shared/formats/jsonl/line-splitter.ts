/**
 * Incremental byte-level line splitter for append-only JSONL logs.
 *
 * Why bytes and not strings: offsets must be byte offsets (the tailer and the detail
 * reader seek by byte), and a chunk boundary may fall inside a multi-byte UTF-8 sequence.
 * We split on the `\n` byte (0x0A), which never occurs inside a multi-byte sequence.
 *
 * Rules (the reading contract shared by every JSONL format we read):
 * - split on `\n`; strip one trailing `\r`;
 * - blank or whitespace-only lines are skipped (but still numbered);
 * - the last line without its newline is held back until `end()` (one-shot reading flushes it;
 *   a tailer never calls `end()` and so waits for the newline);
 * - a line longer than `maxLineBytes` is reported as `oversized` and its bytes are dropped,
 *   never buffered without bound.
 */

export interface RawLine {
  /** 1-based physical line number (blank lines count). */
  lineNo: number;
  /** Byte offset of the first byte of the line in the file. */
  byteOffset: number;
  /** Byte length of the line without its `\n` (and without a stripped `\r`). */
  byteLength: number;
  bytes: Uint8Array;
}

export interface OversizedLine {
  lineNo: number;
  byteOffset: number;
  byteLength: number;
}

export interface SplitResult {
  lines: RawLine[];
  oversized: OversizedLine[];
}

/**
 * Given each complete line as `bytes[start, end)` (without its `\n`, one `\r` stripped, never
 * blank): a reader that needs no `RawLine` object nor a view per line (the session worker's scan;
 * a view per line was ~0.6 µs, 0.5 s of a 850k-event read).
 */
export type LineVisitor = (
  bytes: Uint8Array,
  start: number,
  end: number,
  lineNo: number,
  byteOffset: number,
) => void;

const NEWLINE = 0x0a;
const CR = 0x0d;

export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

const typedIndexOf = (bytes: Uint8Array, byte: number, from: number): number => bytes.indexOf(byte, from);

export class LineSplitter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  /** Byte offset (in the file) where the pending partial line starts. */
  private lineStart: number;
  private nextLineNo: number;
  /** True while we are discarding the rest of an oversized line. */
  private skipping = false;

  /**
   * `linesViewChunk`: a line lying wholly inside one pushed chunk is handed out as a view of that
   * chunk instead of a copy. Only for callers that own their chunks and finish with the lines
   * before pushing again (a parse worker: on a 100k-event log the per-line copies were a quarter
   * of its time). Only the partial line carried between chunks is copied.
   *
   * `findByte`: how a newline is looked for. A typed array's own `indexOf` is a plain loop
   * (~3 GB/s here); Node's Buffer search is a memchr, ~5× that — 0.27 s of a 1 GB read in the
   * session worker, which passes it in (its ByteText's).
   */
  constructor(
    private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES,
    startOffset = 0,
    startLineNo = 1,
    private readonly linesViewChunk = false,
    private readonly findByte: (bytes: Uint8Array, byte: number, from: number) => number = typedIndexOf,
  ) {
    this.lineStart = startOffset;
    this.nextLineNo = startLineNo;
  }

  /** Byte offset up to which every complete line has been emitted. */
  get committedOffset(): number {
    return this.lineStart;
  }

  get lineNumber(): number {
    return this.nextLineNo;
  }

  get hasPartial(): boolean {
    return this.pendingBytes > 0 || this.skipping;
  }

  push(chunk: Uint8Array): SplitResult {
    const out: SplitResult = { lines: [], oversized: [] };
    this.eachLine(chunk, rawLinesInto(out.lines), out.oversized);
    return out;
  }

  /** Flush the last line even without its newline (one-shot reading). */
  end(): SplitResult {
    const out: SplitResult = { lines: [], oversized: [] };
    this.endEach(rawLinesInto(out.lines), out.oversized);
    return out;
  }

  /** `push`, each line given to `visit` as it is found (oversized ones added to `oversized`). */
  eachLine(chunk: Uint8Array, visit: LineVisitor, oversized: OversizedLine[]): void {
    let from = 0;
    while (from < chunk.length) {
      const nl = this.findByte(chunk, NEWLINE, from);
      if (nl === -1) {
        this.hold(chunk.subarray(from));
        break;
      }
      if (this.linesViewChunk && this.pendingBytes === 0 && !this.skipping)
        this.wholeLine(chunk, from, nl, visit, oversized);
      else {
        this.hold(chunk.subarray(from, nl));
        this.finishLine(1, visit, oversized);
      }
      from = nl + 1;
    }
  }

  /** `end`, given to `visit`. */
  endEach(visit: LineVisitor, oversized: OversizedLine[]): void {
    if (this.pendingBytes > 0 || this.skipping) this.finishLine(0, visit, oversized);
  }

  /** A line from `from` to the newline at `nl`, all inside `chunk`: a view, not a copy. */
  private wholeLine(
    chunk: Uint8Array,
    from: number,
    nl: number,
    visit: LineVisitor,
    oversized: OversizedLine[],
  ): void {
    const lineNo = this.nextLineNo++;
    const byteOffset = this.lineStart;
    const total = nl - from;
    this.lineStart += total + 1;
    if (total > this.maxLineBytes) oversized.push({ lineNo, byteOffset, byteLength: total });
    else emitLine(visit, lineNo, byteOffset, chunk, from, nl);
  }

  private hold(part: Uint8Array): void {
    if (part.length === 0) return;
    if (this.skipping) {
      this.pendingBytes += part.length;
      return;
    }
    if (this.pendingBytes + part.length > this.maxLineBytes) {
      // Drop what we held: the line is reported, not buffered.
      this.skipping = true;
      this.pending = [];
      this.pendingBytes += part.length;
      return;
    }
    // Copy: the caller may reuse its read buffer.
    this.pending.push(part.slice());
    this.pendingBytes += part.length;
  }

  private finishLine(terminatorBytes: number, visit: LineVisitor, oversized: OversizedLine[]): void {
    const lineNo = this.nextLineNo++;
    const byteOffset = this.lineStart;
    const total = this.pendingBytes;
    this.lineStart += total + terminatorBytes;
    if (this.skipping) {
      oversized.push({ lineNo, byteOffset, byteLength: total });
      this.skipping = false;
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    let bytes: Uint8Array;
    if (this.pending.length === 1) bytes = this.pending[0]!;
    else {
      bytes = new Uint8Array(total);
      let at = 0;
      for (const p of this.pending) {
        bytes.set(p, at);
        at += p.length;
      }
    }
    this.pending = [];
    this.pendingBytes = 0;
    emitLine(visit, lineNo, byteOffset, bytes, 0, bytes.length);
  }
}

/** A visitor that makes each line a RawLine (a view of its bytes) in `lines`. */
function rawLinesInto(lines: RawLine[]): LineVisitor {
  return (bytes, start, end, lineNo, byteOffset) =>
    lines.push({
      lineNo,
      byteOffset,
      byteLength: end - start,
      bytes: start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end),
    });
}

/** Strips one trailing CR; a blank line is numbered but not handed out. */
function emitLine(
  visit: LineVisitor,
  lineNo: number,
  byteOffset: number,
  bytes: Uint8Array,
  start: number,
  end: number,
): void {
  if (end > start && bytes[end - 1] === CR) end -= 1;
  if (isBlank(bytes, start, end)) return;
  visit(bytes, start, end, lineNo, byteOffset);
}

function isBlank(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = bytes[i]!;
    // space, tab, CR, vertical tab, form feed
    if (b !== 0x20 && b !== 0x09 && b !== 0x0d && b !== 0x0b && b !== 0x0c) return false;
  }
  return true;
}
