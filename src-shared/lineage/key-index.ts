/**
 * Small sets of node ids, and an index of them by key, shaped for the reactive graph's numbers:
 * nearly every set holds one id, and keys are looked up again and again as nodes rebuild.
 */

/**
 * A set of ids that is nearly always a single id: stored as the string itself, a Set only made
 * for the second (saves a Set per key on a big session, and a good part of its GC).
 */
export type IdSet = string | Set<string> | undefined;

export const EMPTY_IDS: ReadonlySet<string> = new Set();

export function asSet(ids: IdSet): ReadonlySet<string> {
  if (ids === undefined) return EMPTY_IDS;
  return typeof ids === 'string' ? new Set([ids]) : ids;
}

export function forEachId(ids: IdSet, fn: (id: string) => void): void {
  if (ids === undefined) return;
  if (typeof ids === 'string') fn(ids);
  else for (const id of ids) fn(id);
}

/** `ids` with `id` added (the same Set, mutated, once there is one). */
export function withId(ids: IdSet, id: string): IdSet {
  if (ids === undefined) return id;
  if (typeof ids === 'string') return ids === id ? ids : new Set([ids, id]);
  ids.add(id);
  return ids;
}

/** `ids` without `id`; a Set left with one id becomes that id. */
export function withoutId(ids: IdSet, id: string): IdSet {
  if (ids === undefined) return undefined;
  if (typeof ids === 'string') return ids === id ? undefined : ids;
  ids.delete(id);
  if (ids.size === 1) return ids.values().next().value!;
  return ids.size === 0 ? undefined : ids;
}

/** `ids` with `id` (which it holds) last: what removing and adding it again does. */
export function movedToEnd(ids: IdSet, id: string): IdSet {
  if (typeof ids === 'object' && ids.delete(id)) ids.add(id);
  return ids;
}

/**
 * A key others may look up: what kind of fact (`akey`, `expect`…) and its name (a path, a job
 * id). Two parts, not one `space:name` string: the name is usually a string of an event's body,
 * already hashed by earlier lookups, where a joined string was new, copied and hashed on every
 * rebuild (a fifth of the graph's time on a big log).
 */
export type Key = readonly [space: string, name: string];

/** Key → ids, one Map of names per space. */
export class KeyIndex {
  private readonly spaces = new Map<string, Map<string, string | Set<string>>>();

  get(space: string, name: string): IdSet {
    return this.spaces.get(space)?.get(name);
  }

  has(space: string, name: string): boolean {
    return this.spaces.get(space)?.has(name) ?? false;
  }

  add(space: string, name: string, id: string): void {
    let names = this.spaces.get(space);
    if (!names) this.spaces.set(space, (names = new Map()));
    const current = names.get(name);
    const next = withId(current, id);
    if (next !== current) names.set(name, next!);
  }

  /** Puts `id` (which is under the key) last among the key's ids. */
  moveToEnd(space: string, name: string, id: string): void {
    movedToEnd(this.get(space, name), id);
  }

  /** Removes `id` under the key; returns whether any id is left there. */
  remove(space: string, name: string, id: string): boolean {
    const names = this.spaces.get(space);
    const current = names?.get(name);
    if (current === undefined) return false;
    const next = withoutId(current, id);
    if (next === undefined) names!.delete(name);
    else if (next !== current) names!.set(name, next);
    return next !== undefined;
  }
}
