import { describe, expect, it } from 'vitest';
import { RowOrder } from './row-order';

/** A seeded generator (the same sequence every run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function read(order: RowOrder, length: number): number[] {
  return Array.from({ length }, (_, i) => order.at(i));
}

interface Version {
  order: RowOrder;
  model: number[];
}

/** Appends and insertions as a timeline makes them, each version checked against a plain array. */
function grow(
  start: Version,
  steps: number,
  rand: () => number,
  depth: (length: number) => number,
): Version[] {
  const versions = [start];
  let v = start;
  for (let step = 0; step < steps; step++) {
    const n = v.model.length;
    const count = 1 + Math.floor(rand() * 3);
    let next: Version;
    if (rand() < 0.3) {
      next = { order: v.order.append(n, count), model: [...v.model] };
      for (let k = 0; k < count; k++) next.model.push(n + k);
    } else {
      const before = Array.from({ length: count }, () => Math.max(0, n - Math.floor(rand() * depth(n)))).sort(
        (a, b) => a - b,
      );
      const model = [...v.model];
      // Inserted back to front so the earlier places stay where they were.
      for (let j = count - 1; j >= 0; j--) model.splice(before[j]!, 0, n + j);
      next = { order: v.order.inserting(n, before), model };
    }
    expect(next.order.endsAt(next.model.length)).toBe(true);
    versions.push(next);
    v = next;
  }
  return versions;
}

describe('RowOrder', () => {
  it('keeps identity and sorted orders', () => {
    expect(read(RowOrder.identity(5), 5)).toEqual([0, 1, 2, 3, 4]);
    const keys = [5, 1, 4, 2, 3];
    expect(
      read(
        RowOrder.sorted(5, (a, b) => keys[a]! - keys[b]!),
        5,
      ),
    ).toEqual([1, 3, 4, 2, 0]);
  });

  it('inserts near the end through its tail, every older version still reading its own order', () => {
    const rand = random(7);
    const versions = grow(
      { order: RowOrder.identity(50_000), model: Array.from({ length: 50_000 }, (_, i) => i) },
      400,
      rand,
      () => 3_000,
    );
    // Every row goes within 3,000 of the end: inside the start's tail of 8,192 positions.
    for (const v of versions.filter((_, i) => i % 37 === 0 || i === versions.length - 1))
      expect(read(v.order, v.model.length)).toEqual(v.model);
  });

  it('inserts anywhere, appends and moves a long tail into a new head, exactly', () => {
    const rand = random(11);
    const start = { order: RowOrder.identity(100), model: Array.from({ length: 100 }, (_, i) => i) };
    // Rows anywhere (a counter restarted at 1), then near the end for long enough to pass MAX_TAIL.
    const anywhere = grow(start, 300, rand, (n) => n + 1);
    const last = anywhere.at(-1)!;
    const appended = { order: last.order.append(last.model.length, 40_000), model: [...last.model] };
    for (let k = 0; k < 40_000; k++) appended.model.push(last.model.length + k);
    const after = grow(appended, 200, rand, () => 20_000);
    for (const v of [...anywhere, appended, ...after].filter((_, i) => i % 23 === 0))
      expect(read(v.order, v.model.length)).toEqual(v.model);
    expect(read(after.at(-1)!.order, after.at(-1)!.model.length)).toEqual(after.at(-1)!.model);
  });

  it('lets only the newest version append in place', () => {
    const a = RowOrder.identity(10);
    const b = a.append(10, 2);
    expect(b.endsAt(12)).toBe(true);
    // Appended in place (room in its tail): the version of 10 rows may no longer write there.
    expect(b).toBe(a);
    expect(a.endsAt(10)).toBe(false);
    const c = b.inserting(12, [3]);
    expect(read(c, 13)).toEqual([0, 1, 2, 12, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(read(b, 12)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});
