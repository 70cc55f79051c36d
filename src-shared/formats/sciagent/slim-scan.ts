/**
 * What `classifyLine` and `slimBody` make of an ordinary event line — its id, kind and slim body,
 * and how many truncation stubs its full body holds — read from the line's bytes: the kept fields
 * are decoded (or `JSON.parse`d, when they are objects or hold escapes) and everything else is
 * stepped over without being decoded (json-bytes.ts). A session worker reads every line of a log
 * this way; on the bench's logs the dropped fields are ~90% of the bytes (tool outputs, launch
 * commands, verdicts' statements), and decoding and parsing them was most of a read.
 *
 * Anything out of the ordinary gives null, and the caller reads the line the full way
 * (classifyLine): a structure that is not JSON (a torn or glued line), a key with an escape, a key
 * given twice, an `event_id`/`event_kind` that is not a string, a schema version we do not read.
 * So every parse error, invalid and unsupported record is still the full reader's, with its
 * message; what the scan gives is what the full reader would (slim-scan.test.ts checks both ways on
 * the corpus, the bench's lines and edge cases). One difference, by design: a raw control character
 * inside a string the scan steps over is not looked for (json-bytes.ts); such a line's body fails
 * when it is read.
 */
import {
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  JsonBytes,
  LETTER_F,
  LETTER_N,
  LETTER_T,
  OPEN_ARRAY,
  OPEN_OBJECT,
  PORTABLE_BYTE_TEXT,
  QUOTE,
  type ByteText,
} from '../jsonl/json-bytes';
import { ByteStrings } from '../jsonl/byte-strings';
import { KeyTable, NOT_PLAIN } from '../jsonl/key-table';
import type { ClassifiedRecord } from './classify-line';
import { MAX_REPEATED_CHARS, REPEATED_FIELDS } from './repeated-fields';
import {
  COUNTED_FIELDS,
  KEPT_FIELDS,
  MAX_STRING,
  PARTLY_KEPT_FIELDS,
  clipString,
  slimValue,
} from './slim-body';
import { countTruncationStubs, setField, type JsonObject } from './types';

const EVENT_ID = 0;
const EVENT_KIND = 1;
const SCHEMA_VERSION = 2;
const TRUNCATED = 3;
const ENVELOPE_KEYS = ['event_id', 'event_kind', 'schema_version', '_truncated'];

/** How a kept field is slimmed (slim-body.ts): its value, some of its keys, or its length. */
const PLAIN = 0;
const PARTLY = 1;
const COUNTED = 2;

const KEPT = [...KEPT_FIELDS];
const TOP_KEYS = new KeyTable([...ENVELOPE_KEYS, ...KEPT]);
const RULES = KEPT.map((name) =>
  Object.hasOwn(PARTLY_KEPT_FIELDS, name) ? PARTLY : COUNTED_FIELDS.has(name) ? COUNTED : PLAIN,
);
/** Whose values are kept as one shared string each (repeated-fields.ts). */
const SHARED = KEPT.map((name) => REPEATED_FIELDS.has(name));
/** A partly kept field's kept keys, then `_truncated` (the field's value may itself be a stub). */
const PART_KEYS = KEPT.map((name) =>
  Object.hasOwn(PARTLY_KEPT_FIELDS, name) ? new KeyTable([...PARTLY_KEPT_FIELDS[name]!, '_truncated']) : null,
);
const PART_SHARED = KEPT.map((name) =>
  (PARTLY_KEPT_FIELDS[name] ?? []).map((key) => REPEATED_FIELDS.has(key)),
);

const EMPTY = new Uint8Array(0);
/** Digits of an integer read without making a string (seq, durations, token counts). */
const MAX_FAST_DIGITS = 15;

export class SlimScanner {
  private readonly json: JsonBytes;
  /** The line at which each top-level key was last seen (a key given twice: the full reader's). */
  private readonly seenAt = new Int32Array(ENVELOPE_KEYS.length + KEPT.length).fill(-1);
  private lines = 0;
  /** A partly kept field's kept keys, as read (reused). */
  private readonly parts: (string | undefined)[] = [];
  /** One string per repeated value (kinds, actors, tool names…), shared by every line read here. */
  private readonly shared = new ByteStrings();
  /** The closing quote of the string `string` last read. */
  private close = -1;

