import { describe, expect, it } from 'vitest';
import { RowIndex } from './row-index';

describe('RowIndex', () => {
  it('finds every row by its key through growths, and passes over rows that left', () => {
    const keys: (string | null)[] = [];
    const index = new RowIndex((row) => keys[row] ?? null);
    for (let i = 0; i < 5000; i++) {
      const key = `toolu_${(i * 7919).toString(36)}`;
      expect(index.get(key)).toBe(-1);
      keys.push(key);
      index.add(key, i);
    }
    for (let i = 0; i < 5000; i++) expect(index.get(keys[i]!)).toBe(i);
    // Rows that left their table (promoted) are not found, through a growth too.
    for (let i = 0; i < 5000; i += 3) keys[i] = null;
    for (let i = 5000; i < 9000; i++) {
      keys.push(`late-${i}`);
      index.add(`late-${i}`, i);
    }
    expect(index.get(`toolu_${(0).toString(36)}`)).toBe(-1);
    for (let i = 1; i < 9000; i++) if (keys[i] !== null) expect(index.get(keys[i]!)).toBe(i);
    expect(index.get('')).toBe(-1);
  });

  it("set: a key given again is filed under its newest row, as a Map's set does", () => {
    // A timeline's event ids (the page's index of them): an id written twice has two rows.
    const ids: string[] = [];
    const index = new RowIndex((row) => ids[row] ?? null);
    const idOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    for (let i = 0; i < 3000; i++) {
      ids.push(idOf(i));
      index.set(idOf(i), i);
    }
    for (let i = 0; i < 3000; i += 10) {
      ids.push(idOf(i));
      index.set(idOf(i), ids.length - 1);
    }
    const newest = (i: number) => (i % 10 === 0 ? 3000 + i / 10 : i);
    for (let i = 0; i < 3000; i++) expect(index.get(idOf(i))).toBe(newest(i));
    expect(index.get(idOf(3000))).toBe(-1);
    // Growths after it place the newest rows where their keys are looked for.
    for (let i = 3000; i < 9000; i++) {
      ids.push(idOf(i));
      index.set(idOf(i), ids.length - 1);
    }
    for (let i = 0; i < 3000; i++) expect(index.get(idOf(i))).toBe(newest(i));
    for (let i = 3000; i < 9000; i++) expect(index.get(idOf(i))).toBe(i + 300);
  });
});
