import { describe, expect, it } from 'vitest';
import { eachInSlices } from './in-slices';

describe('eachInSlices', () => {
  it('does every item in order, giving the event loop back between slices', async () => {
    const done: number[] = [];
    let turns = 0;
    // A timer that fires only when the loop is given back.
    const ticker = setInterval(() => turns++, 0);
    const spin = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    await eachInSlices(
      Array.from({ length: 40 }, (_, i) => i),
      (item, index) => {
        expect(index).toBe(item);
        spin(1);
        done.push(item);
      },
      5,
    );
    clearInterval(ticker);
    expect(done).toEqual(Array.from({ length: 40 }, (_, i) => i));
    // ~40 ms of work in slices of ≥ 5 ms: the loop ran in between, several times (one slice of
    // 40 ms would have let the timer fire at most once, after it).
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  it('does a short list in one go', async () => {
    const done: string[] = [];
    await eachInSlices(['a', 'b'], (x) => done.push(x));
    expect(done).toEqual(['a', 'b']);
  });
});
