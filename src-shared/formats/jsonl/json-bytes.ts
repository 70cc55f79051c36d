/**
 * Reading JSON text as bytes, without decoding it: where a value ends, without building it. A
 * session worker takes a few fields of a line this way and steps over the kilobytes it does not
 * keep (slim-scan.ts); `JSON.parse` would decode the whole line and make every string in it
 * (PERF-NOTES: decoding alone runs at ~300 MB/s, finding a byte at GB/s).
 *
 * What a walk checks: the structure — strings closed, brackets matched, commas and colons where
 * they belong, numbers and `true`/`false`/`null` by the JSON grammar — and every escape in a string.
 * What it does not check: a raw control character inside a string it steps over (no JSON writer
 * puts one there, and a line cannot hold the one a torn write could leave, a newline). A torn or
 * glued line breaks the structure, which is what the walk is for; every value it *keeps* is decoded
 * or `JSON.parse`d.
 *
 * Written as one class with the line in fields, not closures: it runs over every byte structure of
 * every line a worker reads.
 */

/** Finding a byte and decoding UTF-8: a host may give faster ones than the portable defaults. */
export interface ByteText {
  /** Index of `byte` in `bytes` at or after `from`, or -1. */
  indexOf(bytes: Uint8Array, byte: number, from: number): number;
  /** The UTF-8 text of `bytes[start, end)` (a byte-order mark kept, bad sequences as U+FFFD). */
  decode(bytes: Uint8Array, start: number, end: number): string;
}

// ignoreBOM: a U+FEFF at the start of a value is part of it (JSON.parse of the whole line keeps it).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Any host's: the typed array's own search and a TextDecoder. */
export const PORTABLE_BYTE_TEXT: ByteText = {
  indexOf: (bytes, byte, from) => bytes.indexOf(byte, from),
  decode: (bytes, start, end) => decoder.decode(bytes.subarray(start, end)),
};

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COLON = 0x3a;
export const COMMA = 0x2c;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
/** The first letters of `true`, `false` and `null`. */
export const LETTER_T = 0x74;
export const LETTER_F = 0x66;
export const LETTER_N = 0x6e;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/** A string's closing quote is looked for byte by byte this far (a native call costs more for keys). */
const SHORT_STRING = 24;

/** 1 for the bytes that may follow a backslash (besides `u`, which takes four hex digits). */
const SIMPLE_ESCAPES = new Uint8Array(128);
for (const c of '"\\/bfnrt') SIMPLE_ESCAPES[c.charCodeAt(0)] = 1;

function isHexDigit(c: number | undefined): boolean {
  return (
    c !== undefined && ((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46))
  );
}

/** `_truncated`: the key of sciagent's truncation stub ({"_truncated": true, …}). */
const TRUNCATED_KEY = [0x5f, 0x74, 0x72, 0x75, 0x6e, 0x63, 0x61, 0x74, 0x65, 0x64];

/** Frames of the container walk: an array, an object, an object whose `_truncated` is true. */
const ARRAY = 0;
const OBJECT = 1;
const STUB = 2;

export class JsonBytes {
  bytes: Uint8Array = new Uint8Array(0);
  /** Where the text ends (exclusive). */
  end = 0;
  /** Truncation stubs in the values walked over since `reset`. */
  stubs = 0;
  private readonly frames: number[] = [];
  /** nextEscape's last search: in which bytes, from where, and what it found. */
  private escapesOf: Uint8Array | null = null;
  private escapesFrom = 0;
  private escapeAt = 0;

  constructor(readonly text: ByteText = PORTABLE_BYTE_TEXT) {}

  /** The text to walk: `bytes` up to `end`. The same bytes again (the next line of a chunk) keep nextEscape's search. */
  reset(bytes: Uint8Array, end = bytes.length): void {
    if (bytes !== this.bytes) this.escapesOf = null;
    this.bytes = bytes;
    this.end = end;
    this.stubs = 0;
  }

