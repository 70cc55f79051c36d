// The line scan must give, for every line it reads, what the full reader (classifyLine + slimBody,
// stubs counted on the full body) gives — and leave every other line to the full reader. Checked on
// the project's copies of real and edge-case logs, on the bench generator's lines (both text kinds),
// on hand-written edge cases, and on every torn prefix of real lines.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sessionLines } from '../../../bench/generate-session.mjs';
import type { RawLine } from '../jsonl/line-splitter';
import { PORTABLE_BYTE_TEXT, type ByteText } from '../jsonl/json-bytes';
import { classifyLine, type ClassifiedRecord } from './classify-line';
import { slimBody } from './slim-body';
import { SlimScanner } from './slim-scan';
import { countTruncationStubs } from './types';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const encoder = new TextEncoder();

/** Every sciagent log kept as a fixture in the project (real corpus copies and edge cases). */
function fixtureLogs(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name === 'provenance.jsonl' || (/\.jsonl$/.test(name) && /lineage|sessions/.test(dir)))
        found.push(p);
    }
  };
  for (const dir of ['src-main/cli/fixtures', 'src-main/services/sessions/fixtures', 'src-shared/lineage'])
    walk(path.join(root, dir));
  return found;
}

function linesOf(bytes: Uint8Array): RawLine[] {
  const lines: RawLine[] = [];
  let start = 0;
  let lineNo = 1;
  while (start < bytes.length) {
    let nl = bytes.indexOf(0x0a, start);
    if (nl < 0) nl = bytes.length;
    let end = nl;
    if (end > start && bytes[end - 1] === 0x0d) end--;
    if (end > start) lines.push(rawLine(bytes.subarray(start, end), lineNo, start));
    start = nl + 1;
    lineNo++;
  }
  return lines;
}

const rawLine = (bytes: Uint8Array, lineNo = 1, byteOffset = 0): RawLine => ({
  lineNo,
  byteOffset,
  byteLength: bytes.length,
  bytes,
});

/** What the full reader makes of a line (the chunk parser's path before the scan). */
function fullRead(line: RawLine): ClassifiedRecord[] {
  return classifyLine(line).map((record) => {
    if (record.type !== 'event') return record;
    const stubs = countTruncationStubs(record.body);
    const out: ClassifiedRecord = { ...record, body: slimBody(record.body) };
    if (stubs) out.stubs = stubs;
    return out;
  });
}

const scan = (scanner: SlimScanner, line: RawLine) =>
  scanner.scan(line.bytes, 0, line.bytes.length, line.lineNo, line.byteOffset);

/** Same records, same values, same key order (a snapshot's JSON follows it). */
const text = (records: unknown) => JSON.stringify(records);

const NODE_TEXT: ByteText = {
  indexOf: (bytes, byte, from) => Buffer.prototype.indexOf.call(bytes, byte, from),
  decode: (bytes, start, end) => Buffer.prototype.utf8Slice.call(bytes, start, end),
};

/** Scans every line and checks it against the full reader; returns how many the scan read. */
function expectSameAsFullReader(lines: readonly RawLine[], byteText: ByteText = PORTABLE_BYTE_TEXT): number {
  const scanner = new SlimScanner(byteText);
  let scanned = 0;
  for (const line of lines) {
    const record = scan(scanner, line);
    const full = fullRead(line);
    if (record === null) continue;
    scanned++;
    expect(text([record]), `line ${line.lineNo}`).toBe(text(full));
  }
  return scanned;
}

