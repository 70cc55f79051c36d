/**
 * The events of a session log by id, in the order they were added. Read like a Map (it is a
 * ReadonlyMap), but kept as a list plus a table of list positions: a Map's own table cost ~37–47
 * bytes per event on a big log (a million entries, grown by doubling), this ~20.
 *
 * Events are never removed (the log is append-only: a duplicate id is refused by the caller).
 */

/** Table slots: 0 is free, n is the event at list position n - 1. */
const INITIAL_SLOTS = 1024;

export class EventIndex<E extends { readonly eventId: string }> implements ReadonlyMap<string, E> {
  private readonly list: E[] = [];
  /** Open addressing with linear probing, kept at most half full (few probes, no stored hashes). */
  private slots = new Int32Array(INITIAL_SLOTS);

  get size(): number {
    return this.list.length;
  }

  get(id: string): E | undefined {
    return this.atSlot(this.slotOf(id));
  }

  /**
   * Where `id` is in the table, or where it would go: read it with `atSlot`, and fill it with
   * `addAt` (before any other add) — one hash and probe for a lookup followed by an add.
   */
  slotOf(id: string): number {
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let i = hashOf(id) & mask; ; i = (i + 1) & mask) {
      const slot = slots[i]!;
      if (slot === 0 || this.list[slot - 1]!.eventId === id) return i;
    }
  }

  atSlot(slot: number): E | undefined {
    const n = this.slots[slot]!;
    return n === 0 ? undefined : this.list[n - 1];
  }

  /** Adds an event at the free slot `slotOf(event.eventId)` just gave. */
  addAt(slot: number, event: E): void {
    this.list.push(event);
    this.slots[slot] = this.list.length;
    if (this.list.length * 2 > this.slots.length) this.grow();
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Adds an event whose id is not in the index yet (the caller checks). */
  add(event: E): void {
    this.addAt(this.slotOf(event.eventId), event);
  }

  values(): ArrayIterator<E> {
    return this.list.values();
  }

  *keys(): MapIterator<string> {
    for (const event of this.list) yield event.eventId;
  }

  *entries(): MapIterator<[string, E]> {
    for (const event of this.list) yield [event.eventId, event];
  }

  [Symbol.iterator](): MapIterator<[string, E]> {
    return this.entries();
  }

  forEach(fn: (event: E, id: string, map: ReadonlyMap<string, E>) => void): void {
    for (const event of this.list) fn(event, event.eventId, this);
  }

  /** Twice the slots, every event placed again (each growth costs one hash per event so far). */
  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const list = this.list;
    for (let n = 0; n < list.length; n++) place(slots, hashOf(list[n]!.eventId), n + 1);
    this.slots = slots;
  }
}

function place(slots: Int32Array, hash: number, slot: number): void {
  const mask = slots.length - 1;
  let i = hash & mask;
  while (slots[i] !== 0) i = (i + 1) & mask;
  slots[i] = slot;
}

/** FNV-1a over the UTF-16 code units, with a final mix (ids often differ only in their last digits). */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
