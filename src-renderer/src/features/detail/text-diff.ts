/**
 * The simplest diff that marks what a wrapper changed: the common prefix and suffix stay plain,
 * the middle of each side is highlighted. (command_resolved usually wraps command_original.)
 */
export interface MiddleDiff {
  prefix: string;
  a: string;
  b: string;
  suffix: string;
}

export function diffMiddle(a: string, b: string): MiddleDiff {
  let p = 0;
  const max = Math.min(a.length, b.length);
  while (p < max && a[p] === b[p]) p++;
  let s = 0;
  while (s < max - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  return {
    prefix: a.slice(0, p),
    a: a.slice(p, a.length - s),
    b: b.slice(p, b.length - s),
    suffix: a.slice(a.length - s),
  };
}

/** Where `inner` sits inside `outer`, for the common case of a command wrapped unchanged. */
export function findWrapped(
  outer: string,
  inner: string,
): { before: string; inner: string; after: string } | null {
  if (!inner) return null;
  const i = outer.indexOf(inner);
  return i < 0 ? null : { before: outer.slice(0, i), inner, after: outer.slice(i + inner.length) };
}
