import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from './memory-content';
import {
  CLAIM_SPAN,
  REPORT_PATH,
  REPORT_TEXT,
  deletePath,
  fixtureContent,
  fixtureJsonl,
  setPath,
  validFixture,
  type TraceFixture,
} from './testing/trace-fixture';
import { validateStepTrace } from './validate-trace';
import type { JsonObject, StepTraceReport, TraceContentAccess } from './types';

const enc = new TextEncoder();

/** Line of `fixture.events[i]` when the header is line 1. */
const lineOf = (i: number) => i + 2;
const EV = { started: 0, called: 1, returned: 2, evidence: 3, finished1: 4, claim: 6, finished2: 7 };

let f: TraceFixture;
beforeEach(async () => {
  f = await validFixture();
});

function event(i: number): JsonObject {
  return f.events[i]!;
}

async function validate(
  text: string | Uint8Array = fixtureJsonl(f),
  access: TraceContentAccess = fixtureContent(f),
): Promise<StepTraceReport> {
  return validateStepTrace(typeof text === 'string' ? enc.encode(text) : text, access);
}

function found(report: StepTraceReport): Array<[number, string, string | null]> {
  return report.violations.map((v) => [v.line, v.rule, v.field]);
}

describe('valid traces', () => {
  it('accepts the baseline with its counts', async () => {
    const report = await validate();
    expect(report).toEqual({ verdict: 'valid', violations: [], events: 8, steps: 2, claims: 1, evidence: 1 });
  });

  it('accepts no header when an event carries trace_schema_version, CRLF and blank lines', async () => {
    f.header = null;
    setPath(event(EV.started), 'trace_schema_version', 1);
    const text = fixtureJsonl(f).replace(/\n/g, '\r\n\r\n  \n');
    expect(await validate(text)).toMatchObject({ verdict: 'valid', violations: [] });
  });

  it('accepts hashes with and without the sha256: prefix, and integer ids', async () => {
    setPath(event(EV.evidence), 'evidence.sha256', await sha256Hex(enc.encode(REPORT_TEXT)));
    const snippet = await sha256Hex(enc.encode(REPORT_TEXT.slice(...CLAIM_SPAN)));
    setPath(event(EV.claim), 'claim.supports.0.snippet_sha256', `sha256:${snippet}`);
    setPath(event(EV.called), 'call.id', 7);
    setPath(event(EV.returned), 'result.call_id', 7);
    setPath(event(EV.evidence), 'evidence.chunk_id', 0);
    expect((await validate()).verdict).toBe('valid');
  });

  it('gives the same report when the bytes arrive one at a time', async () => {
    setPath(event(EV.finished1), 'output.type', 'celebrate');
    const bytes = enc.encode(fixtureJsonl(f));
    const oneByOne = await validateStepTrace(
      Array.from(bytes, (b) => new Uint8Array([b])),
      fixtureContent(f),
    );
    expect(oneByOne).toEqual(await validate());
  });

  it('reads each evidence file once however many claims cite it', async () => {
    const claim = event(EV.claim)['claim'] as JsonObject;
    const first = (claim['supports'] as JsonObject[])[0]!;
    claim['supports'] = [first, { ...first }, { ...first }];
    const access = fixtureContent(f);
    const readFile = vi.spyOn(access, 'readFile');
    expect((await validate(undefined, access)).verdict).toBe('valid');
    expect(readFile).toHaveBeenCalledTimes(1);
  });
});

