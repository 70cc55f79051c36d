/**
 * Turns one raw line into exactly one or two records, following the reading rules:
 * - not a JSON object → parse error (kept with line, byte offset and a message);
 * - a torn fragment glued to a complete event (crash mid-write, then the next writer appended):
 *   when the line fails to parse and contains `{"schema_version"` after position 0, the text
 *   from the LAST such position is tried; if it parses, it counts and the fragment before it
 *   is one parse error;
 * - an object without string `event_id` and `event_kind` → invalid;
 * - an event whose `schema_version` is neither "1" nor "2" → unsupported.
 */
import type { RawLine } from '../jsonl/line-splitter';
import {
  SUPPORTED_SCHEMA_VERSIONS,
  type InvalidRecord,
  type JsonObject,
  type OversizedRecord,
  type ParseErrorRecord,
  type RecordPosition,
  type UnsupportedRecord,
} from './types';

export type ClassifiedRecord =
  | {
      type: 'event';
      position: RecordPosition;
      eventId: string;
      kind: string;
      body: JsonObject;
      /** Truncation stubs in the full body, when the body was slimmed by the chunk parser. */
      stubs?: number;
    }
  | { type: 'parse-error'; record: ParseErrorRecord }
  | { type: 'invalid'; record: InvalidRecord }
  | { type: 'unsupported'; record: UnsupportedRecord }
  | { type: 'oversized'; record: OversizedRecord };

const TORN_MARKER = '{"schema_version"';
const PREVIEW_CHARS = 200;
// ignoreBOM keeps a byte-order mark in the text: a BOM before an event is not JSON, so it is
// reported (as a fragment before a recovered event) rather than silently dropped.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();

export function classifyLine(line: RawLine): ClassifiedRecord[] {
  const text = decoder.decode(line.bytes);
  const position: RecordPosition = {
    lineNo: line.lineNo,
    byteOffset: line.byteOffset,
    byteLength: line.byteLength,
  };
  const parsed = tryParse(text);
  if (parsed.ok) return [classifyValue(parsed.value, position)];

  const cut = text.lastIndexOf(TORN_MARKER);
  if (cut > 0) {
    const tail = tryParse(text.slice(cut));
    if (tail.ok) {
      const fragmentBytes = encoder.encode(text.slice(0, cut)).length;
      const fragment: ParseErrorRecord = {
        ...position,
        byteLength: fragmentBytes,
        message:
          text.slice(0, cut) === '\ufeff'
            ? 'byte-order mark (U+FEFF) before the event'
            : `torn fragment (${fragmentBytes} bytes) glued before a complete event on the same line`,
        preview: preview(text.slice(0, cut)),
      };
      const tailPosition: RecordPosition = {
        lineNo: line.lineNo,
        byteOffset: line.byteOffset + fragmentBytes,
        byteLength: line.byteLength - fragmentBytes,
      };
      return [{ type: 'parse-error', record: fragment }, classifyValue(tail.value, tailPosition)];
    }
  }
  return [{ type: 'parse-error', record: { ...position, message: parsed.message, preview: preview(text) } }];
}

function classifyValue(value: unknown, position: RecordPosition): ClassifiedRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const what = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return {
      type: 'parse-error',
      record: {
        ...position,
        message: `not a JSON object (${what})`,
        preview: preview(JSON.stringify(value)),
      },
    };
  }
  const body = value as JsonObject;
  const eventId = body['event_id'];
  const kind = body['event_kind'];
  if (typeof eventId !== 'string' || typeof kind !== 'string') {
    const missing = [typeof eventId !== 'string' && 'event_id', typeof kind !== 'string' && 'event_kind']
      .filter(Boolean)
      .join(' and ');
    return { type: 'invalid', record: { ...position, message: `no string ${missing}`, body } };
  }
  const version = body['schema_version'];
  if (!(SUPPORTED_SCHEMA_VERSIONS as readonly unknown[]).includes(version)) {
    return { type: 'unsupported', record: { ...position, eventId, kind, schemaVersion: version, body } };
  }
  return { type: 'event', position, eventId, kind, body };
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `not valid JSON: ${(error as Error).message}` };
  }
}

function preview(text: string): string {
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
}
