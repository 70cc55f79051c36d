import { describe, expect, it } from 'vitest';
import { jsonBytes } from './json-bytes';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('jsonBytes', () => {
  it('writes what JSON.stringify writes: nesting, nulls, undefined members, unicode', () => {
    const value = {
      a: 1,
      b: 'é ✓ 𝄞 "quoted" \\ back\nline',
      c: null,
      d: undefined,
      e: [1, null, undefined, 'x', { f: [true, false] }],
      g: { h: {}, i: [], j: -0.5, k: 1e21 },
      lone: '\ud800 lone surrogate',
    };
    expect(text(jsonBytes(value))).toBe(JSON.stringify(value));
  });

  it('writes long arrays in slices and spans many byte chunks (a big snapshot) without a change', () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => `ev-${i}-ünïcödé-${'x'.repeat(i % 300)}`);
    const value = {
      kinds: [
        { id: ids, n: ids.map((_, i) => (i % 7 ? i : null)), nested: ids.slice(0, 9000).map((s) => [s]) },
      ],
      tail: '✓',
    };
    const bytes = jsonBytes(value);
    expect(bytes.byteLength).toBeGreaterThan(8 << 20);
    // Its own buffer, exactly as long as the text: it is transferred to another thread as it is.
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
    expect(text(bytes)).toBe(JSON.stringify(value));
  });

  it('an empty object and top-level values', () => {
    expect(text(jsonBytes({}))).toBe('{}');
    expect(text(jsonBytes([]))).toBe('[]');
    expect(text(jsonBytes('s'))).toBe('"s"');
    expect(text(jsonBytes(null))).toBe('null');
  });
});