describe('rejected traces', () => {
  it('rejects an unknown event kind', async () => {
    f.events.push({ idx: 9, kind: 'custom_thing', step_id: 's2' });
    const report = await validate();
    expect(report.verdict).toBe('rejected');
    expect(report.violations).toEqual([
      {
        line: lineOf(8),
        idx: 9,
        field: 'kind',
        rule: 'unknown_kind',
        message: expect.stringContaining('custom_thing'),
      },
    ]);
  });

  it.each([
    [EV.started, 'idx'],
    [EV.started, 'kind'],
    [EV.started, 'step_id'],
    [EV.called, 'call'],
    [EV.called, 'call.id'],
    [EV.returned, 'result'],
    [EV.returned, 'result.call_id'],
    [EV.evidence, 'evidence'],
    [EV.evidence, 'evidence.id'],
    [EV.evidence, 'evidence.uri'],
    [EV.evidence, 'evidence.span'],
    [EV.evidence, 'evidence.sha256'],
    [EV.evidence, 'evidence.content_path'],
    [EV.evidence, 'evidence.chunk_id'],
    [EV.claim, 'claim'],
    [EV.claim, 'claim.supports'],
    [EV.claim, 'claim.supports.0.evidence_id'],
    [EV.claim, 'claim.supports.0.span'],
    [EV.claim, 'claim.supports.0.snippet_sha256'],
    [EV.finished1, 'output'],
    [EV.finished1, 'output.type'],
  ])('rejects event %i without %s', async (i, path) => {
    deletePath(event(i), path);
    const report = await validate();
    expect(report.verdict).toBe('rejected');
    const field = path.replace(/\.(\d+)\./, '[$1].');
    expect(report.violations).toContainEqual({
      line: lineOf(i),
      idx: path === 'idx' ? null : i + 1,
      field,
      rule: 'missing_field',
      message: expect.stringContaining(field) as unknown,
    });
  });

  it.each([
    ['idx', '3'],
    ['evidence.span', [5]],
    ['evidence.span', [-1, 5]],
    ['evidence.sha256', 'ABCDEF'.repeat(10) + 'ABCD'],
    ['evidence.content_path', ''],
    ['claim.supports', []],
    ['claim.supports.0', 'e1'],
  ])('rejects an unusable %s (%j) as a missing field', async (path, value) => {
    const i = path.startsWith('claim') ? EV.claim : path === 'idx' ? EV.started : EV.evidence;
    setPath(event(i), path, value);
    const report = await validate();
    expect(report.verdict).toBe('rejected');
    expect(found(report)).toContainEqual([lineOf(i), 'missing_field', path.replace(/\.(\d+)$/, '[$1]')]);
  });

  it.each([
    [
      'a header with trace_schema_version 2',
      (x: TraceFixture) => setPath(x.header!, 'trace_schema_version', 2),
    ],
    ['a string version "1"', (x: TraceFixture) => setPath(x.header!, 'trace_schema_version', '1')],
    ['fingerprint_algo md5', (x: TraceFixture) => setPath(x.header!, 'fingerprint_algo', 'md5')],
    ['canonicalization_version 2', (x: TraceFixture) => setPath(x.header!, 'canonicalization_version', 2)],
  ])('rejects %s as an unsupported version on line 1', async (_name, breakIt) => {
    breakIt(f);
    const report = await validate();
    expect(report.verdict).toBe('rejected');
    expect(report.violations).toMatchObject([{ line: 1, idx: null, rule: 'unsupported_version' }]);
  });

  it('rejects an event whose version differs from the header', async () => {
    setPath(event(EV.claim), 'trace_schema_version', 2);
    expect(found(await validate())).toEqual([
      [lineOf(EV.claim), 'unsupported_version', 'trace_schema_version'],
    ]);
  });

  it('rejects a trace with no version anywhere, and an empty trace', async () => {
    f.header = null;
    expect(found(await validate())).toEqual([[1, 'unsupported_version', 'trace_schema_version']]);
    const empty = await validate('\n\n');
    expect(empty.verdict).toBe('rejected');
    expect(empty.violations[0]!.message).toMatch(/empty trace/);
  });

  it('rejects lines that are not JSON objects, with their line numbers, and reads on', async () => {
    // The header, two events, then a torn line, a blank line and an array; invalid UTF-8 last.
    const lines = fixtureJsonl(f).trimEnd().split('\n');
    lines.splice(3, 0, '{"idx": 3, "kind": ', '', '[1, 2]');
    const bytes = new Uint8Array([...enc.encode(lines.join('\n') + '\n'), 0xff, 0xfe, 0x0a]);
    const report = await validate(bytes);
    expect(report.verdict).toBe('rejected');
    expect(found(report)).toEqual([
      [4, 'parse_error', null],
      [6, 'parse_error', null],
      [lines.length + 1, 'parse_error', null],
    ]);
    expect(report.violations[1]!.message).toMatch(/not a JSON object \(an array\)/);
    expect(report.violations[2]!.message).toMatch(/UTF-8/);
  });
});

