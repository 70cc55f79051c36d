/**
 * Copies of a list that only grows at its end, handed out one after another: each new copy
 * remembers the one it grew from, so a reader holding an older copy learns that the new one starts
 * with it without comparing them item by item. A cluster job's node carries tens of thousands of
 * event ids and keys, copied again on each of its rebuilds; comparing each copy with the last one
 * cost a live append as much as the rest of the rebuild (issue 8).
 */
const grownFrom = new WeakMap<readonly unknown[], readonly unknown[]>();

/** How many copies back a reader may be before it compares item by item after all. */
const MAX_STEPS = 16;

/** Notes that `next` is `previous` with items added at its end (never removed or changed). */
export function noteGrowth(next: readonly unknown[], previous: readonly unknown[]): void {
  grownFrom.set(next, previous);
}

/** Whether `next` is known to start with every item of `older` (it is, or grew from, it). */
export function grewFrom(next: readonly unknown[], older: readonly unknown[]): boolean {
  let copy: readonly unknown[] | undefined = next;
  for (let steps = 0; copy && steps <= MAX_STEPS; steps++, copy = grownFrom.get(copy))
    if (copy === older) return true;
  return false;
}
