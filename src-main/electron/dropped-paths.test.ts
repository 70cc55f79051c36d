import { describe, expect, it } from 'vitest';
import { droppedPaths, MAX_DROPPED } from './dropped-paths';

describe('droppedPaths', () => {
  it('takes a short list of absolute paths, without repeats', () => {
    expect(droppedPaths(['/a/b', '/c.jsonl', '/a/b'])).toEqual(['/a/b', '/c.jsonl']);
  });

  it('refuses anything else whole', () => {
    for (const payload of [
      undefined,
      '/a',
      [],
      ['relative/path'],
      ['/a', 3],
      ['/a\0b'],
      [`/${'a'.repeat(5000)}`],
      Array.from({ length: MAX_DROPPED + 1 }, (_, i) => `/f${i}`),
      { 0: '/a', length: 1 },
    ])
      expect(droppedPaths(payload), JSON.stringify(payload)?.slice(0, 40)).toBeNull();
  });
});