  /** The first index at or after `i` that is not JSON whitespace. */
  ws(i: number): number {
    const b = this.bytes;
    const end = this.end;
    while (i < end) {
      const c = b[i]!;
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return i;
      i++;
    }
    return i;
  }

  /**
   * The index of the quote closing the string that opens at `i`, or -1 when there is none or an
   * escape in it is not JSON's. A string's first bytes are looked over one by one (most keys and
   * values are short); past them its quotes and backslashes are found by the host's byte search.
   */
  stringEnd(i: number): number {
    const b = this.bytes;
    const end = this.end;
    let j = i + 1;
    const short = Math.min(j + SHORT_STRING, end);
    while (j < short) {
      const c = b[j]!;
      if (c === QUOTE) return j;
      if (c === BACKSLASH) {
        j = this.escapeEnd(j);
        if (j < 0) return -1;
      } else j++;
    }
    let quote = -1;
    for (;;) {
      if (quote < j) {
        quote = this.text.indexOf(b, QUOTE, j);
        if (quote < 0 || quote >= end) return -1;
      }
      const escape = this.nextEscape(j);
      if (escape > quote) return quote;
      j = this.escapeEnd(escape);
      if (j < 0) return -1;
    }
  }

  /** Where the escape whose backslash is at `k` ends, or -1 when it is not one of JSON's. */
  private escapeEnd(k: number): number {
    const b = this.bytes;
    const c = b[k + 1];
    if (c === 0x75) {
      for (let h = k + 2; h < k + 6; h++) if (!isHexDigit(b[h])) return -1;
      return k + 6 <= this.end ? k + 6 : -1;
    }
    return c !== undefined && k + 2 <= this.end && SIMPLE_ESCAPES[c] === 1 ? k + 2 : -1;
  }

  /**
   * The first backslash at or after `from` (Infinity: none in the bytes). Kept between calls:
   * the walk moves forward, and a line with no escape in it (most) costs one search, which
   * for the lines of a chunk ends at the chunk's next backslash, however far.
   */
  nextEscape(from: number): number {
    if (this.escapesOf !== this.bytes || from < this.escapesFrom || this.escapeAt < from) {
      const k = this.text.indexOf(this.bytes, BACKSLASH, from);
      this.escapesOf = this.bytes;
      this.escapesFrom = from;
      this.escapeAt = k < 0 ? Infinity : k;
    }
    return this.escapeAt;
  }

  /** Whether the string whose quotes are at `open` and `close` is `_truncated`. */
  private isTruncatedKey(open: number, close: number): boolean {
    if (close - open - 1 !== TRUNCATED_KEY.length) return false;
    const b = this.bytes;
    for (let k = 0; k < TRUNCATED_KEY.length; k++) if (b[open + 1 + k] !== TRUNCATED_KEY[k]) return false;
    return true;
  }

  /** Where a number, `true`, `false` or `null` starting at `i` ends, or -1. */
  literal(i: number): number {
    const b = this.bytes;
    const c = b[i];
    if (c === LETTER_T) return this.word(i, 0x72, 0x75, 0x65, -1); // true
    if (c === LETTER_F) return this.word(i, 0x61, 0x6c, 0x73, 0x65); // false
    if (c === LETTER_N) return this.word(i, 0x75, 0x6c, 0x6c, -1); // null
    return this.number(i);
  }

  private word(i: number, c1: number, c2: number, c3: number, c4: number): number {
    const b = this.bytes;
    if (b[i + 1] !== c1 || b[i + 2] !== c2 || b[i + 3] !== c3) return -1;
    if (c4 < 0) return i + 4 <= this.end ? i + 4 : -1;
    return b[i + 4] === c4 && i + 5 <= this.end ? i + 5 : -1;
  }