describe('invalid (parseable) traces', () => {
  it('flags idx that does not strictly increase, against the highest idx so far', async () => {
    setPath(event(EV.evidence), 'idx', 2);
    setPath(event(EV.finished1), 'idx', 9);
    const report = await validate();
    expect(report.verdict).toBe('invalid');
    expect(report.violations.map((v) => [v.line, v.idx, v.rule])).toEqual([
      [lineOf(EV.evidence), 2, 'idx_not_increasing'],
      [lineOf(5), 6, 'idx_not_increasing'],
      [lineOf(6), 7, 'idx_not_increasing'],
      [lineOf(7), 8, 'idx_not_increasing'],
    ]);
    expect(report.violations[0]!.message).toMatch(/not above idx 3 on line 4/);
  });

  it('flags a repeated idx', async () => {
    setPath(event(EV.called), 'idx', 1);
    expect(found(await validate())).toEqual([[lineOf(EV.called), 'idx_not_increasing', 'idx']]);
  });

  it('flags a result whose call_id matches no earlier call', async () => {
    setPath(event(EV.returned), 'result.call_id', 'c9');
    expect(found(await validate())).toEqual([
      [lineOf(EV.returned), 'call_result_mismatch', 'result.call_id'],
    ]);
  });

  it('flags a result that comes before its call, and a string id against an integer one', async () => {
    setPath(event(EV.called), 'call.id', 1);
    setPath(event(EV.returned), 'result.call_id', '1');
    expect(found(await validate())).toEqual([
      [lineOf(EV.returned), 'call_result_mismatch', 'result.call_id'],
    ]);
    const g = await validFixture();
    [g.events[1], g.events[2]] = [g.events[2]!, g.events[1]!];
    g.events[1]!['idx'] = 2;
    g.events[2]!['idx'] = 3;
    const report = await validateStepTrace(enc.encode(fixtureJsonl(g)), fixtureContent(g));
    expect(found(report)).toEqual([[lineOf(1), 'call_result_mismatch', 'result.call_id']]);
  });

  it.each([
    ['evidence.span', EV.evidence, [0, 9999], /outside evidence\/report.txt \(74 bytes\)/],
    ['evidence.span', EV.evidence, [10, 5], /ends before it starts/],
    ['claim.supports.0.span', EV.claim, [70, 80], /outside evidence\/report.txt/],
    ['claim.supports.0.span', EV.claim, [50, 70], /outside the evidence's span \[0, 59\)/],
    ['claim.supports.0.span', EV.claim, [9, 3], /ends before it starts/],
  ])('flags %s %j out of bounds', async (path, i, span, message) => {
    setPath(event(i), path, span);
    const report = await validate();
    expect(report.verdict).toBe('invalid');
    expect(report.violations).toEqual([
      {
        line: lineOf(i),
        idx: i + 1,
        field: path.replace('.0.', '[0].'),
        rule: 'span_out_of_bounds',
        message: expect.stringMatching(message) as unknown,
      },
    ]);
  });

  it('flags a file hash and a snippet hash that do not match', async () => {
    setPath(event(EV.evidence), 'evidence.sha256', '0'.repeat(64));
    setPath(event(EV.claim), 'claim.supports.0.snippet_sha256', `sha256:${'a'.repeat(64)}`);
    expect(found(await validate())).toEqual([
      [lineOf(EV.evidence), 'hash_mismatch', 'evidence.sha256'],
      [lineOf(EV.claim), 'hash_mismatch', 'claim.supports[0].snippet_sha256'],
    ]);
  });

  it('flags evidence whose file changed under the cited span', async () => {
    f.files.set(REPORT_PATH, REPORT_TEXT.replace('100 C', '90 C!'));
    const report = await validate();
    expect(found(report)).toEqual([
      [lineOf(EV.evidence), 'hash_mismatch', 'evidence.sha256'],
      [lineOf(EV.claim), 'hash_mismatch', 'claim.supports[0].snippet_sha256'],
    ]);
  });

  it('flags a missing content file once, not again for the claims citing it', async () => {
    f.files.clear();
    const report = await validate();
    expect(report.verdict).toBe('invalid');
    expect(found(report)).toEqual([[lineOf(EV.evidence), 'content_missing', 'evidence.content_path']]);
    setPath(event(EV.evidence), 'evidence.content_path', 'evidence/..');
    expect(found(await validate())).toEqual([
      [lineOf(EV.evidence), 'content_missing', 'evidence.content_path'],
    ]);
  });

  it('flags an unknown output type', async () => {
    setPath(event(EV.finished1), 'output.type', 'celebrate');
    expect((await validate()).violations).toEqual([
      {
        line: lineOf(EV.finished1),
        idx: 5,
        field: 'output.type',
        rule: 'unknown_output_type',
        message: 'unknown output type "celebrate"',
      },
    ]);
  });

  it('accepts every output type of the union', async () => {
    for (const type of ['understand', 'gather', 'derive', 'verify', 'finalize', 'insufficient']) {
      setPath(event(EV.finished1), 'output.type', type);
      expect((await validate()).verdict).toBe('valid');
    }
  });

  it('flags a claim citing unknown evidence, or evidence registered only later', async () => {
    setPath(event(EV.claim), 'claim.supports.0.evidence_id', 'e404');
    expect(found(await validate())).toEqual([
      [lineOf(EV.claim), 'unknown_evidence', 'claim.supports[0].evidence_id'],
    ]);
    const g = await validFixture();
    const evidence = g.events.splice(EV.evidence, 1)[0]!;
    g.events.push(evidence);
    g.events.forEach((e, i) => (e['idx'] = i + 1));
    const report = await validateStepTrace(enc.encode(fixtureJsonl(g)), fixtureContent(g));
    expect(found(report)).toEqual([[lineOf(5), 'unknown_evidence', 'claim.supports[0].evidence_id']]);
    expect(report.violations[0]!.message).toMatch(/registered only later, on line 9/);
  });

  it.each([
    '../secret.txt',
    '/etc/passwd',
    'evidence/../../secret.txt',
    'C:\\secret.txt',
    'evidence\\..\\..\\x',
  ])('flags content_path %j as a path escape without reading it', async (contentPath) => {
    setPath(event(EV.evidence), 'evidence.content_path', contentPath);
    const access = fixtureContent(f);
    const readFile = vi.spyOn(access, 'readFile');
    const report = await validate(undefined, access);
    expect(report.verdict).toBe('invalid');
    expect(found(report)).toEqual([[lineOf(EV.evidence), 'path_escape', 'evidence.content_path']]);
    expect(readFile).not.toHaveBeenCalled();
  });

  it('reports an escape the file access found (a symlink) as path_escape', async () => {
    const access: TraceContentAccess = {
      readFile: async () => ({ status: 'escape', reason: 'resolves outside the trace folder' }),
      sha256: sha256Hex,
    };
    expect(found(await validate(undefined, access))).toEqual([
      [lineOf(EV.evidence), 'path_escape', 'evidence.content_path'],
    ]);
  });
});

describe('several violations at once', () => {
  it('reports all of them in line order; invalid without a rejecting rule', async () => {
    setPath(event(EV.claim), 'claim.supports.0.snippet_sha256', 'b'.repeat(64));
    setPath(event(EV.finished1), 'output.type', 'celebrate');
    setPath(event(EV.returned), 'result.call_id', 'c2');
    setPath(event(EV.finished2), 'idx', 1);
    const report = await validate();
    expect(report.verdict).toBe('invalid');
    expect(found(report)).toEqual([
      [lineOf(EV.returned), 'call_result_mismatch', 'result.call_id'],
      [lineOf(EV.finished1), 'unknown_output_type', 'output.type'],
      [lineOf(EV.claim), 'hash_mismatch', 'claim.supports[0].snippet_sha256'],
      [lineOf(EV.finished2), 'idx_not_increasing', 'idx'],
    ]);
  });

  it('is rejected when any is of a rejecting rule, and still lists the others', async () => {
    setPath(event(EV.finished1), 'output.type', 'celebrate');
    deletePath(event(EV.evidence), 'evidence.chunk_id');
    setPath(event(EV.evidence), 'evidence.span', [0, 500]);
    f.events.push({ idx: 9, kind: 'plan_revised', step_id: 's3' });
    f.events.push({ kind: 'step_started' });
    const report = await validate();
    expect(report.verdict).toBe('rejected');
    expect(found(report)).toEqual([
      [lineOf(EV.evidence), 'missing_field', 'evidence.chunk_id'],
      [lineOf(EV.evidence), 'span_out_of_bounds', 'evidence.span'],
      [lineOf(EV.finished1), 'unknown_output_type', 'output.type'],
      [lineOf(8), 'unknown_kind', 'kind'],
      [lineOf(9), 'missing_field', 'idx'],
      [lineOf(9), 'missing_field', 'step_id'],
    ]);
    expect(report.violations.at(-1)!.idx).toBeNull();
  });
});
