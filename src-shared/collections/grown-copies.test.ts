import { describe, expect, it } from 'vitest';
import { GrownCopies, grewFrom, noteCopy } from './grown-copies';

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

describe('GrownCopies', () => {
  it('hands out one copy while the list has not grown, a noted new one once it has', () => {
    const list = ['a'];
    const copies = new GrownCopies<string>(true);
    const first = copies.of(list);
    expect(copies.of(list)).toBe(first);
    list.push('b');
    const second = copies.of(list);
    expect(second).toEqual(['a', 'b']);
    expect(first).toEqual(['a']); // a copy handed out never changes
    expect(grewFrom(second, first)).toBe(true);
    copies.restart(); // the list started over
    const third = copies.of(['x', 'y']);
    expect(grewFrom(third, first)).toBe(false);
    expect(grewFrom(third, second)).toBe(false);
    // Not noted: nothing is known to grow from anything.
    const plain = new GrownCopies<string>(false);
    const a = plain.of(list);
    list.push('c');
    expect(grewFrom(plain.of(list), a)).toBe(false);
  });
});
