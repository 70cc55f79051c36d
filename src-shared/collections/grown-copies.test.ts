import { describe, expect, it } from 'vitest';
import { grewFrom, noteGrowth } from './grown-copies';

describe('grewFrom', () => {
  it('knows a copy grew from the ones noted before it, a few steps back, and nothing else', () => {
    const copies = [['a']];
    for (let i = 0; i < 20; i++) {
      const next = [...copies.at(-1)!, `x${i}`];
      noteGrowth(next, copies.at(-1)!);
      copies.push(next);
    }
    const last = copies.at(-1)!;
    expect(grewFrom(last, last)).toBe(true);
    expect(grewFrom(last, copies.at(-2)!)).toBe(true);
    expect(grewFrom(last, copies.at(-17)!)).toBe(true); // 16 steps back
    expect(grewFrom(last, copies.at(-18)!)).toBe(false); // further: the caller compares items
    expect(grewFrom(copies[3]!, last)).toBe(false); // not the other way round
    expect(grewFrom(last, ['a'])).toBe(false); // an equal list never noted
  });
});