  constructor(text: ByteText = PORTABLE_BYTE_TEXT) {
    this.json = new JsonBytes(text);
  }

  /** Lets go of the last line's bytes (a view of a whole read chunk). */
  release(): void {
    this.json.reset(EMPTY);
  }

  /**
   * The event record of the line `bytes[start, end)` (line `lineNo`, at `byteOffset` in its file),
   * or null when the line is for the full reader (see the header).
   */
  scan(
    bytes: Uint8Array,
    start: number,
    end: number,
    lineNo: number,
    byteOffset: number,
  ): ClassifiedRecord | null {
    const json = this.json;
    const b = bytes;
    json.reset(b, end);
    const at = (this.lines = (this.lines + 1) | 0);
    let i = json.ws(start);
    if (b[i] !== OPEN_OBJECT) return null;
    i = json.ws(i + 1);
    let eventId: string | undefined;
    let kind: string | undefined;
    let version: string | undefined;
    let selfStub = false;
    const body: JsonObject = {};
    for (;;) {
      if (b[i] !== QUOTE) return null;
      const key = TOP_KEYS.read(b, i, end);
      if (key === NOT_PLAIN) return null;
      i = json.ws(TOP_KEYS.close + 1);
      if (b[i] !== COLON) return null;
      i = json.ws(i + 1);
      if (i >= end) return null;
      let next: number;
      if (key < 0) next = json.value(i);
      else {
        if (this.seenAt[key] === at) return null;
        this.seenAt[key] = at;
        if (key <= SCHEMA_VERSION) {
          if (b[i] !== QUOTE) return null;
          const text = this.string(i, key !== EVENT_ID);
          if (text === undefined) return null;
          if (key === EVENT_ID) eventId = text;
          else if (key === EVENT_KIND) kind = text;
          else version = text;
          next = this.close + 1;
        } else if (key === TRUNCATED) {
          next = json.value(i);
          selfStub = b[i] === LETTER_T;
        } else {
          const field = key - ENVELOPE_KEYS.length;
          const name = KEPT[field]!;
          const rule = RULES[field];
          if (rule === PARTLY) next = this.partly(i, body, name, PART_KEYS[field]!, PART_SHARED[field]!);
          else if (rule === COUNTED && b[i] === OPEN_ARRAY) next = this.counted(i, body, name);
          else next = this.plain(i, body, name, SHARED[field]!);
        }
      }
      if (next < 0) return null;
      i = json.ws(next);
      if (b[i] === COMMA) {
        i = json.ws(i + 1);
        continue;
      }
      if (b[i] !== CLOSE_OBJECT) return null;
      break;
    }
    if (json.ws(i + 1) !== end) return null;
    if (eventId === undefined || kind === undefined || (version !== '2' && version !== '1')) return null;
    const stubs = json.stubs + (selfStub ? 1 : 0);
    const record: ClassifiedRecord = {
      type: 'event',
      position: { lineNo, byteOffset, byteLength: end - start },
      eventId,
      kind,
      body,
    };
    // Most events have none: the field is left out, as the full reader does.
    if (stubs) record.stubs = stubs;
    return record;
  }

  /**
   * The string opening at `open`, decoded (one shared copy when `shared`); `close` is set to its
   * closing quote. Undefined when it is not closed or its escapes are bad.
   */
  private string(open: number, shared: boolean): string | undefined {
    const json = this.json;
    const b = json.bytes;
    const close = json.stringEnd(open);
    if (close < 0) return undefined;
    this.close = close;
    if (json.nextEscape(open + 1) < close)
      try {
        return JSON.parse(json.text.decode(b, open, close + 1)) as string;
      } catch {
        return undefined;
      }
    if (shared && close - open - 1 <= MAX_REPEATED_CHARS)
      return this.shared.get(b, open + 1, close, json.text);
    return json.text.decode(b, open + 1, close);
  }

