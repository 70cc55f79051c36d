import { describe, expect, it } from 'vitest';
import { jsonEqual } from './json-equal';

describe('jsonEqual', () => {
  it('agrees with comparing JSON.stringify output on nodes and edges', () => {
    const node = {
      id: 'tool:c1',
      kind: 'tool_call',
      label: 'shell',
      eventIds: ['e1', 'e2'],
      seq: 3,
      data: { success: true, duration: null, nested: { a: [1, 'x', { b: false }] } },
      corrections: [],
      stale: false,
      missing: false,
    };
    const same = structuredClone(node);
    expect(jsonEqual(node, same)).toBe(true);
    const variants: unknown[] = [
      { ...node, eventIds: ['e1'] },
      { ...node, seq: null },
      { ...node, data: { ...node.data, success: false } },
      { ...node, data: { ...node.data, nested: { a: [1, 'x', { b: true }] } } },
      { ...node, data: { ...node.data, extra: 0 } },
      { ...node, corrections: [{}] },
      { ...node, label: 'Shell' },
    ];
    for (const v of variants) {
      expect(jsonEqual(node, v)).toBe(false);
      expect(JSON.stringify(node) === JSON.stringify(v)).toBe(false);
    }
  });

  it('treats undefined fields as missing (as JSON does) and tells arrays from objects', () => {
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual({ 0: 'a' }, ['a'])).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual({ a: null }, { a: null })).toBe(true);
  });
});
