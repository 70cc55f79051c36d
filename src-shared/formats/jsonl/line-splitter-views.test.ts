import { describe, expect, it } from 'vitest';
import { LineSplitter } from './line-splitter';

const enc = new TextEncoder();

/** Everything a splitter says for `bytes` fed in the given chunk sizes, bytes copied out. */
function run(
  splitter: {
    push(c: Uint8Array): ReturnType<LineSplitter['push']>;
    end(): ReturnType<LineSplitter['end']>;
    committedOffset: number;
  },
  bytes: Uint8Array,
  sizes: number[],
) {
  const out: unknown[] = [];
  const take = (r: ReturnType<LineSplitter['push']>) => {
    for (const l of r.lines) out.push(['line', l.lineNo, l.byteOffset, l.byteLength, Array.from(l.bytes)]);
    for (const o of r.oversized) out.push(['oversized', o.lineNo, o.byteOffset, o.byteLength]);
  };
  let at = 0;
  let i = 0;
  while (at < bytes.length) {
    const n = sizes[i++ % sizes.length]!;
    take(splitter.push(bytes.slice(at, at + n)));
    at += n;
    out.push(['committed', splitter.committedOffset]);
  }
  take(splitter.end());
  out.push(['committed', splitter.committedOffset]);
  return out;
}

describe('LineSplitter with lines as views of the chunk', () => {
  it('says exactly what the copying splitter says, however the bytes are chunked', () => {
    const text = [
      '{"a":1}',
      '',
      '   ',
      '{"b":"é ü 中"}\r',
      'x'.repeat(40),
      '{"c":3}\r',
      '\r',
      'y'.repeat(25),
      'tail without newline',
    ].join('\n');
    const bytes = enc.encode(text);
    for (const max of [30, 64 * 1024 * 1024])
      for (const sizes of [[1], [3], [7, 2], [16], [64], [bytes.length], [5, 40, 1]]) {
        expect(run(new LineSplitter(max, 10, 4, true), bytes, sizes)).toEqual(
          run(new LineSplitter(max, 10, 4), bytes, sizes),
        );
      }
  });

  it("finds newlines with the host's byte search when given one (a session worker gives Node's)", () => {
    const bytes = enc.encode('{"a":1}\n\n{"b":2}\r\n' + 'z'.repeat(50) + '\n{"c":3}');
    const nodeIndexOf = Buffer.prototype.indexOf as unknown as (
      this: Uint8Array,
      b: number,
      f: number,
    ) => number;
    let searches = 0;
    const findByte = (chunk: Uint8Array, byte: number, from: number) => {
      searches++;
      return nodeIndexOf.call(chunk, byte, from);
    };
    for (const sizes of [[1], [4, 9], [bytes.length]]) {
      searches = 0;
      expect(run(new LineSplitter(40, 0, 1, true, findByte), bytes, sizes)).toEqual(
        run(new LineSplitter(40, 0, 1), bytes, sizes),
      );
      expect(searches).toBeGreaterThan(0);
    }
  });
});