describe('SlimScanner', () => {
  it('reads every event line of the fixture logs as the full reader does, and only those', () => {
    let events = 0;
    let scanned = 0;
    for (const file of fixtureLogs()) {
      const lines = linesOf(readFileSync(file));
      for (const line of lines) if (fullRead(line).some((r) => r.type === 'event')) events++;
      scanned += expectSameAsFullReader(lines);
      expectSameAsFullReader(lines, NODE_TEXT);
    }
    expect(events).toBeGreaterThan(500);
    // Lines of unusual shape go to the full reader; ordinary ones (nearly all) are scanned.
    expect(scanned).toBeGreaterThan(events * 0.95);
  });

  it('reads the bench generator’s lines, of filler and of real-looking text, as the full reader does', () => {
    for (const textKind of ['filler', 'real'] as const) {
      const lines = [...sessionLines('scan-test', 3000, 7, { text: textKind })].map((l, i) =>
        rawLine(encoder.encode(l), i + 1),
      );
      expect(expectSameAsFullReader(lines, NODE_TEXT)).toBe(lines.length);
    }
  });

  it('gives every torn prefix of a line to the full reader', () => {
    const lines = linesOf(
      readFileSync(
        path.join(root, 'src-main/cli/fixtures/corpus-home/sessions/writer-edge-cases/provenance.jsonl'),
      ),
    ).slice(0, 12);
    const scanner = new SlimScanner();
    for (const line of lines)
      for (let cut = 0; cut < line.bytes.length; cut += cut < 400 ? 1 : 37)
        expect(scan(scanner, rawLine(line.bytes.subarray(0, cut))), `cut at ${cut}`).toBeNull();
  });

  it('reads edge cases as the full reader does, or leaves them to it', () => {
    const event = (fields: string) =>
      `{"schema_version": "2", "event_id": "e1", "event_kind": "tool_result", ${fields}}`;
    const scannedCases = [
      // escapes and non-ASCII in kept and dropped strings; a BOM inside a value
      event(`"tool_name": "a\\"b\\\\", "actor": "m\\u00e9", "output_summary": "x\\"}{\\\\"`),
      event(`"tool_name": "Å → ✓", "error": "\ufeffstarts with a BOM", "ts": "t"`),
      // every kind of escape, in short and long dropped strings and in a long kept one
      event(
        `"arguments": "\\"\\\\\\/\\b\\f\\n\\r\\t\\u00E9", "output_summary": "${'a'.repeat(40)}\\"\\\\\\n\\u00e9 end"`,
      ),
      event(`"error": "${'e'.repeat(30)}\\u2713 \\"quoted\\" ${'e'.repeat(30)}"`),
      // a string longer than the kept length, ASCII and not
      event(`"error": "${'x'.repeat(900)}", "task_preview": "${'é'.repeat(500)}"`),
      // numbers of every form, literals
      event(
        `"seq": -0, "duration_ms": 1.5e3, "cost_usd": 0.000001, "tokens_in": 12345678901234567, "success": true, "model": null`,
      ),
      event(`"seq": 9007199254740993, "tokens_out": -12, "iterations": 1E+2`),
      // partly kept fields: not objects, nested, stubs, repeated keys, keys with other values
      event(`"output_summary": {"job_id": "j1", "job_id": "j2", "rest": [1, {"_truncated": true}]}`),
      event(
        `"output_summary": {"job_id": 7}, "claim": {"kind": "k", "file_path": "/a", "statement": "${'s'.repeat(5000)}"}`,
      ),
      event(`"output_summary": ["job_id"], "claim": "text"`),
      event(`"output_summary": {"_truncated": true, "_original_size": 9000, "_preview": "p"}`),
      event(`"output_summary": {"_truncated": false, "job_id": "j"}`),
      // counted lists, and a counted field that is not a list
      event(`"issues": [1, "two", {"three": [3]}, [], {}], "patterns": [], "missing": "none"`),
      // kept containers: depth, long lists, stubs inside them
      event(`"expected_artifacts": [${Array.from({ length: 70 }, (_, i) => `"a${i}"`).join(', ')}]`),
      event(`"replacement": {"a": {"b": {"c": {"d": 1}}}, "s": {"_truncated": true}}, "reason": "r"`),
      // stubs in dropped values at any depth, the body itself a stub, empty containers
      event(
        `"arguments": {"x": [[{"_truncated": true}], {"_truncated": true, "_truncated": false}], "y": {}}`,
      ),
      event(`"_truncated": true, "arguments": [], "extra": {"_truncated": 1}`),
      // whitespace of every JSON kind, no space at all, unknown fields, a "__proto__" field
      `{\t"schema_version":"1" ,\r"event_id" :"e2","event_kind":"x_new_kind","__proto__":{"a":1},"job_id":"j"  }  `,
      event(`"subagent_name": "${'n'.repeat(80)}", "job_id": "${'j'.repeat(64)}"`),
    ];
    const scanner = new SlimScanner();
    for (const line of scannedCases) {
      const raw = rawLine(encoder.encode(line));
      const record = scan(scanner, raw);
      expect(record, line.slice(0, 120)).not.toBeNull();
      expect(text([record])).toBe(text(fullRead(raw)));
    }
    // Left to the full reader: it says what is wrong, or reads what the scan does not.
    const fullCases = [
      '{"schema_version": "2", "event_id": "e1", "event_kind": "tool_call", "seq": 1',
      event(`"seq": 1`) + '{"schema_version": "2", "event_id": "e2", "event_kind": "tool_call"}',
      event(`"seq": 01`),
      event(`"seq": 1.`),
      event(`"seq": tru`),
      event(`"arguments": {"a": 1,}`),
      event(`"arguments": [1 2]`),
      event(`"arguments": {"a" 1}`),
      event(`"arguments": {"a": [1}`),
      event(`"ev\\u0065nt_id": "e9"`),
      event(`"tool_name": "a", "tool_name": "b"`),
      event(`"tool_name": "bad \\x escape"`),
      // a bad escape in a dropped string, short or long, or a \u without four hex digits
      event(`"arguments": "bad \\x escape"`),
      event(`"arguments": {"a": ["${'a'.repeat(50)}\\q"]}`),
      event(`"output_summary": "${'a'.repeat(50)}\\u12g4"`),
      event(`"output_summary": "\\u12"`),
      '{"schema_version": "2", "event_id": 5, "event_kind": "tool_call"}',
      '{"schema_version": "3", "event_id": "e1", "event_kind": "tool_call"}',
      '{"event_id": "e1", "event_kind": "tool_call"}',
      '{"schema_version": "2", "event_kind": "tool_call"}',
      '{}',
      '[1, 2]',
      '"text"',
      '\ufeff' + event(`"seq": 1`),
      event(`"seq": 1`) + ' x',
    ];
    for (const line of fullCases) expect(scan(scanner, rawLine(encoder.encode(line))), line).toBeNull();
    // A line inside a bigger buffer (the worker scans lines where they lie in its chunk).
    const inside = encoder.encode(`xx${scannedCases[0]}\nyy`);
    const lineAt = rawLine(inside.subarray(2, 2 + encoder.encode(scannedCases[0]!).length), 1, 2);
    expect(text([scanner.scan(inside, 2, 2 + lineAt.byteLength, 1, 2)])).toBe(text(fullRead(lineAt)));
  });
});
