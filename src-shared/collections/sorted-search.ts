/**
 * Binary searches over sorted lists, shared by the lineage (subagents by seq), the page's
 * windowed lists (row tops), its timeline (rows by seq, times, the axis's runs) and its graph
 * (a group's members by seq).
 */

/** First index whose key is > value (`xs` sorted by key). */
export function upperBound<T>(xs: ArrayLike<T>, value: number, key: (x: T) => number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(xs[mid]!) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose key is >= value (`xs` sorted by key). */
export function lowerBound<T>(xs: ArrayLike<T>, value: number, key: (x: T) => number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(xs[mid]!) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The first of `length` positions where `before` is false, when it is true for a prefix of them
 * and false after (an order that no single number keys: seq then line).
 */
export function partitionPoint(length: number, before: (i: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** For lists of numbers: the number is its own key. */
export const itself = (x: number): number => x;
