/**
 * The order of a timeline's rows when it is not the order they came in: display position →
 * arrival position (the row's place in the timeline's columns, which only ever grow at the end).
 *
 * A session two processes write has two seq counters (AS-WRITTEN: "seq is a per-process
 * counter"), so a live append often sorts among the rows held. Rebuilding the columns for each
 * such append cost the page O(events) of row objects per line (a 100k-event session: ~1.5 s
 * behind at p95); now the new row goes at the end of the columns and only positions move.
 *
 * Positions are kept in two parts: a `head` shared by versions and never written again, and a
 * `tail` of the last display positions, which a version copies to insert into. Two processes
 * writing at once put their rows near the end (a counter lags the other by a few thousand rows
 * at most), so an insertion copies the tail — at most MAX_TAIL positions — not every position: a
 * copy of the whole order per line cost a 300k-event page ~0.5 ms and 1.5 MB of garbage for each
 * line (3.4 MB at 850k), most of its two-writer live appends' cost. A tail grown past MAX_TAIL
 * moves all but its last KEPT_TAIL positions into a new head (a copy of all, once per ~24k rows);
 * a row that sorts before the tail (a counter restarted at 1) makes a new head of all.
 *
 * Versions share an order the way they share columns: appending in order writes past the end of
 * the tail, which older versions never read (each reads its first `length` positions).
 */

/** Tail positions past which the tail goes into a new head. */
const MAX_TAIL = 32_768;
/** Tail positions kept as the tail when it goes into a new head (room for rows sorting among them). */
const KEPT_TAIL = 8_192;

export class RowOrder {
  private constructor(
    /** Display positions 0 … head.length - 1 (never written once made). */
    private readonly head: Int32Array,
    /** Display positions head.length …: the first `filled` entries are this order's. */
    private readonly tail: Int32Array,
    /** Tail positions written so far: only the version of this length may append. */
    private filled: number,
  ) {}

  /** `length` rows in the order they arrived. */
  static identity(length: number): RowOrder {
    const positions = new Int32Array(length);
    for (let i = 0; i < length; i++) positions[i] = i;
    return RowOrder.of(positions);
  }

  /** An order sorted by `compare` of arrival positions (a snapshot whose file is not in order). */
  static sorted(length: number, compare: (a: number, b: number) => number): RowOrder {
    const positions = new Int32Array(length);
    for (let i = 0; i < length; i++) positions[i] = i;
    positions.sort(compare);
    return RowOrder.of(positions);
  }

  /** `positions` (display → arrival, all of them) as an order, its last KEPT_TAIL as the tail. */
  private static of(positions: Int32Array): RowOrder {
    const split = Math.max(0, positions.length - KEPT_TAIL);
    const tail = new Int32Array(tailCapacity(positions.length - split));
    tail.set(positions.subarray(split));
    return new RowOrder(positions.subarray(0, split), tail, positions.length - split);
  }

  at(i: number): number {
    const h = this.head.length;
    return i < h ? this.head[i]! : this.tail[i - h]!;
  }

  /** Whether the version of `length` rows may append (no other version has). */
  endsAt(length: number): boolean {
    return this.head.length + this.filled === length;
  }

  /** Appends arrival positions in order (see endsAt); this order, or a grown copy of it. */
  append(first: number, count: number): RowOrder {
    const order = this.filled + count > this.tail.length ? this.withRoom(this.filled + count) : this;
    for (let k = 0; k < count; k++) order.tail[order.filled++] = first + k;
    return order.filled > MAX_TAIL ? order.withShortTail() : order;
  }

  /** A copy whose tail has room for `length` positions. */
  private withRoom(length: number): RowOrder {
    const tail = new Int32Array(tailCapacity(length));
    tail.set(this.tail.subarray(0, this.filled));
    return new RowOrder(this.head, tail, this.filled);
  }

  /**
   * This order's first `length` positions with rows arrived at `length`, `length + 1`… inserted
   * before display positions `before[0]`, `before[1]`… (sorted; each ≤ `length`), as a new order
   * (versions keep theirs). Copies the tail only, unless a row goes before it.
   */
  inserting(length: number, before: readonly number[]): RowOrder {
    const h = this.head.length;
    const inTail = before.length === 0 || before[0]! >= h;
    // The part copied with the insertions: the tail, or (a row going before it) every position.
    const from = inTail ? h : 0;
    const total = length - from + before.length;
    const moved = new Int32Array(inTail ? tailCapacity(total) : total);
    let at = from;
    let to = 0;
    before.forEach((place, j) => {
      to = this.copy(moved, to, at, place);
      at = place;
      moved[to++] = length + j;
    });
    this.copy(moved, to, at, length);
    if (!inTail) return RowOrder.of(moved);
    const order = new RowOrder(this.head, moved, total);
    return total > MAX_TAIL ? order.withShortTail() : order;
  }

  /** Display positions `from` … `end - 1` copied into `into` at `to`; where the copy ends there. */
  private copy(into: Int32Array, to: number, from: number, end: number): number {
    const h = this.head.length;
    if (from < h) into.set(this.head.subarray(from, Math.min(end, h)), to);
    if (end > h) into.set(this.tail.subarray(Math.max(0, from - h), end - h), to + Math.max(0, h - from));
    return to + end - from;
  }

  /** The same order with all but the last KEPT_TAIL of its tail in a new head. */
  private withShortTail(): RowOrder {
    const length = this.head.length + this.filled;
    const positions = new Int32Array(length);
    positions.set(this.head);
    positions.set(this.tail.subarray(0, this.filled), this.head.length);
    return RowOrder.of(positions);
  }
}

/** Room to append a while before the next copy of a tail. */
function tailCapacity(length: number): number {
  return Math.max(64, Math.ceil(length * 1.25));
}
