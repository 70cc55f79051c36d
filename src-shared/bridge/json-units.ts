/**
 * JSON read a value at a time while it arrives. A writer sets some values of its JSON apart — a
 * newline right before and right after each (whitespace JSON allows anywhere between tokens;
 * `JSON.stringify` never writes a raw newline, inside a string or out) — and writes no other raw
 * newline. Its lines then alternate: the glue around the values (first and last), a value, glue, a
 * value, … A reader parses each value as soon as its line is whole, and the glue — a small
 * skeleton with a marker where each value was — once the last byte is in.
 *
 * Why: a big snapshot (~140 MB at 850k events) is written by its session worker over seconds;
 * parsed whole once it was all in, the page then spent ~0.3 s parsing while the worker was done.
 * Its node kinds', edges' and timeline's parts are its values (live-session.ts).
 */

/** The newline that sets a value apart (before and after it). */
export const UNIT_BREAK = '\n';

/** The key of the marker left in the skeleton where a value was (never a key of ours). */
const UNIT_KEY = '\u0000unit';

export class JsonUnitReader {
  /** Whole lines seen (even: glue, odd: a value). */
  private lines = 0;
  /** The start of the line being received, in the pieces it came in. */
  private readonly carry: string[] = [];
  private readonly skeleton: string[] = [];
  private readonly units: unknown[] = [];

  /** Values parsed so far. */
  get unitsRead(): number {
    return this.units.length;
  }

  /** The next piece of the text (any length, cut anywhere). A value that is not JSON throws. */
  push(text: string): void {
    let at = 0;
    for (;;) {
      const end = text.indexOf(UNIT_BREAK, at);
      if (end < 0) {
        if (at < text.length) this.carry.push(at === 0 ? text : text.slice(at));
        return;
      }
      const piece = text.slice(at, end);
      this.line(this.carry.length === 0 ? piece : this.carry.join('') + piece);
      this.carry.length = 0;
      at = end + 1;
    }
  }

  /** The whole value, once the last piece is in. Text that is not JSON throws. */
  finish(): unknown {
    this.line(this.carry.join(''));
    this.carry.length = 0;
    if (this.lines % 2 === 0) throw new SyntaxError('the JSON ended inside a value set apart');
    const skeleton = this.skeleton.join('');
    if (this.units.length === 0) return JSON.parse(skeleton);
    const units = this.units;
    return JSON.parse(skeleton, (_key, value: unknown) =>
      typeof value === 'object' && value !== null && UNIT_KEY in value
        ? units[(value as Record<string, number>)[UNIT_KEY]!]
        : value,
    );
  }

  private line(text: string): void {
    if (this.lines++ % 2 === 0) {
      this.skeleton.push(text);
      return;
    }
    this.skeleton.push(`{${JSON.stringify(UNIT_KEY)}:${this.units.length}}`);
    this.units.push(JSON.parse(text));
  }
}
