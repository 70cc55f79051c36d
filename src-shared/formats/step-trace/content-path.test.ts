import { describe, expect, it } from 'vitest';
import { normaliseContentPath } from './content-path';

describe('normaliseContentPath', () => {
  it.each([
    ['a.txt', 'a.txt'],
    ['./evidence//a.txt', 'evidence/a.txt'],
    ['evidence/../a.txt', 'a.txt'],
    ['evidence\\a.txt', 'evidence/a.txt'],
    ['..a/b..', '..a/b..'],
  ])('keeps %j inside the folder as %j', (raw, path) => {
    expect(normaliseContentPath(raw)).toEqual({ kind: 'file', path });
  });

  it.each(['..', '../a', 'a/../../b', '/etc/passwd', '\\\\server\\share', 'C:/x', 'c:x', 'a\0b'])(
    'refuses %j as an escape',
    (raw) => {
      expect(normaliseContentPath(raw).kind).toBe('escape');
    },
  );

  it.each(['.', 'a/..', './'])('sees %j as the folder itself', (raw) => {
    expect(normaliseContentPath(raw)).toEqual({ kind: 'folder' });
  });
});
