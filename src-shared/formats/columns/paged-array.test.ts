import { describe, expect, it } from 'vitest';
import { PagedArray } from './paged-array';

describe('PagedArray', () => {
  it('holds values across pages, as its typed array does (doubles exactly)', () => {
    const ints = new PagedArray(Int32Array);
    const doubles = new PagedArray(Float64Array);
    const bytes = new PagedArray(Uint8Array);
    for (let row = 0; row < 50_000; row += 7) {
      ints.set(row, row - 25_000);
      doubles.set(row, row / 3);
      bytes.set(row, row % 3 === 0 ? 255 : 1);
    }
    for (let row = 0; row < 50_000; row += 7) {
      expect(ints.get(row)).toBe(row - 25_000);
      expect(doubles.get(row)).toBe(row / 3);
      expect(bytes.get(row)).toBe(row % 3 === 0 ? 255 : 1);
    }
    doubles.set(3, Number.NaN);
    expect(doubles.get(3)).toBeNaN();
    // A row never set reads 0, in a page made or not.
    expect(ints.get(1)).toBe(0);
    expect(ints.get(10_000_000)).toBe(0);
  });
});
