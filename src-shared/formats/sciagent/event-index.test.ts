import { describe, expect, it } from 'vitest';
import { EventIndex } from './event-index';

const ev = (eventId: string, n: number) => ({ eventId, n });

describe('EventIndex', () => {
  it('finds every event by id, through many growths, and answers no for ids it does not hold', () => {
    const index = new EventIndex<{ eventId: string; n: number }>();
    const ids: string[] = [];
    // Ids that differ only in their last characters, unicode ones, empty and very long ones.
    for (let n = 0; n < 20_000; n++) ids.push(`ev-bench-${n}`);
    ids.push('', 'é', 'e\u0301', '😀', 'x'.repeat(10_000), '__proto__', 'constructor');
    ids.forEach((id, n) => index.add(ev(id, n)));
    expect(index.size).toBe(ids.length);
    ids.forEach((id, n) => expect(index.get(id)?.n).toBe(n));
    for (const missing of ['ev-bench-20000', 'ev-bench--1', 'E', 'x'.repeat(9_999), 'toString'])
      expect(index.has(missing)).toBe(false);
  });

  it('reads like a Map in the order events were added', () => {
    const index = new EventIndex<{ eventId: string; n: number }>();
    const map = new Map<string, { eventId: string; n: number }>();
    for (const [n, id] of ['c', 'a', 'b'].entries()) {
      const e = ev(id, n);
      index.add(e);
      map.set(id, e);
    }
    expect([...index.keys()]).toEqual([...map.keys()]);
    expect([...index.values()]).toEqual([...map.values()]);
    expect([...index]).toEqual([...map]);
    expect([...index.entries()]).toEqual([...map.entries()]);
    const seen: string[] = [];
    index.forEach((e, id) => seen.push(`${id}=${e.n}`));
    expect(seen).toEqual(['c=0', 'a=1', 'b=2']);
  });

  it('keeps events as numbers: found by id, made anew when peeked, made an object for good by at/get', () => {
    type E = { eventId: string; n: number };
    const kept: E[] = [];
    const index = new EventIndex<E>({
      idOf: (c) => kept[c]!.eventId,
      expand: (c, position) => ({ eventId: kept[c]!.eventId, n: position }),
    });
    for (let n = 0; n < 5000; n++) index.add(ev(`ev-${n}`, n));
    // Every other event kept as a number (its object let go), then more added through growths.
    for (let n = 0; n < 5000; n += 2) {
      kept.push({ eventId: `ev-${n}`, n });
      index.compactAt(n, kept.length - 1);
    }
    for (let n = 5000; n < 9000; n++) index.add(ev(`ev-${n}`, n));
    for (let n = 0; n < 9000; n++) expect(index.peekGet(`ev-${n}`)?.n).toBe(n);
    expect(index.has('ev-9000')).toBe(false);
    expect([...index.keys()].slice(0, 3)).toEqual(['ev-0', 'ev-1', 'ev-2']);
    expect([...index.values()].map((e) => e.n).slice(0, 3)).toEqual([0, 1, 2]);
    // Peeked: a new object each time, and it stays a number.
    expect(index.peek(4)).not.toBe(index.peek(4));
    // at / get: one object from then on.
    const four = index.at(4)!;
    expect(index.get('ev-4')).toBe(four);
    expect(index.peek(4)).toBe(four);
    expect(index.at(9000)).toBeUndefined();
  });
});
