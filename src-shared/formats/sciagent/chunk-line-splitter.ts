/**
 * The JSONL reading rules of `LineSplitter` (formats/jsonl), for a parse worker's chunks: a
 * line that lies wholly inside one chunk is handed out as a view of the chunk instead of a copy.
 * The worker owns its chunks (they are transferred to it, never reused), and it classifies every
 * line before the next chunk arrives. On a 100k-event log the per-line copies were a quarter of
 * the worker's time. Only the partial line carried from one chunk to the next is copied.
 *
 * Same output as LineSplitter for the same bytes, however they are chunked (see the test).
 */
import type { OversizedLine, RawLine, SplitResult } from '../jsonl/line-splitter';

const NEWLINE = 0x0a;
const CR = 0x0d;

export class ChunkLineSplitter {
  /** The partial line carried from earlier chunks (copied), or nothing. */
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private lineStart: number;
  private nextLineNo: number;
  private skipping = false;

  constructor(
    private readonly maxLineBytes: number,
    startOffset = 0,
    startLineNo = 1,
  ) {
    this.lineStart = startOffset;
    this.nextLineNo = startLineNo;
  }

  get committedOffset(): number {
    return this.lineStart;
  }

  /** Lines ending in `chunk`. Whole lines in it are views of `chunk`: do not reuse it while they are read. */
  push(chunk: Uint8Array): SplitResult {
    const out: SplitResult = { lines: [], oversized: [] };
    let from = 0;
    while (from < chunk.length) {
      const nl = chunk.indexOf(NEWLINE, from);
      if (nl === -1) {
        this.hold(chunk.subarray(from));
        break;
      }
      if (this.pendingBytes === 0 && !this.skipping) this.whole(chunk, from, nl, out);
      else {
        this.hold(chunk.subarray(from, nl));
        this.finishHeld(out, 1);
      }
      from = nl + 1;
    }
    return out;
  }

  /** Flush the last line even without its newline (one-shot reading). */
  end(): SplitResult {
    const out: SplitResult = { lines: [], oversized: [] };
    if (this.pendingBytes > 0 || this.skipping) this.finishHeld(out, 0);
    return out;
  }

  /** A line from `from` to the newline at `nl`, all inside `chunk`. */
  private whole(chunk: Uint8Array, from: number, nl: number, out: SplitResult): void {
    const lineNo = this.nextLineNo++;
    const byteOffset = this.lineStart;
    const total = nl - from;
    this.lineStart += total + 1;
    if (total > this.maxLineBytes) {
      out.oversized.push({ lineNo, byteOffset, byteLength: total } satisfies OversizedLine);
      return;
    }
    emit(out, lineNo, byteOffset, chunk.subarray(from, nl));
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
    this.pending.push(part.slice());
    this.pendingBytes += part.length;
  }

  private finishHeld(out: SplitResult, terminatorBytes: number): void {
    const lineNo = this.nextLineNo++;
    const byteOffset = this.lineStart;
    const total = this.pendingBytes;
    this.lineStart += total + terminatorBytes;
    const pending = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    if (this.skipping) {
      this.skipping = false;
      out.oversized.push({ lineNo, byteOffset, byteLength: total });
      return;
    }
    let bytes: Uint8Array;
    if (pending.length === 1) bytes = pending[0]!;
    else {
      bytes = new Uint8Array(total);
      let at = 0;
      for (const p of pending) {
        bytes.set(p, at);
        at += p.length;
      }
    }
    emit(out, lineNo, byteOffset, bytes);
  }
}

/** Strips one trailing CR; a blank line is numbered but not handed out. */
function emit(out: SplitResult, lineNo: number, byteOffset: number, bytes: Uint8Array): void {
  let len = bytes.length;
  if (len > 0 && bytes[len - 1] === CR) len -= 1;
  for (let i = 0; i < len; i++) {
    const b = bytes[i]!;
    // space, tab, CR, vertical tab, form feed
    if (b !== 0x20 && b !== 0x09 && b !== 0x0d && b !== 0x0b && b !== 0x0c) {
      const line: RawLine = {
        lineNo,
        byteOffset,
        byteLength: len,
        bytes: len === bytes.length ? bytes : bytes.subarray(0, len),
      };
      out.lines.push(line);
      return;
    }
  }
}
