import { describe, expect, it } from 'vitest';
import { locateJsonError, parseJsonText } from './json-text';

describe('locateJsonError', () => {
  it.each([
    ['{"a": 1}', -1],
    ['  [1, "x", true, null, {"b": [ ]}, -2.5e3]  ', -1],
    ['{"a" 1}', 5],
    ['{"a": [,]}', 7],
    ['[1 2]', 3],
    ['{"a": 1}x', 8],
    ['{"a": tru', 9],
    ['{"a": "abc', 10],
    ['{"a": 1,', 8],
    ['[{"a": {"b": [1, 2', 18],
    ['{"a": "\\q"}', 7],
    ['{"a": 01}', 7],
    ['{a: 1}', 1],
  ])('%s → %s', (text, at) => {
    expect(locateJsonError(text)).toBe(at);
    let parses = true;
    try {
      JSON.parse(text);
    } catch {
      parses = false;
    }
    expect(parses).toBe(at === -1);
  });

  it('deep nesting does not overflow the stack', () => {
    expect(locateJsonError('['.repeat(200_000))).toBe(200_000);
  });
});

describe('parseJsonText', () => {
  it('truncated text is called truncated, with its line', () => {
    const result = parseJsonText('{\n  "nodes": [\n    {"id": "n');
    expect(result).toMatchObject({ ok: false, truncated: true, line: 3 });
  });

  it('a byte-order mark is skipped', () => {
    expect(parseJsonText('\uFEFF{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });
});
