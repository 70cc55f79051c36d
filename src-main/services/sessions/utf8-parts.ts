/**
 * Text written as UTF-8 into buffers of PART_BYTES (or one of its own for a longer piece), for a
 * message too big to hold whole as one string: a 1.2M-event snapshot is ~200 MB of JSON, which
 * as one string and then its bytes was twice that at once in its worker. Each buffer is its own
 * ArrayBuffer (not a pooled slab), so it can be transferred to the main thread.
 */
export const PART_BYTES = 8 * 1024 * 1024;

const encoder = new TextEncoder();

export class Utf8Parts {
  private readonly done: Uint8Array[] = [];

  /** `onPart`: given each part as soon as it is full, instead of keeping it for `finish`. */
  constructor(private readonly onPart?: (part: Uint8Array) => void) {}

  private buffer = new Uint8Array(0);
  private used = 0;
  /** Bytes written so far. */
  bytes = 0;

  write(text: string): void {
    let rest = text;
    for (;;) {
      const { read, written } = encoder.encodeInto(rest, this.buffer.subarray(this.used));
      this.used += written;
      this.bytes += written;
      if (read === rest.length) return;
      rest = rest.slice(read);
      this.next(rest.length * 3);
    }
  }

  /** The parts written (not given to `onPart`), in order; the last as long as what went in it. */
  finish(): Uint8Array[] {
    if (this.used > 0) this.done.push(this.buffer.subarray(0, this.used));
    this.buffer = new Uint8Array(0);
    this.used = 0;
    return this.done;
  }

  /** A new buffer for at least `atLeast` more bytes (a UTF-16 unit is at most 3 of them). */
  private next(atLeast: number): void {
    if (this.used > 0) {
      const part = this.buffer.subarray(0, this.used);
      if (this.onPart) this.onPart(part);
      else this.done.push(part);
    }
    this.buffer = new Uint8Array(Math.max(PART_BYTES, atLeast));
    this.used = 0;
  }
}

/** Parts as one buffer (for a reader that wants the whole text: tests, the IPC host). */
export function joinParts(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}
