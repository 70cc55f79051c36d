import { describe, expect, it } from 'vitest';
import { JsonUnitReader, UNIT_BREAK } from './json-units';

/** JSON written as the snapshot writes it: some values set apart on lines of their own. */
function written(head: object, kinds: unknown[], tail: unknown[]): { text: string; value: unknown } {
  const unit = (v: unknown) => UNIT_BREAK + JSON.stringify(v) + UNIT_BREAK;
  const text =
    JSON.stringify(head).slice(0, -1) +
    `,"kinds":[${kinds.map(unit).join(',')}],"tail":` +
    unit(tail[0]) +
    `,"tailMore":[${tail.slice(1).map(unit).join(',')}]}`;
  return { text, value: { ...head, kinds, tail: tail[0], tailMore: tail.slice(1) } };
}

const sample = written(
  { key: 'a\nb', n: 0, summary: { problems: [{ line: 3, text: '{"x":1}\n' }] } },
  [
    { kind: 'job', id: ['j1', 'j2'], data: { s: { table: ['é', '“q”'], index: [0, 1] } } },
    { kind: 'tool', id: [] },
  ],
  [
    { length: 2, eventId: ['e1', 'e2'] },
    { length: 1, eventId: ['e3\n'] },
    { length: 0, eventId: [] },
  ],
);

describe('JsonUnitReader', () => {
  it('reads what JSON.parse reads, however the text is cut into pieces', () => {
    expect(JSON.parse(sample.text)).toEqual(sample.value);
    for (let cut = 0; cut <= sample.text.length; cut++) {
      const reader = new JsonUnitReader();
      reader.push(sample.text.slice(0, cut));
      reader.push(sample.text.slice(cut));
      expect(reader.finish()).toEqual(sample.value);
    }
    // A character at a time, and in one piece.
    const single = new JsonUnitReader();
    for (const c of sample.text) single.push(c);
    expect(single.finish()).toEqual(sample.value);
  });

  it('parses each value set apart as soon as its line is in, before the end', () => {
    const reader = new JsonUnitReader();
    const firstValueEnds = sample.text.indexOf(UNIT_BREAK, sample.text.indexOf(UNIT_BREAK) + 1);
    reader.push(sample.text.slice(0, firstValueEnds));
    expect(reader.unitsRead).toBe(0);
    reader.push(sample.text.slice(firstValueEnds, firstValueEnds + 1));
    expect(reader.unitsRead).toBe(1);
    reader.push(sample.text.slice(firstValueEnds + 1));
    expect(reader.unitsRead).toBe(5);
    expect(reader.finish()).toEqual(sample.value);
  });

  it('reads JSON with nothing set apart, and keeps a value that looks like nothing special', () => {
    const reader = new JsonUnitReader();
    reader.push('{"a":[1,{"b":null}],"unit":0}');
    expect(reader.finish()).toEqual({ a: [1, { b: null }], unit: 0 });
  });

  it('throws on a value that is not JSON, and on text that ends inside one', () => {
    expect(() => new JsonUnitReader().push('{"a":\n{"b":\n}')).toThrow(SyntaxError);
    const cut = new JsonUnitReader();
    cut.push('{"a":\n{"b":1}');
    expect(() => cut.finish()).toThrow('the JSON ended inside a value set apart');
    const short = new JsonUnitReader();
    short.push('{"a":\n{"b":1}\n');
    expect(() => short.finish()).toThrow(SyntaxError);
  });
});
