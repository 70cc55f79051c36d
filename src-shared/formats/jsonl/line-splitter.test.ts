import { describe, expect, it } from 'vitest';
import { LineSplitter } from './line-splitter';

const enc = new TextEncoder();
const dec = new TextDecoder();
const texts = (r: { lines: { bytes: Uint8Array }[] }) => r.lines.map((l) => dec.decode(l.bytes));

describe('LineSplitter', () => {
  it('splits on newline bytes, strips one CR, skips blank lines but numbers them', () => {
    const s = new LineSplitter();
    const r = s.push(enc.encode('a\r\n\n   \t\nb\r\r\nc'));
    expect(texts(r)).toEqual(['a', 'b\r']);
    expect(r.lines.map((l) => l.lineNo)).toEqual([1, 4]);
    expect(r.lines.map((l) => l.byteOffset)).toEqual([0, 9]);
    // The last line waits for its newline until end() (one-shot reading).
    expect(s.hasPartial).toBe(true);
    const tail = s.end();
    expect(texts(tail)).toEqual(['c']);
    expect(tail.lines[0]!.lineNo).toBe(5);
  });

  it('carries a partial line (and a split multi-byte character) across chunks', () => {
    const s = new LineSplitter();
    const bytes = enc.encode('{"k":"é→"}\nnext');
    const first = s.push(bytes.subarray(0, 8)); // cuts inside "é→"
    expect(first.lines).toEqual([]);
    const second = s.push(bytes.subarray(8));
    expect(texts(second)).toEqual(['{"k":"é→"}']);
    expect(s.committedOffset).toBe(bytes.indexOf(0x0a) + 1);
    expect(texts(s.end())).toEqual(['next']);
  });

  it('reports a line over the limit and drops its bytes instead of buffering them', () => {
    const s = new LineSplitter(10);
    const r1 = s.push(enc.encode('ok\n0123456789abc'));
    expect(texts(r1)).toEqual(['ok']);
    const r2 = s.push(enc.encode('def\nafter\n'));
    expect(r2.oversized).toEqual([{ lineNo: 2, byteOffset: 3, byteLength: 16 }]);
    expect(texts(r2)).toEqual(['after']);
    expect(r2.lines[0]!.byteOffset).toBe(20);
  });

  it('does not emit a whitespace-only last line at end()', () => {
    const s = new LineSplitter();
    s.push(enc.encode('x\n  '));
    expect(s.end().lines).toEqual([]);
  });
});
