/**
 * A column of numbers for hundreds of thousands of rows, in fixed pages of a typed array rather
 * than one array that doubles as it grows. A doubling array is up to half empty (at 566k rows, a
 * column had room for 1M), and each growth copies it to a new buffer and frees the old one, whose
 * pages the allocator often keeps: measured, the session's RSS rose when such arrays were copied
 * to their size. Pages are made as rows come and kept for the column's life: at most one page
 * is partly empty, nothing is copied.
 */
/**
 * The kinds of page: three, so that a page's reads and writes stay within what V8 keeps fast for
 * a few kinds at one site (with six, `set` was ~70 ns a call: megamorphic element stores).
 */
type NumberArray = Uint8Array | Int32Array | Float64Array;

/** Rows a page holds: 16,384 (64 KB of Int32, 128 KB of Float64). */
const PAGE_BITS = 14;
const PAGE_ROWS = 1 << PAGE_BITS;
const ROW_MASK = PAGE_ROWS - 1;

export class PagedArray<A extends NumberArray> {
  private readonly pages: A[] = [];

  constructor(private readonly Page: new (rows: number) => A) {}

  /** The value at `row` (0 for a row set in no page yet, as a new typed array has). */
  get(row: number): number {
    const page = this.pages[row >>> PAGE_BITS];
    return page === undefined ? 0 : page[row & ROW_MASK]!;
  }

  set(row: number, value: number): void {
    const at = row >>> PAGE_BITS;
    while (this.pages.length <= at) this.pages.push(new this.Page(PAGE_ROWS));
    this.pages[at]![row & ROW_MASK] = value;
  }
}
