/**
 * Copies of a list that only grows at its end, handed out one after another: each copy is noted
 * with the list it was taken from (a token that stands for it until the list starts over), so a
 * reader holding an older copy learns that a newer one starts with it without comparing them item
 * by item. A cluster job's node carries tens of thousands of event ids and keys, copied again on
 * each of its rebuilds; comparing each copy with the last one cost a live append as much as the
 * rest of the rebuild (issue 8). Copies hold no other copy: only the token.
 */
const sourceOf = new WeakMap<readonly unknown[], object>();

/**
 * Notes that `copy` is the first `copy.length` items of the list `source` stands for. The owner
 * of the list gives it a new token whenever it removes or changes an item.
 */
export function noteCopy(copy: readonly unknown[], source: object): void {
  sourceOf.set(copy, source);
}

/** Whether `next` is known to start with every item of `older` (the same copy, or a later one). */
export function grewFrom(next: readonly unknown[], older: readonly unknown[]): boolean {
  if (next === older) return true;
  const source = sourceOf.get(next);
  return source !== undefined && sourceOf.get(older) === source && older.length <= next.length;
}

/**
 * Hands out copies of one list that only grows: the same copy while the list has not grown, a new
 * one once it has — noted with the list's token when `noted` (see noteCopy).
 */
export class GrownCopies<T> {
  private last: T[] | null = null;
  private source: object | null = null;

  constructor(private readonly noted: boolean) {}

  /** A copy of `list` (the list these copies are of, grown or not since the last call). */
  of(list: readonly T[]): T[] {
    if (this.last !== null && this.last.length === list.length) return this.last;
    const copy = list.slice();
    if (this.noted) noteCopy(copy, (this.source ??= {}));
    return (this.last = copy);
  }

  /** The list started over (an item removed or changed): later copies did not grow from earlier. */
  restart(): void {
    this.last = null;
    this.source = null;
  }
}