  /** A kept field's value as slimValue makes it. */
  private plain(i: number, body: JsonObject, name: string, shared: boolean): number {
    const json = this.json;
    const b = json.bytes;
    const c = b[i];
    if (c === QUOTE) {
      const text = this.string(i, shared);
      if (text === undefined) return -1;
      setField(body, name, clipString(text, MAX_STRING));
      return this.close + 1;
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      // Small (a job's expected artifacts, a correction's replacement): parsed whole, so its stubs
      // are counted on the parsed value, as the full reader counts them.
      const stubs = json.stubs;
      const next = json.value(i);
      json.stubs = stubs;
      if (next < 0) return -1;
      let value: unknown;
      try {
        value = JSON.parse(json.text.decode(b, i, next));
      } catch {
        return -1;
      }
      json.stubs += countTruncationStubs(value);
      setField(body, name, slimValue(value, 0));
      return next;
    }
    const next = json.literal(i);
    if (next < 0) return -1;
    setField(
      body,
      name,
      c === LETTER_T ? true : c === LETTER_F ? false : c === LETTER_N ? null : this.number(i, next),
    );
    return next;
  }

  private number(start: number, end: number): number {
    const b = this.json.bytes;
    if (end - start <= MAX_FAST_DIGITS) {
      let n = 0;
      let i = start;
      for (; i < end; i++) {
        const d = b[i]! - 0x30;
        if (d < 0 || d > 9) break;
        n = n * 10 + d;
      }
      if (i === end) return n;
    }
    // Number() reads every JSON number as JSON.parse does (the grammar was checked by the walk).
    return Number(this.json.text.decode(b, start, end));
  }

  /**
   * A partly kept field (a result's `output_summary`, a verdict's `claim`): only the string values
   * of its kept keys, as slim-body's partOf; the rest of it stepped over.
   */
  private partly(
    i: number,
    body: JsonObject,
    name: string,
    keys: KeyTable,
    shared: readonly boolean[],
  ): number {
    const json = this.json;
    const b = json.bytes;
    if (b[i] !== OPEN_OBJECT) return json.value(i);
    const parts = this.parts;
    const kept = shared.length; // the keys after them: `_truncated`
    parts.length = kept;
    parts.fill(undefined);
    let selfStub = false;
    let j = json.ws(i + 1);
    if (b[j] !== CLOSE_OBJECT)
      for (;;) {
        if (b[j] !== QUOTE) return -1;
        const key = keys.read(b, j, json.end);
        if (key === NOT_PLAIN) return -1;
        j = json.ws(keys.close + 1);
        if (b[j] !== COLON) return -1;
        j = json.ws(j + 1);
        let next: number;
        if (key >= 0 && key < kept && b[j] === QUOTE) {
          const text = this.string(j, shared[key]!);
          if (text === undefined) return -1;
          parts[key] = text;
          next = this.close + 1;
        } else {
          if (key >= 0 && key < kept) parts[key] = undefined;
          if (key === kept) selfStub = b[j] === LETTER_T;
          next = json.value(j);
        }
        if (next < 0) return -1;
        j = json.ws(next);
        if (b[j] === COMMA) {
          j = json.ws(j + 1);
          continue;
        }
        if (b[j] !== CLOSE_OBJECT) return -1;
        break;
      }
    if (selfStub) json.stubs++;
    let out: JsonObject | undefined;
    for (let k = 0; k < parts.length; k++)
      if (parts[k] !== undefined) setField((out ??= {}), keys.keys[k]!, parts[k]);
    if (out) setField(body, name, out);
    return j + 1;
  }

  /** A counted field that is a list (a verdict's issues…): a list of its length, without items. */
  private counted(i: number, body: JsonObject, name: string): number {
    const json = this.json;
    const b = json.bytes;
    let n = 0;
    let j = json.ws(i + 1);
    if (b[j] !== CLOSE_ARRAY)
      for (;;) {
        const next = json.value(j);
        if (next < 0) return -1;
        n++;
        j = json.ws(next);
        if (b[j] === COMMA) {
          j = json.ws(j + 1);
          continue;
        }
        if (b[j] !== CLOSE_ARRAY) return -1;
        break;
      }
    setField(body, name, new Array(n));
    return j + 1;
  }
}
