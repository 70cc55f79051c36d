import { describe, expect, it } from 'vitest';
import { itself, lowerBound, partitionPoint, upperBound } from './sorted-search';

describe('sorted searches', () => {
  const xs = [1, 3, 3, 3, 7, 9];

  it('finds the first index past a value, and the first at or past it, repeats and ends included', () => {
    expect([0, 1, 3, 4, 9, 10].map((v) => upperBound(xs, v, itself))).toEqual([0, 1, 4, 4, 6, 6]);
    expect([0, 1, 3, 4, 9, 10].map((v) => lowerBound(xs, v, itself))).toEqual([0, 0, 1, 4, 5, 6]);
    expect(upperBound(new Float64Array([0, 24, 48]), 30, itself)).toBe(2);
    expect(upperBound([{ s: 2 }, { s: 5 }], 4, (r) => r.s)).toBe(1);
    expect(upperBound([], 4, itself)).toBe(0);
  });

  it('finds where a predicate true for a prefix turns false', () => {
    const rows = [
      [1, 1],
      [1, 5],
      [2, 2],
      [3, 3],
    ] as const;
    // Before (2, 4) by seq then line.
    expect(
      partitionPoint(rows.length, (i) => rows[i]![0] < 2 || (rows[i]![0] === 2 && rows[i]![1] <= 4)),
    ).toBe(3);
    expect(partitionPoint(0, () => true)).toBe(0);
    expect(partitionPoint(5, () => true)).toBe(5);
  });
});
