import { describe, expect, it } from 'vitest';
import { joinParts, PART_BYTES, Utf8Parts } from './utf8-parts';

describe('Utf8Parts', () => {
  it('writes text past a part as UTF-8 in parts of their own buffers, no character cut', () => {
    const out = new Utf8Parts();
    // Two-, three- and four-byte characters (a surrogate pair) that fall across part boundaries.
    const piece = 'é€😀x'.repeat(100_000); // 1 MB of UTF-8
    const pieces = 20;
    for (let i = 0; i < pieces; i++) out.write(piece);
    out.write('"' + 'y'.repeat(PART_BYTES + 5) + '"'); // one piece longer than a part
    const parts = out.finish();
    const text = piece.repeat(pieces) + '"' + 'y'.repeat(PART_BYTES + 5) + '"';
    expect(out.bytes).toBe(Buffer.byteLength(text));
    expect(parts.length).toBeGreaterThan(2);
    expect(new TextDecoder('utf-8', { fatal: true }).decode(joinParts(parts))).toBe(text);
    // Each part decodes alone: no character is split between two.
    for (const part of parts)
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(part)).not.toThrow();
    // Transferable one by one: every part is the start of a buffer of its own.
    expect(new Set(parts.map((p) => p.buffer)).size).toBe(parts.length);
    expect(parts.every((p) => p.byteOffset === 0)).toBe(true);
  });

  it('gives each part to `onPart` as soon as it is full, and keeps only the rest', () => {
    const given: Uint8Array[] = [];
    const out = new Utf8Parts((part) => given.push(part));
    const piece = 'é€😀x'.repeat(100_000);
    let text = '';
    for (let i = 0; i < 20 && given.length === 0; i++) {
      out.write(piece);
      text += piece;
    }
    // Given while still writing: the first part went out once it was full.
    expect(given.length).toBe(1);
    expect(given[0]!.length).toBeGreaterThan(PART_BYTES - 4);
    out.write('end');
    const rest = out.finish();
    expect(new TextDecoder().decode(joinParts([...given, ...rest]))).toBe(text + 'end');
  });

  it('nothing written is no parts', () => {
    expect(new Utf8Parts().finish()).toEqual([]);
  });
});
