/**
 * The UTF-8 bytes of `JSON.stringify(value)` for bridge data (plain objects, arrays, strings,
 * numbers, booleans, null), written without ever holding the whole text as one string.
 *
 * Why: a session worker sends a snapshot as JSON bytes (encoded-json.ts). `JSON.stringify` of a
 * 1.2M-event snapshot made one ~210 MB string (twice that when one character is not Latin-1),
 * then `TextEncoder` copied it into bytes: 1.8 s + 0.6 s, and a string that big lands straight in
 * the old generation, where it brought on major collections of the worker's ~1 GB heap. Here long
 * arrays (the columns) go through the native stringify a slice at a time and each piece of text
 * is encoded into fixed-size byte chunks as it comes; one exact-size buffer is made at the end.
 */

import type { JsonSink } from '../../../src-shared/bridge/json-sink';

/**
 * Elements of a long array stringified in one native call. Small enough that each piece of text
 * is a young-generation string (~20–40 KB; one over ~128 KB goes straight to the old generation).
 */
const SLICE = 1024;
/** Text gathered before it is encoded (small strings joined first). */
const TEXT_FLUSH = 1 << 14;
/** Chunks after the first, when the expected size was too small. */
const MIN_CHUNK_BYTES = 8 << 20;

/** Writes JSON into UTF-8 bytes (see the header). */
export class ByteSink implements JsonSink {
  private readonly encoder = new TextEncoder();
  private readonly chunks: Uint8Array[] = [];
  private chunk: Uint8Array;
  private used = 0;
  private text = '';
  private total = 0;
  private readonly scratch: unknown[] = [];

  /** `expectedBytes`: the first chunk's size; when the JSON fits it, no copy is made at the end. */
  constructor(expectedBytes = MIN_CHUNK_BYTES) {
    this.chunk = new Uint8Array(Math.max(1 << 16, expectedBytes));
  }

  raw(json: string): void {
    this.text += json;
    if (this.text.length >= TEXT_FLUSH) this.flush();
  }

  value(value: unknown): void {
    write(value, this);
  }

  array<V>(rows: Iterable<V>, value: (row: V) => unknown): void {
    const scratch = this.scratch;
    let first = true;
    const slice = () => {
      if (scratch.length === 0) return;
      if (!first) this.raw(',');
      first = false;
      this.raw(JSON.stringify(scratch).slice(1, -1));
      scratch.length = 0;
    };
    this.raw('[');
    for (const row of rows) {
      scratch.push(value(row));
      if (scratch.length === SLICE) slice();
    }
    slice();
    this.raw(']');
  }

  /**
   * The bytes written, in a buffer of their own (it is transferred to another thread): the first
   * chunk itself when they fit it with little to spare, else one copy of every chunk.
   */
  finish(): Uint8Array {
    this.flush();
    if (this.chunks.length === 0 && this.used * 1.25 >= this.chunk.length)
      return this.chunk.subarray(0, this.used);
    const out = new Uint8Array(this.total + this.used);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    out.set(this.chunk.subarray(0, this.used), at);
    return out;
  }

  private flush(): void {
    let text = this.text;
    this.text = '';
    while (text.length) {
      const { read, written } = this.encoder.encodeInto(text, this.chunk.subarray(this.used));
      this.used += written;
      // A chunk too full for the next character: start another (encodeInto never splits one).
      if (read < text.length) this.nextChunk();
      text = read ? text.slice(read) : text;
    }
  }

  private nextChunk(): void {
    this.chunks.push(this.chunk.subarray(0, this.used));
    this.total += this.used;
    this.chunk = new Uint8Array(Math.max(MIN_CHUNK_BYTES, this.total >> 2));
    this.used = 0;
  }
}

export function jsonBytes(value: unknown, expectedBytes?: number): Uint8Array {
  const sink = new ByteSink(expectedBytes);
  write(value, sink);
  return sink.finish();
}

function write(value: unknown, sink: ByteSink): void {
  const out = (s: string) => sink.raw(s);
  if (Array.isArray(value)) {
    if (value.length > SLICE) {
      // A long array (a column): whole slices through the native stringify. Its elements are
      // small in bridge data (a node's event ids, a job's launches).
      out('[');
      for (let i = 0; i < value.length; i += SLICE) {
        if (i > 0) out(',');
        out(JSON.stringify(value.slice(i, i + SLICE)).slice(1, -1));
      }
      out(']');
    } else if (!value.some(isContainer)) out(JSON.stringify(value));
    else {
      // A short array of objects (the snapshot's node kinds): each may hold long columns.
      out('[');
      for (let i = 0; i < value.length; i++) {
        if (i > 0) out(',');
        const v: unknown = value[i];
        if (v === undefined || typeof v === 'function' || typeof v === 'symbol') out('null');
        else write(v, sink);
      }
      out(']');
    }
    return;
  }
  if (!isContainer(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    const s = JSON.stringify(value);
    // Like JSON.stringify at the top level; inside an object such members are skipped before this.
    out(s === undefined ? 'null' : s);
    return;
  }
  out('{');
  let first = true;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    out((first ? '' : ',') + JSON.stringify(k) + ':');
    first = false;
    write(v, sink);
  }
  out('}');
}

function isContainer(v: unknown): boolean {
  return typeof v === 'object' && v !== null;
}
