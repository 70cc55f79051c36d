/**
 * Reading JSON text written by TreeTrace: files are rewritten whole without locking, so a reader
 * can meet a truncated file (a run in progress or a crash). Errors are values with a message a
 * person can act on, and the line and column where the text stops making sense.
 */

export type JsonObject = { [key: string]: unknown };

export type JsonParse =
  | { ok: true; value: unknown }
  | { ok: false; message: string; truncated: boolean; line: number | null; column: number | null };

const BOM = '\uFEFF';

export function parseJsonText(text: string): JsonParse {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  if (body.trim() === '')
    return { ok: false, message: 'the file is empty', truncated: true, line: 1, column: 1 };
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (error) {
    const raw = (error as Error).message;
    const position = locateJsonError(body);
    if (position < 0)
      return { ok: false, message: `not valid JSON: ${raw}`, truncated: false, line: null, column: null };
    const truncated = position >= body.length;
    // A truncated file is located where its text ends, not after its trailing newline.
    const where = lineAndColumn(body, truncated ? body.trimEnd().length : position);
    const message = truncated
      ? `the JSON stops early (line ${where.line}): the file looks truncated — a write in progress or a crash`
      : `not valid JSON at line ${where.line}, column ${where.column}: ${raw}`;
    return { ok: false, message, truncated, line: where.line, column: where.column };
  }
}

const OBJECT = 1;
const ARRAY = 2;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'];

/**
 * Where JSON text stops being JSON: the index of the first character that cannot continue a
 * valid document, or `text.length` when the text ends while more is expected (truncation).
 * JSON.parse's own messages do not always say where. Iterative, so deep nesting cannot overflow.
 */
export function locateJsonError(text: string): number {
  const n = text.length;
  const stack: number[] = [];
  let state: 'value' | 'key' | 'colon' | 'next' | 'end' = 'value';
  let i = 0;
  const after = () => (stack.length ? 'next' : 'end');
  for (;;) {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
    if (i >= n) return state === 'end' ? -1 : n;
    const c = text[i]!;
    switch (state) {
      case 'end':
        return i;
      case 'colon':
        if (c !== ':') return i;
        i++;
        state = 'value';
        continue;
      case 'key': {
        if (c !== '"') return i;
        const end = stringEnd(text, i);
        if (end < 0) return -end - 1;
        i = end;
        state = 'colon';
        continue;
      }
      case 'next': {
        const top = stack[stack.length - 1];
        if (c === ',') {
          i++;
          state = top === OBJECT ? 'key' : 'value';
        } else if ((c === '}' && top === OBJECT) || (c === ']' && top === ARRAY)) {
          i++;
          stack.pop();
          state = after();
        } else return i;
        continue;
      }
      case 'value': {
        if (c === '{' || c === '[') {
          stack.push(c === '{' ? OBJECT : ARRAY);
          i++;
          while (i < n && /\s/.test(text[i]!)) i++;
          if (text[i] === (c === '{' ? '}' : ']')) {
            i++;
            stack.pop();
            state = after();
          } else state = c === '{' ? 'key' : 'value';
          continue;
        }
        if (c === '"') {
          const end = stringEnd(text, i);
          if (end < 0) return -end - 1;
          i = end;
          state = after();
          continue;
        }
        const literal = LITERALS.find((l) => text.startsWith(l, i));
        if (literal) {
          i += literal.length;
          state = after();
          continue;
        }
        const partial = LITERALS.find((l) => l.startsWith(text.slice(i, i + l.length)) && i + l.length > n);
        if (partial) return n;
        NUMBER.lastIndex = i;
        if (NUMBER.test(text) && NUMBER.lastIndex > i) {
          i = NUMBER.lastIndex;
          state = after();
          continue;
        }
        return i;
      }
    }
  }
}

/** The index after a string's closing quote, or -(error index + 1). */
function stringEnd(text: string, start: number): number {
  for (let j = start + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 34) return j + 1;
    if (c < 32) return -(j + 1);
    if (c === 92) {
      const e = text[j + 1];
      if (e === undefined) return -(text.length + 1);
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6)))
          return j + 6 > text.length ? -(text.length + 1) : -(j + 1);
        j += 5;
      } else if ('"\\/bfnrt'.includes(e)) j++;
      else return -(j + 1);
    }
  }
  return -(text.length + 1);
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < position; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: position - lineStart + 1 };
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a JSON value is, in words ("an array", "a string"), for messages. */
export function describeJsonValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'object':
      return 'an object';
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    default:
      return typeof value;
  }
}

export function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function bool(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

/** The strings of an array (other items dropped); [] when not an array. */
export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The fields of `object` not named in `known`: unknown fields are kept, never dropped. */
export function extraFields(object: JsonObject, known: ReadonlySet<string>): JsonObject {
  const extra: JsonObject = {};
  for (const key of Object.keys(object)) {
    if (!known.has(key)) extra[key] = object[key];
  }
  return extra;
}

/** An object without a prototype, so keys such as "__proto__" or "constructor" are plain keys. */
export function countMap(): Record<string, number> {
  return Object.create(null) as Record<string, number>;
}

export function bump(counts: Record<string, number>, key: string, by = 1): void {
  counts[key] = (counts[key] ?? 0) + by;
}
