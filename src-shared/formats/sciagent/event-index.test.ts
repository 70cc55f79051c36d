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
});
