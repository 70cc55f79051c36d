/**
 * A column of event ids. Sciagent writes every event id as a UUID (`str(uuid4())`: 36 lowercase
 * characters), which as a string costs ~56 bytes and a slot; kept here as its 128 bits in four
 * Int32 columns (16 bytes) and made a string again when read. Any other id (a test's, another
 * writer's, an uppercase UUID) is kept as it is, so that every id reads back exactly as written.
 *
 * For the events a session keeps as numbers (compacted-events.ts): two in three of a long
 * session's events, and nearly all their ids live only here.
 */
import { PagedArray } from './paged-array';

/** Where the dashes of a UUID are, and its length. */
const DASHES = [8, 13, 18, 23];
const UUID_LENGTH = 36;
/** The string offsets of the four 8-hex-digit words (skipping dashes), as the hex digits lie. */
const HEX_AT: number[] = [];
for (let i = 0; i < UUID_LENGTH; i++) if (!DASHES.includes(i)) HEX_AT.push(i);

const HEX = '0123456789abcdef';
/** Each byte's two lowercase hex digits, as char codes. */
const HIGH = new Uint8Array(256);
const LOW = new Uint8Array(256);
for (let b = 0; b < 256; b++) {
  HIGH[b] = HEX.charCodeAt(b >>> 4);
  LOW[b] = HEX.charCodeAt(b & 15);
}

let idsMade = 0;
/** How many id strings columns made again so far, in this thread (tests: what a snapshot makes). */
export const idColumnStringsMade = (): number => idsMade;

export class IdColumn {
  private readonly words = [
    new PagedArray(Int32Array),
    new PagedArray(Int32Array),
    new PagedArray(Int32Array),
    new PagedArray(Int32Array),
  ];
  private rows = 0;
  /**
   * The ids that are not lowercase UUIDs, by row (undefined where the row's id is packed); made
   * with the first such id. A sciagent log has none, and a slot for each row held undefined: 8
   * bytes each, ~4.5 MB of an 850k-event session's (its 564k compacted events).
   */
  private others: (string | undefined)[] | null = null;
  /** Reused by `get` (its char codes, dashes in place). */
  private readonly codes: number[] = new Array<number>(UUID_LENGTH).fill(0x2d);
  /** Reused by `add` (the four words of the id being added). */
  private readonly packed = new Int32Array(4);

  get size(): number {
    return this.rows;
  }

  /** Adds `id` as the next row; returns the row. */
  add(id: string): number {
    const row = this.rows++;
    if (packLowercaseUuid(id, this.packed)) {
      for (let w = 0; w < 4; w++) this.words[w]!.set(row, this.packed[w]!);
    } else (this.others ??= [])[row] = id;
    return row;
  }

  /** The id of `row`, as it was added. */
  get(row: number): string {
    const other = this.others?.[row];
    if (other !== undefined) return other;
    idsMade++;
    const codes = this.codes;
    for (let w = 0; w < 4; w++) {
      const word = this.words[w]!.get(row);
      for (let k = 0; k < 4; k++) {
        const byte = (word >>> (24 - 8 * k)) & 0xff;
        codes[HEX_AT[w * 8 + 2 * k]!] = HIGH[byte]!;
        codes[HEX_AT[w * 8 + 2 * k + 1]!] = LOW[byte]!;
      }
    }
    return String.fromCharCode.apply(null, codes);
  }
}

/**
 * Puts a lowercase UUID's four 8-hex-digit words into `out`; false, `out` partly written, for any
 * other id. Checked and read in one pass (a check, then a read through HEX_AT: ~45% slower in a
 * micro-benchmark, ~0.25 s of an 850k-event read, whose settled tool events are all kept here).
 */
function packLowercaseUuid(id: string, out: Int32Array): boolean {
  if (id.length !== UUID_LENGTH) return false;
  let word = 0;
  let digits = 0;
  let w = 0;
  for (let i = 0; i < UUID_LENGTH; i++) {
    const c = id.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (c !== 0x2d) return false;
      continue;
    }
    let value: number;
    if (c >= 0x30 && c <= 0x39) value = c - 0x30;
    else if (c >= 0x61 && c <= 0x66) value = c - 0x57;
    else return false;
    word = (word << 4) | value;
    if (++digits === 8) {
      out[w++] = word;
      word = 0;
      digits = 0;
    }
  }
  return true;
}
