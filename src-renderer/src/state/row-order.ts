/**
 * The order of a timeline's rows when it is not the order they came in: display position →
 * arrival position (the row's place in the timeline's columns, which only ever grow at the end).
 *
 * A session two processes write has two seq counters (AS-WRITTEN: "seq is a per-process
 * counter"), so a live append often sorts among the rows held. Rebuilding the columns for each
 * such append cost the page O(events) of row objects per line (a 100k-event session: ~1.5 s
 * behind at p95); now the new row goes at the end of the columns and only this array of positions
 * is copied with it in place (4 bytes a row, one memcpy).
 *
 * Versions share an order the way they share columns: appending in order writes past the end of
 * the array, which older versions never read (each reads its first `length` positions).
 */
export class RowOrder {
  private ranks: Int32Array | null = null;
  private ranked = 0;

  private constructor(
    private readonly positions: Int32Array,
    /** Positions written so far: only the version of this length may append. */
    private filled: number,
  ) {}

  /** `length` rows in the order they arrived. */
  static identity(length: number): RowOrder {
    const positions = new Int32Array(capacityFor(length));
    for (let i = 0; i < length; i++) positions[i] = i;
    return new RowOrder(positions, length);
  }

  /**
   * This order's first `length` positions with rows arrived at `length`, `length + 1`… inserted
   * before display positions `before[0]`, `before[1]`… (sorted; each ≤ `length`), as a new order
   * (one native copy: versions keep theirs).
   */
  inserting(length: number, before: readonly number[]): RowOrder {
    const total = length + before.length;
    const positions = new Int32Array(capacityFor(total));
    let from = 0;
    let to = 0;
    before.forEach((place, j) => {
      positions.set(this.positions.subarray(from, place), to);
      to += place - from;
      from = place;
      positions[to++] = length + j;
    });
    positions.set(this.positions.subarray(from, length), to);
    return new RowOrder(positions, total);
  }

  /** An order sorted by `compare` of arrival positions (a snapshot whose file is not in order). */
  static sorted(length: number, compare: (a: number, b: number) => number): RowOrder {
    const order = RowOrder.identity(length);
    order.positions.subarray(0, length).sort(compare);
    return order;
  }

  at(i: number): number {
    return this.positions[i]!;
  }

  /** Whether the version of `length` rows may append (no other version has). */
  endsAt(length: number): boolean {
    return this.filled === length;
  }

  /** Appends arrival positions in order (see endsAt); this order, or a grown copy of it. */
  append(first: number, count: number): RowOrder {
    const order = this.filled + count > this.positions.length ? this.grown(this.filled + count) : this;
    for (let k = 0; k < count; k++) order.positions[order.filled++] = first + k;
    return order;
  }

  /** A copy with room for `length` positions. */
  private grown(length: number): RowOrder {
    const positions = new Int32Array(capacityFor(length));
    positions.set(this.positions.subarray(0, this.filled));
    return new RowOrder(positions, this.filled);
  }

  /** The display position of arrival position `a` (of a version holding it). */
  rankOf(a: number): number {
    if (this.ranked < this.filled) {
      // Positions never move to another array in this object: one of their capacity serves.
      this.ranks ??= new Int32Array(this.positions.length);
      for (let i = this.ranked; i < this.filled; i++) this.ranks[this.positions[i]!] = i;
      this.ranked = this.filled;
    }
    return this.ranks![a]!;
  }
}

/** Room to append a while before the next copy. */
function capacityFor(length: number): number {
  return Math.max(64, Math.ceil(length * 1.25));
}
