import { describe, expect, it } from 'vitest';
import { grewFrom, noteCopy } from './grown-copies';

describe('grewFrom', () => {
  it('knows a copy of a growing list starts with the copies taken before it, and nothing else', () => {
    const list: string[] = [];
    let source = {};
    const copies: string[][] = [];
    for (let i = 0; i < 20; i++) {
      list.push(`x${i}`);
      const copy = list.slice();
      noteCopy(copy, source);
      copies.push(copy);
    }
    const last = copies.at(-1)!;
    expect(grewFrom(last, last)).toBe(true);
    expect(grewFrom(last, copies[0]!)).toBe(true);
    expect(grewFrom(copies[3]!, last)).toBe(false); // not the other way round
    expect(grewFrom(last, ['x0'])).toBe(false); // an equal list never noted
    // The list started over (an item removed or changed): a new token, no relation to before.
    list.splice(0, 1, 'changed');
    source = {};
    const after = list.slice();
    noteCopy(after, source);
    expect(grewFrom(after, copies[0]!)).toBe(false);
  });
});
