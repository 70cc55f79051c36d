/**
 * Ids kept for the life of a session (node ids, `source->target` edge ids) are built by
 * concatenation, which V8 represents as a "cons string": a pair of pointers to the parts. Once such
 * an id is hashed or searched it is flattened in place, and then both the pair (32 bytes) and the
 * flat copy stay alive. A big session keeps hundreds of thousands of ids: keeping only the flat
 * copy saves ~32 bytes each (measured with a heap snapshot of a 100k-event session).
 */

/** Below this length V8 makes a flat string rather than a cons string anyway. */
const CONS_MIN_LENGTH = 13;

/** The same text as a flat string (the value never changes; only how it is stored). */
export function flatString(s: string): string {
  if (s.length < CONS_MIN_LENGTH) return s;
  // normalize() flattens, and returns the flat string itself when the text is already in NFC
  // (every ASCII id). Text it would change is kept as it is: an id must never change its value.
  const flat = s.normalize();
  return flat === s ? flat : s;
}
