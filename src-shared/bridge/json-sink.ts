/**
 * Where a big message's JSON is written piece by piece (src-main/services/sessions/json-bytes.ts
 * writes it into UTF-8 bytes). The column writers (graph-columns.ts, timeline-columns.ts) write a
 * session's snapshot through one straight from the session's own structures: no column arrays
 * of a million entries, no text of hundreds of MB — on a 1.2M-event session, allocating those
 * brought on a major collection of the worker's ~1 GB heap (~0.9 s each) several times per
 * snapshot. What they write is what `JSON.stringify` of the encoded columns gives.
 */
export interface JsonSink {
  /** Text that is JSON already (punctuation, keys, a number). */
  raw(json: string): void;
  /** Any bridge value (plain objects, arrays, strings, numbers, booleans, null). */
  value(value: unknown): void;
  /** A JSON array of `value(row)` for each row, in order (undefined written as null). */
  array<V>(rows: Iterable<V>, value: (row: V) => unknown): void;
}

/** `"key":` with the comma before it unless it is the first member. */
export function key(name: string, first = false): string {
  return (first ? '' : ',') + JSON.stringify(name) + ':';
}
