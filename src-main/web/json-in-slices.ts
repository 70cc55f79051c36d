/**
 * JSON text of a bridge message, encoded a slice at a time so that a big reply (a 100k-event
 * session's snapshot is ~10 MB of JSON) does not hold serve's event loop for one long stretch:
 * one `JSON.stringify` + UTF-8 copy of it took 50–80 ms, every other client and the log watcher
 * waiting (issue 8, T1: no block > 50 ms while a big log is opened).
 *
 * The output is the same text `JSON.stringify(value)` gives for bridge data (plain objects,
 * arrays, strings, numbers, booleans, null; undefined members left out, undefined in arrays
 * null). Big arrays — the snapshot's columns — are stringified SLICE elements at a time; the
 * text is turned into UTF-8 bytes as it goes, so the final message is one Buffer concat. A value
 * a worker already encoded (encoded-json.ts) is copied in as its bytes.
 */
import { encodedBytesOf } from '../services/encoded-json';

/** Elements of a long array stringified in one native call (~1 ms for column values). */
const SLICE = 4000;
/** Small objects (the sessions list's rows) stringified in one native call. */
const ROWS = 256;
/** Values looked at to tell that an object is small: a row of the sessions list has ~25. */
const SMALL_VALUES = 128;
/** Work between two pauses; the encoder offers to pause after every array. */
const PAUSE_AFTER_MS = 8;

/**
 * Resolves to the UTF-8 bytes of `JSON.stringify(value)`, awaiting `pause()` between slices, in
 * parts to be sent as the fragments of one message: one part, unless the value holds JSON a worker
 * already wrote — those bytes are a part of their own, never copied into a bigger buffer (a
 * 1.2M-event snapshot is ~180 MB: one more copy of it held the event loop ~80 ms).
 */
export async function jsonInSlices(
  value: unknown,
  pause: () => Promise<void>,
  pauseAfterMs = PAUSE_AFTER_MS,
): Promise<Uint8Array[]> {
  const parts: Uint8Array[] = [];
  /** Text encoded since the last part, joined into one part when a worker's bytes or the end come. */
  let pending: Buffer[] = [];
  let text = '';
  const flushText = () => {
    if (text) pending.push(Buffer.from(text));
    text = '';
    if (pending.length) parts.push(pending.length === 1 ? pending[0]! : Buffer.concat(pending));
    pending = [];
  };
  const steps = encode(value, (s) => {
    if (typeof s !== 'string') {
      flushText();
      parts.push(s);
      return;
    }
    text += s;
    if (text.length >= 1 << 16) {
      pending.push(Buffer.from(text));
      text = '';
    }
  });
  // A small message never pauses: it is sent in the same turn, as before.
  let since = performance.now();
  while (!steps.next().done) {
    if (performance.now() - since < pauseAfterMs) continue;
    await pause();
    since = performance.now();
  }
  flushText();
  return parts;
}

/** Writes the JSON of `value` through `out`; yields after each array or slice of one. */
function* encode(value: unknown, out: (s: string | Uint8Array) => void): Generator<void> {
  const encoded = encodedBytesOf(value);
  if (encoded) {
    out(encoded);
    return;
  }
  if (Array.isArray(value)) {
    if (value.length > SLICE) {
      // A long array (a column, rows): whole slices through the native stringify. Its elements
      // are small in bridge data; a big one would only make its slice slower, not wrong.
      out('[');
      for (let i = 0; i < value.length; i += SLICE) {
        const s = JSON.stringify(value.slice(i, i + SLICE));
        out((i > 0 ? ',' : '') + s.slice(1, -1));
        yield;
      }
      out(']');
    } else if (!value.some(isContainer)) {
      out(JSON.stringify(value));
      yield;
    } else {
      // Objects. Runs of small ones (the sessions list's rows) go through the native stringify,
      // ROWS at a time: 2,000 rows written key by key here took ~80 ms of serve's event loop.
      // One that is not small (the snapshot's node kinds, with their long columns; JSON a worker
      // wrote, which the native stringify would write as {}) is written part by part.
      out('[');
      for (let i = 0; i < value.length;) {
        if (i > 0) out(',');
        const v: unknown = value[i];
        if (v === undefined || typeof v === 'function' || typeof v === 'symbol') {
          out('null');
          i++;
        } else if (!isContainer(v) || !isSmall(v)) {
          yield* encode(v, out);
          i++;
        } else {
          let end = i + 1;
          while (end < value.length && end - i < ROWS && isContainer(value[end]) && isSmall(value[end]))
            end++;
          out(JSON.stringify(value.slice(i, end)).slice(1, -1));
          i = end;
          if (value.length > ROWS) yield; // a short list is a small message: no pause
        }
      }
      out(']');
    }
    return;
  }
  if (!isContainer(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    out(JSON.stringify(value));
    return;
  }
  out('{');
  let first = true;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    out((first ? '' : ',') + JSON.stringify(k) + ':');
    first = false;
    yield* encode(v, out);
  }
  out('}');
}

function isContainer(v: unknown): boolean {
  return typeof v === 'object' && v !== null;
}

/**
 * Whether the native stringify writes `v` as this encoder would, quickly: no JSON a worker wrote
 * and no toJSON anywhere in it, and at most SMALL_VALUES values in all (so no long column).
 */
function isSmall(v: unknown): boolean {
  let budget = SMALL_VALUES;
  const visit = (x: unknown): boolean => {
    if (--budget < 0) return false;
    if (!isContainer(x)) return true;
    if (encodedBytesOf(x) || typeof (x as { toJSON?: unknown }).toJSON === 'function') return false;
    for (const y of Array.isArray(x) ? x : Object.values(x as Record<string, unknown>))
      if (!visit(y)) return false;
    return true;
  };
  return visit(v);
}
