/**
 * Rows by a string key, for tables of hundreds of thousands of rows (tool-table.ts): an open-
 * addressing table of row numbers in an Int32Array, the keys read back from the table's own column.
 * A Map<string, number> of 283k call ids was ~52 bytes an entry; this is ~16.
 *
 * Written by hand because no library keys a typed-array hash table by strings held elsewhere.
 * It also keeps its keys out of V8's string table: Chromium's V8 internalizes every string used as
 * a Map or Set key, and a full GC walks the whole table in its pause (the page: see timeline.ts).
 * Rows are only added, never removed: a row that leaves its table is asked about by key as
 * usual, and its key column says null (a slot meeting it is passed like any other key's). A row's
 * key is never changed to another (its hash is kept for growths).
 */
import { PagedArray } from '../../formats/columns/paged-array';
import { hashOf } from '../../formats/sciagent/event-index';

export class RowIndex {
  /** Row + 1 per slot (0: empty); a power of two in size, at most half full. */
  private slots = new Int32Array(1024);
  private count = 0;
  /**
   * Per row, its key's hash: a growth places the rows again without hashing their keys (hashing
   * every key again at each doubling was most of filing 282k tool call ids: ~0.15 of 0.27 s).
   */
  private readonly hashes = new PagedArray(Int32Array);
  /** The key `get` last hashed, and its hash: `add` after a `get` of the same key hashes nothing. */
  private lastKey: string | null = null;
  private lastHash = 0;

  /** `keyOf(row)`: the row's key as the table holds it (null: the row left the table). */
  constructor(private readonly keyOf: (row: number) => string | null) {}

  /** The row of `key`, or -1. */
  get(key: string): number {
    const mask = this.slots.length - 1;
    for (let slot = this.hash(key) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!;
      if (entry === 0) return -1;
      if (this.keyOf(entry - 1) === key) return entry - 1;
    }
  }

  /** Files `row` under `key` in place of the row filed under it before, if any (a Map's `set`). */
  set(key: string, row: number): void {
    const mask = this.slots.length - 1;
    for (let slot = this.hash(key) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!;
      if (entry === 0) break;
      if (this.keyOf(entry - 1) === key) {
        this.slots[slot] = row + 1;
        this.hashes.set(row, this.hash(key));
        return;
      }
    }
    this.add(key, row);
  }

  /** Files `row` under its key (not filed yet: the caller checked with `get`). */
  add(key: string, row: number): void {
    if (++this.count * 2 > this.slots.length) this.grow();
    const hash = this.hash(key);
    this.hashes.set(row, hash);
    this.place(hash, row);
  }

  private hash(key: string): number {
    if (key !== this.lastKey) {
      this.lastKey = key;
      this.lastHash = hashOf(key);
    }
    return this.lastHash;
  }

  private place(hash: number, row: number): void {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = row + 1;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    for (const entry of old) {
      if (entry === 0) continue;
      // A row that left its table is not filed again (nothing asks for it by a key it has).
      if (this.keyOf(entry - 1) !== null) this.place(this.hashes.get(entry - 1), entry - 1);
      else this.count--;
    }
  }
}
