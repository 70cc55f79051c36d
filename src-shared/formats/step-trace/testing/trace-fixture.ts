/**
 * A small valid step trace for tests to start from and break on purpose: two steps, a tool call
 * and its result, one evidence file and one claim citing it, with real SHA-256 values.
 * Pure (no file system): the Node and CLI tests write it out to temp folders themselves.
 */
import { MemoryTraceContent, sha256Hex } from '../memory-content';
import type { JsonObject } from '../types';

export interface TraceFixture {
  /** The first line, or null to leave it out. */
  header: JsonObject | null;
  events: JsonObject[];
  /** Evidence files by path relative to the trace's folder. */
  files: Map<string, string>;
}

export const REPORT_PATH = 'evidence/report.txt';
export const REPORT_TEXT = 'The measured boiling point of water is 100 C at sea level.\nA second line.\n';
/** `[start, end)` of "boiling point of water is 100 C" in REPORT_TEXT. */
export const CLAIM_SPAN: [number, number] = [13, 44];
/** The evidence chunk: the first line with its newline. */
export const EVIDENCE_SPAN: [number, number] = [0, 59];

const enc = new TextEncoder();

export async function validFixture(): Promise<TraceFixture> {
  const fileHash = await sha256Hex(enc.encode(REPORT_TEXT));
  const snippetHash = await sha256Hex(enc.encode(REPORT_TEXT.slice(...CLAIM_SPAN)));
  return {
    header: { trace_schema_version: 1, fingerprint_algo: 'sha256', canonicalization_version: 1 },
    events: [
      { idx: 1, kind: 'step_started', step_id: 's1' },
      { idx: 2, kind: 'tool_called', step_id: 's1', call: { id: 'c1', tool: 'read_file', args: {} } },
      { idx: 3, kind: 'tool_returned', step_id: 's1', result: { call_id: 'c1', ok: true } },
      {
        idx: 4,
        kind: 'evidence_registered',
        step_id: 's1',
        evidence: {
          id: 'e1',
          uri: 'https://example.org/report.txt',
          span: [...EVIDENCE_SPAN],
          sha256: `sha256:${fileHash}`,
          content_path: REPORT_PATH,
          chunk_id: 'chunk-0',
        },
      },
      { idx: 5, kind: 'step_finished', step_id: 's1', output: { type: 'gather' } },
      { idx: 6, kind: 'step_started', step_id: 's2' },
      {
        idx: 7,
        kind: 'claim_emitted',
        step_id: 's2',
        claim: {
          id: 'k1',
          text: 'Water boils at 100 C at sea level.',
          supports: [{ evidence_id: 'e1', span: [...CLAIM_SPAN], snippet_sha256: snippetHash }],
        },
      },
      { idx: 8, kind: 'step_finished', step_id: 's2', output: { type: 'derive', answer: '100 C' } },
    ],
    files: new Map([[REPORT_PATH, REPORT_TEXT]]),
  };
}

/** The trace's JSONL text: header (if any) then events, one per line. */
export function fixtureJsonl(fixture: TraceFixture): string {
  const lines = fixture.header ? [fixture.header, ...fixture.events] : fixture.events;
  return lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
}

export function fixtureContent(fixture: TraceFixture): MemoryTraceContent {
  return new MemoryTraceContent(fixture.files);
}

/** Sets a dotted path (`evidence.span`, `claim.supports.0.span`) in an event, creating nothing. */
export function setPath(target: JsonObject, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce<Record<string, unknown>>(
    (obj, key) => obj[key] as Record<string, unknown>,
    target,
  );
  parent[last] = value;
}

/** Deletes a dotted path from an event. */
export function deletePath(target: JsonObject, path: string): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce<Record<string, unknown>>(
    (obj, key) => obj[key] as Record<string, unknown>,
    target,
  );
  delete parent[last];
}