  /** -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
  private number(i: number): number {
    const b = this.bytes;
    const end = this.end;
    if (b[i] === MINUS) i++;
    if (i >= end) return -1;
    if (b[i] === DIGIT_0) i++;
    else {
      const start = i;
      while (i < end && b[i]! >= DIGIT_0 && b[i]! <= DIGIT_9) i++;
      if (i === start) return -1;
    }
    if (i < end && b[i] === DOT) {
      const start = ++i;
      while (i < end && b[i]! >= DIGIT_0 && b[i]! <= DIGIT_9) i++;
      if (i === start) return -1;
    }
    if (i < end && (b[i] === 0x65 || b[i] === 0x45)) {
      i++;
      if (i < end && (b[i] === PLUS || b[i] === MINUS)) i++;
      const start = i;
      while (i < end && b[i]! >= DIGIT_0 && b[i]! <= DIGIT_9) i++;
      if (i === start) return -1;
    }
    return i;
  }

  /**
   * Where the value starting at `i` ends (exclusive), or -1 when its structure is not JSON.
   * Counts the truncation stubs inside it into `stubs`.
   */
  value(i: number): number {
    const b = this.bytes;
    const c = b[i];
    if (c === QUOTE) {
      const q = this.stringEnd(i);
      return q < 0 ? -1 : q + 1;
    }
    if (c !== OPEN_OBJECT && c !== OPEN_ARRAY) return i < this.end ? this.literal(i) : -1;
    return this.container(i);
  }

  /** An object or array, walked with a stack of frames (no recursion: any depth). */
  private container(i: number): number {
    const b = this.bytes;
    const end = this.end;
    const frames = this.frames;
    const base = frames.length;
    // The container at `i` opens; then, in turn: a key (objects), a value, what follows it.
    let top = b[i] === OPEN_OBJECT ? OBJECT : ARRAY;
    frames.push(top);
    i = this.ws(i + 1);
    let truncatedKey = false;
    if (b[i] === (top === ARRAY ? CLOSE_ARRAY : CLOSE_OBJECT)) {
      frames.pop();
      return i + 1;
    }
    for (;;) {
      if (i >= end) return this.fail(base);
      if (top !== ARRAY) {
        if (b[i] !== QUOTE) return this.fail(base);
        const q = this.stringEnd(i);
        if (q < 0) return this.fail(base);
        truncatedKey = this.isTruncatedKey(i, q);
        i = this.ws(q + 1);
        if (b[i] !== COLON) return this.fail(base);
        i = this.ws(i + 1);
        if (i >= end) return this.fail(base);
      }
      const c = b[i]!;
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (truncatedKey) frames[frames.length - 1] = OBJECT;
        truncatedKey = false;
        top = c === OPEN_OBJECT ? OBJECT : ARRAY;
        frames.push(top);
        i = this.ws(i + 1);
        if (b[i] !== (top === ARRAY ? CLOSE_ARRAY : CLOSE_OBJECT)) continue;
        // An empty container: closed at once, then what follows it.
      } else {
        let next: number;
        if (c === QUOTE) {
          const q = this.stringEnd(i);
          next = q < 0 ? -1 : q + 1;
        } else next = this.literal(i);
        if (next < 0) return this.fail(base);
        if (truncatedKey) frames[frames.length - 1] = c === LETTER_T ? STUB : OBJECT;
        truncatedKey = false;
        i = this.ws(next);
      }
      // After a value (or at an empty container's close): a comma, or closes.
      for (;;) {
        if (i >= end) return this.fail(base);
        const d = b[i]!;
        if (d === COMMA) {
          i = this.ws(i + 1);
          break;
        }
        const closing = frames[frames.length - 1]!;
        if (d !== (closing === ARRAY ? CLOSE_ARRAY : CLOSE_OBJECT)) return this.fail(base);
        if (closing === STUB) this.stubs++;
        frames.pop();
        if (frames.length === base) return i + 1;
        top = frames[frames.length - 1]!;
        i = this.ws(i + 1);
      }
    }
  }

  private fail(base: number): number {
    this.frames.length = base;
    return -1;
  }
}
