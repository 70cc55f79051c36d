/**
 * Which of a fixed set of ASCII names the bytes of a JSON key are, without decoding the key: a
 * hash of the bytes into an open-addressing table, then a byte-by-byte check. A line has ~15 keys,
 * and making a string of each to look it up in a Map cost more than the lookup.
 */
import { BACKSLASH, QUOTE } from './json-bytes';

/** What `read` gives for a key that is not a plain one (an escape in it, or no closing quote). */
export const NOT_PLAIN = -2;

export class KeyTable {
  /** The closing quote of the key `read` last read. */
  close = -1;
  private readonly slots: Int32Array;
  private readonly names: Uint8Array[];
  private readonly mask: number;

  constructor(readonly keys: readonly string[]) {
    let size = 16;
    while (size < keys.length * 4) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    this.names = keys.map((key) => {
      const bytes = new Uint8Array(key.length);
      for (let i = 0; i < key.length; i++) {
        const c = key.charCodeAt(i);
        if (c > 0x7f || c === QUOTE || c === BACKSLASH)
          throw new Error(`KeyTable: not a plain ASCII key: ${key}`);
        bytes[i] = c;
      }
      return bytes;
    });
    this.names.forEach((name, index) => {
      let slot = hashBytes(name, 0, name.length) & this.mask;
      while (this.slots[slot] !== -1) slot = (slot + 1) & this.mask;
      this.slots[slot] = index;
    });
  }

  /**
   * The key whose opening quote is at `open` (found, hashed and checked in one pass): its index in
   * `keys`, -1 for any other key, NOT_PLAIN for one with an escape or without its closing quote
   * before `end`. `close` is set to its closing quote.
   */
  read(bytes: Uint8Array, open: number, end: number): number {
    let h = SEED;
    let i = open + 1;
    for (; i < end; i++) {
      const c = bytes[i]!;
      if (c === QUOTE) break;
      if (c === BACKSLASH) return NOT_PLAIN;
      h = Math.imul(h ^ c, PRIME);
    }
    if (i >= end) return NOT_PLAIN;
    this.close = i;
    const start = open + 1;
    const length = i - start;
    let slot = finish(h, length) & this.mask;
    for (;;) {
      const index = this.slots[slot]!;
      if (index < 0) return -1;
      const name = this.names[index]!;
      if (name.length === length && sameBytes(name, bytes, start)) return index;
      slot = (slot + 1) & this.mask;
    }
  }
}

const SEED = 0x811c9dc5;
const PRIME = 0x01000193;

/** FNV-1a over the bytes, then their length, mixed: the hash of `KeyTable` and `ByteStrings`. */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = SEED;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, PRIME);
  return finish(h, end - start);
}

function finish(h: number, length: number): number {
  h = Math.imul(h ^ length, PRIME);
  return (h ^ (h >>> 15)) >>> 0;
}

/** Whether `bytes` from `start` begins with all of `name`. */
export function sameBytes(name: Uint8Array, bytes: Uint8Array, start: number): boolean {
  for (let i = 0; i < name.length; i++) if (name[i] !== bytes[start + i]) return false;
  return true;
}
