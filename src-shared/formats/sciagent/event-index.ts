/**
 * The events of a session log by id, in the order they were added. Read like a Map (it is a
 * ReadonlyMap), but kept as a list plus a table of list positions: a Map's own table cost ~37–47
 * bytes per event on a big log (a million entries, grown by doubling), this ~27 (slots, a tag per
 * slot and a hash per event).
 *
 * Each slot has 8 bits of its id's hash beside it: a probe that meets another id moves on without
 * reading that id (three cache misses: the list, the event, the string). Inserting the 1.2M ids of
 * a big log: ~3 → ~1 s in a micro-benchmark; the probe was ~0.6 s of a 15 s cold read.
 *
 * Events are never removed (the log is append-only: a duplicate id is refused by the caller).
 */

/** Table slots: 0 is free, n is the event at list position n - 1. */
const INITIAL_SLOTS = 1024;

/**
 * How the list keeps some of its events as a number rather than an object (SessionLog.compact):
 * the id of such an event, and the event made anew from what it keeps of it.
 */
export interface CompactEvents<E> {
  idOf(compact: number): string;
  expand(compact: number, position: number): E;
}

export class EventIndex<E extends { readonly eventId: string }> implements ReadonlyMap<string, E> {
  /** The events in the order added: each an object, or a number its `compacted` keeps it by. */
  private readonly list: (E | number)[] = [];
  /** Open addressing with linear probing, kept at most half full (few probes). */
  private slots = new Int32Array(INITIAL_SLOTS);
  /** Per slot, 8 bits of its id's hash: a probe past another id rarely reads that id. */
  private tags = new Uint8Array(INITIAL_SLOTS);
  /** Per event (list position), its id's hash: a growth places them again without hashing. */
  private hashes = new Int32Array(INITIAL_SLOTS / 2);
  /** The hash of the id slotOf was last asked for (addAt stores it). */
  private lastHash = 0;

  constructor(private readonly compacted?: CompactEvents<E>) {}

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
    const hash = hashOf(id);
    this.lastHash = hash;
    const slots = this.slots;
    const tags = this.tags;
    const tag = tagOf(hash);
    const mask = slots.length - 1;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const slot = slots[i]!;
      if (slot === 0 || (tags[i] === tag && this.idAt(slot - 1) === id)) return i;
    }
  }

  /** The event in a slot (an event kept as a number is made an object again, and kept so). */
  atSlot(slot: number): E | undefined {
    const n = this.slots[slot]!;
    return n === 0 ? undefined : this.kept(n - 1);
  }

  /** Adds an event at the free slot `slotOf(event.eventId)` just gave (no other slotOf between). */
  addAt(slot: number, event: E): void {
    const n = this.list.length;
    if (n === this.hashes.length) {
      const hashes = new Int32Array(n * 2);
      hashes.set(this.hashes);
      this.hashes = hashes;
    }
    this.hashes[n] = this.lastHash;
    this.list.push(event);
    this.slots[slot] = n + 1;
    this.tags[slot] = tagOf(this.lastHash);
    if (this.list.length * 2 > this.slots.length) this.grow();
  }

  /**
   * The event added `position`-th (from 0), if there is one: the same object every time (one kept
   * as a number is made an object again, and kept so). For a caller that may keep it.
   */
  at(position: number): E | undefined {
    return position < this.list.length ? this.kept(position) : undefined;
  }

  /**
   * The same for a caller that reads it and lets go (a snapshot's rows, a node made to be sent):
   * an event kept as a number is made for the call, and stays a number.
   */
  peek(position: number): E | undefined {
    const entry = this.list[position];
    return typeof entry === 'number' ? this.compacted!.expand(entry, position) : entry;
  }

  /**
   * What is kept at `position`: the event's object, or the number its `compacted` keeps it by
   * (for a caller that reads one field of it without making it an object: SessionLog.seqAt).
   */
  entryAt(position: number): E | number | undefined {
    return this.list[position];
  }

  /** `get` for a caller that reads the event and lets go (see `peek`). */
  peekGet(id: string): E | undefined {
    const n = this.slots[this.slotOf(id)]!;
    return n === 0 ? undefined : this.peek(n - 1);
  }

  /** Keeps the event at `position` as the number `compact` (its `compacted` keeps the rest of it). */
  compactAt(position: number, compact: number): void {
    this.list[position] = compact;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Adds an event whose id is not in the index yet (the caller checks). */
  add(event: E): void {
    this.addAt(this.slotOf(event.eventId), event);
  }

  /** Every event, in the order added (as `peek` gives them). */
  *values(): ArrayIterator<E> {
    for (let n = 0; n < this.list.length; n++) yield this.peek(n)!;
  }

  *keys(): MapIterator<string> {
    for (let n = 0; n < this.list.length; n++) yield this.idAt(n);
  }

  *entries(): MapIterator<[string, E]> {
    for (const event of this.values()) yield [event.eventId, event];
  }

  [Symbol.iterator](): MapIterator<[string, E]> {
    return this.entries();
  }

  forEach(fn: (event: E, id: string, map: ReadonlyMap<string, E>) => void): void {
    for (const event of this.values()) fn(event, event.eventId, this);
  }

  private idAt(n: number): string {
    const entry = this.list[n]!;
    return typeof entry === 'number' ? this.compacted!.idOf(entry) : entry.eventId;
  }

  private kept(n: number): E {
    const entry = this.list[n]!;
    if (typeof entry !== 'number') return entry;
    const event = this.compacted!.expand(entry, n);
    this.list[n] = event;
    return event;
  }

  /** Twice the slots, every event placed again (each growth costs one hash per event so far). */
  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const tags = new Uint8Array(slots.length);
    const mask = slots.length - 1;
    const hashes = this.hashes;
    for (let n = 0; n < this.list.length; n++) {
      const hash = hashes[n]!;
      let i = hash & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = n + 1;
      tags[i] = tagOf(hash);
    }
    this.slots = slots;
    this.tags = tags;
  }
}

/** The hash's top 8 bits: the table's index uses the low bits (up to 2^24 slots). */
function tagOf(hash: number): number {
  return hash >>> 24;
}

/** FNV-1a over the UTF-16 code units, with a final mix (ids often differ only in their last digits). */
export function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h | 0;
}
