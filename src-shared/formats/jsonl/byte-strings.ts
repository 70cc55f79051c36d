/**
 * One string for each repeated short value, found by its bytes: a value seen before is not decoded
 * again, and every event that holds it shares one copy. For the fields whose values repeat across a
 * session's events (an event's kind, actor, model, tool name, status…: repeated-fields.ts), which a
 * line scan would otherwise decode a million times over for a big log.
 */
import type { ByteText } from './json-bytes';
import { hashBytes, sameBytes } from './key-table';

/** Slots of the table (a power of two) and the values it holds at most: then it stops adding. */
const SLOTS = 8192;
const MAX_VALUES = 4096;

export class ByteStrings {
  private readonly slots = new Int32Array(SLOTS).fill(-1);
  private readonly hashes: number[] = [];
  private readonly keys: Uint8Array[] = [];
  private readonly values: string[] = [];

  /** The string of `bytes[start, end)`, decoded by `text` the first time (a copy of the bytes is kept). */
  get(bytes: Uint8Array, start: number, end: number, text: ByteText): string {
    const h = hashBytes(bytes, start, end);
    const length = end - start;
    let slot = h & (SLOTS - 1);
    for (;;) {
      const index = this.slots[slot]!;
      if (index < 0) break;
      const key = this.keys[index]!;
      if (this.hashes[index] === h && key.length === length && sameBytes(key, bytes, start))
        return this.values[index]!;
      slot = (slot + 1) & (SLOTS - 1);
    }
    const value = text.decode(bytes, start, end);
    if (this.values.length < MAX_VALUES) {
      this.slots[slot] = this.values.length;
      this.hashes.push(h);
      this.keys.push(bytes.slice(start, end));
      this.values.push(value);
    }
    return value;
  }
}
