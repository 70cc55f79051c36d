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

const NEWLINE = 0x0a;
const CR = 0x0d;

export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

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
   */
  constructor(
    private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES,
    startOffset = 0,
    startLineNo = 1,
    private readonly linesViewChunk = false,
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
    let from = 0;
    while (from < chunk.length) {
      const nl = chunk.indexOf(NEWLINE, from);
      if (nl === -1) {
        this.hold(chunk.subarray(from));
        break;
      }
      if (this.linesViewChunk && this.pendingBytes === 0 && !this.skipping)
        this.wholeLine(chunk, from, nl, out);
      else {
        this.hold(chunk.subarray(from, nl));
        this.finishLine(out, 1);
      }
      from = nl + 1;
    }
    return out;
  }

  /** Flush the last line even without its newline (one-shot reading). */
  end(): SplitResult {
    const out: SplitResult = { lines: [], oversized: [] };
    if (this.pendingBytes > 0 || this.skipping) this.finishLine(out, 0);
    return out;
  }

  /** A line from `from` to the newline at `nl`, all inside `chunk`: a view, not a copy. */
  private wholeLine(chunk: Uint8Array, from: number, nl: number, out: SplitResult): void {
    const lineNo = this.nextLineNo++;
    const byteOffset = this.lineStart;
    const total = nl - from;
    this.lineStart += total + 1;
    if (total > this.maxLineBytes) out.oversized.push({ lineNo, byteOffset, byteLength: total });
    else emitLine(out, lineNo, byteOffset, chunk.subarray(from, nl));
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

  private finishLine(out: SplitResult, terminatorBytes: number): void {
    const lineNo = this.nextLineNo++;
    const byteOffset = this.lineStart;
    const total = this.pendingBytes;
    this.lineStart += total + terminatorBytes;
    if (this.skipping) {
      out.oversized.push({ lineNo, byteOffset, byteLength: total });
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
    emitLine(out, lineNo, byteOffset, bytes);
  }
}

/** Strips one trailing CR; a blank line is numbered but not handed out. */
function emitLine(out: SplitResult, lineNo: number, byteOffset: number, bytes: Uint8Array): void {
  let len = bytes.length;
  if (len > 0 && bytes[len - 1] === CR) len -= 1;
  if (isBlank(bytes, len)) return;
  out.lines.push({
    lineNo,
    byteOffset,
    byteLength: len,
    bytes: len === bytes.length ? bytes : bytes.subarray(0, len),
  });
}

function isBlank(bytes: Uint8Array, len: number): boolean {
  for (let i = 0; i < len; i++) {
    const b = bytes[i]!;
    // space, tab, CR, vertical tab, form feed
    if (b !== 0x20 && b !== 0x09 && b !== 0x0d && b !== 0x0b && b !== 0x0c) return false;
  }
  return true;
}
