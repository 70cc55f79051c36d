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

/** Elements of a long array stringified in one native call. */
const SLICE = 1024;
/** Text gathered before it is encoded (small strings joined first: one `encodeInto` per ~64K). */
const TEXT_FLUSH = 1 << 14;
const CHUNK_BYTES = 8 << 20;

class ByteSink {
  private readonly encoder = new TextEncoder();
  private readonly chunks: Uint8Array[] = [];
  private chunk = new Uint8Array(CHUNK_BYTES);
  private used = 0;
  private text = '';
  private total = 0;

  write(s: string): void {
    this.text += s;
    if (this.text.length >= TEXT_FLUSH) this.flush();
  }

  /** A fresh buffer of exactly the bytes written (its own ArrayBuffer: it can be transferred). */
  finish(): Uint8Array {
    this.flush();
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
    this.chunk = new Uint8Array(CHUNK_BYTES);
    this.used = 0;
  }
}

export function jsonBytes(value: unknown): Uint8Array {
  const sink = new ByteSink();
  write(value, sink);
  return sink.finish();
}

function write(value: unknown, sink: ByteSink): void {
  if (Array.isArray(value)) {
    if (value.length > SLICE) {
      // A long array (a column): whole slices through the native stringify. Its elements are
      // small in bridge data (a node's event ids, a job's launches).
      sink.write('[');
      for (let i = 0; i < value.length; i += SLICE) {
        if (i > 0) sink.write(',');
        sink.write(JSON.stringify(value.slice(i, i + SLICE)).slice(1, -1));
      }
      sink.write(']');
    } else if (!value.some(isContainer)) sink.write(JSON.stringify(value));
    else {
      // A short array of objects (the snapshot's node kinds): each may hold long columns.
      sink.write('[');
      for (let i = 0; i < value.length; i++) {
        if (i > 0) sink.write(',');
        const v: unknown = value[i];
        if (v === undefined || typeof v === 'function' || typeof v === 'symbol') sink.write('null');
        else write(v, sink);
      }
      sink.write(']');
    }
    return;
  }
  if (!isContainer(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    const s = JSON.stringify(value);
    // Like JSON.stringify at the top level; inside an object such members are skipped before this.
    sink.write(s === undefined ? 'null' : s);
    return;
  }
  sink.write('{');
  let first = true;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    sink.write((first ? '' : ',') + JSON.stringify(k) + ':');
    first = false;
    write(v, sink);
  }
  sink.write('}');
}

function isContainer(v: unknown): boolean {
  return typeof v === 'object' && v !== null;
}
