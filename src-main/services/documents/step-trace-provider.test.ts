import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BridgeError } from '../../../src-shared/bridge/contract';
import {
  REPORT_PATH,
  REPORT_TEXT,
  fixtureJsonl,
  setPath,
  validFixture,
  type TraceFixture,
} from '../../../src-shared/formats/step-trace/testing/trace-fixture';
import type { DocumentIndex } from './document-index';
import { loadStepTraceDocument, stepTraceService } from './step-trace-provider';

let tmp: string;
let traceDir: string;

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'step-trace-provider-'));
  traceDir = path.join(tmp, 'run');
  await mkdir(traceDir, { recursive: true });
  await writeFile(path.join(tmp, 'secret.txt'), 'top secret');
});

afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function write(f: TraceFixture, extra = ''): Promise<string> {
  for (const [rel, text] of f.files) {
    await mkdir(path.dirname(path.join(traceDir, rel)), { recursive: true });
    await writeFile(path.join(traceDir, rel), text);
  }
  const trace = path.join(traceDir, 'trace.jsonl');
  await writeFile(trace, fixtureJsonl(f) + extra);
  return trace;
}

describe('loadStepTraceDocument', () => {
  it('sends the report, every line with its number and the evidence text', async () => {
    const doc = await loadStepTraceDocument(await write(await validFixture()));
    expect(doc.error).toBeNull();
    expect(doc.report).toMatchObject({ verdict: 'valid', steps: 2, claims: 1, evidence: 1 });
    expect(doc.lines.map((l) => l.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(doc.lines[1]).toMatchObject({ line: 2, value: { kind: 'step_started' }, text: null });
    expect(doc.files[REPORT_PATH]).toMatchObject({ status: 'ok', text: REPORT_TEXT, lossy: false });
    expect(doc.truncatedLines).toBe(0);
  });

  it('keeps the validator’s line numbers across blank lines and shows an unparseable line as text', async () => {
    const doc = await loadStepTraceDocument(await write(await validFixture(), '\n{"idx": 9,\n'));
    expect(doc.report?.verdict).toBe('rejected');
    expect(doc.report?.violations).toMatchObject([{ line: 11, rule: 'parse_error' }]);
    expect(doc.lines.at(-1)).toEqual({ line: 11, value: null, text: '{"idx": 9,' });
  });

  it('never sends the text of an evidence file that leads outside the trace folder', async () => {
    const f = await validFixture();
    const trace = await write(f);
    await rm(path.join(traceDir, REPORT_PATH));
    await symlink(path.join(tmp, 'secret.txt'), path.join(traceDir, REPORT_PATH));
    const doc = await loadStepTraceDocument(trace);
    expect(doc.report?.violations.map((v) => v.rule)).toEqual(['path_escape']);
    expect(doc.files[REPORT_PATH]).toMatchObject({ status: 'escape', text: null });
    expect(JSON.stringify(doc)).not.toContain('top secret');
  });

  it('says which evidence files are missing', async () => {
    const f = await validFixture();
    setPath(f.events[3]!, 'evidence.content_path', 'evidence/gone.txt');
    const doc = await loadStepTraceDocument(await write(f));
    expect(doc.files['evidence/gone.txt']).toMatchObject({ status: 'missing', text: null });
  });

  it('answers an unreadable trace with its error', async () => {
    const doc = await loadStepTraceDocument(path.join(traceDir, 'none.jsonl'));
    expect(doc).toMatchObject({ report: null, lines: [], files: {} });
    expect(doc.error).toContain('ENOENT');
  });
});

describe('stepTraceService', () => {
  it('reads only documents the index knows', async () => {
    const trace = await write(await validFixture());
    const documents = {
      get: (key: string) => {
        if (key !== trace) throw new BridgeError('not-found', `no document ${key}`);
        return { key, kind: 'step-trace', label: 'trace.jsonl', revision: 1 };
      },
    } as unknown as DocumentIndex;
    const service = stepTraceService(documents);
    expect((await service.report(trace)).report?.verdict).toBe('valid');
    await expect(service.report(path.join(tmp, 'secret.txt'))).rejects.toThrow('no document');
  });
});
