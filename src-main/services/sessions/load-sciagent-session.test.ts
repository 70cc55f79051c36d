/**
 * `inspect`'s loader reads a log as a session worker does (slim records) and reads back from the
 * file only the bodies its summary needs whole. What it says must be what the full reading (every
 * body parsed and kept: SessionLog.push, FULL_BODIES) says: checked on every fixture log the CLI
 * tests use (the corpus's real sessions among them), on generated sessions of the bench's mix and
 * on the cases where a slim body is not the whole one.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionLines } from '../../../bench/generate-session.mjs';
import { ChunkParser } from '../../../src-shared/formats/sciagent/chunk-parser';
import { SessionLog } from '../../../src-shared/formats/sciagent/session-log';
import { summarizeSession } from '../../../src-shared/formats/sciagent/session-summary';
import { SciagentLineageBuilder } from '../../../src-shared/lineage/sciagent/lineage-builder';
import { EventLines } from '../../../src-shared/lineage/sciagent/testing/event-lines';
import { loadSciagentSession } from './load-sciagent-session';
import { SlimSummaryBodies } from './slim-summary-bodies';

const FIXTURES = path.join(__dirname, '../../cli/fixtures');

/** The summary of the full reading: every body parsed whole and kept. */
async function fullSummary(file: string, sessionId: string) {
  const log = new SessionLog();
  const lineage = new SciagentLineageBuilder(log, sessionId);
  lineage.apply(log.push(new Uint8Array(await readFile(file))));
  lineage.apply(log.end());
  return summarizeSession(log, {
    sessionId,
    path: file,
    graph: { nodes: lineage.nodes.size, edges: lineage.edges.size },
  });
}

async function expectSameSummary(file: string): Promise<void> {
  const loaded = await loadSciagentSession(file, { sessionId: 's' });
  expect(loaded.summary).toEqual(await fullSummary(file, 's'));
}

async function logsUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith('.jsonl')) out.push(path.join(entry.parentPath, entry.name));
  return out.sort();
}

const events = new EventLines();
/** A line of `event_kind` with these fields (its id and seq given: cases below repeat them). */
const line = ({ event_kind, ...fields }: Record<string, unknown>) =>
  events.line(event_kind as string, { ts: '2026-01-01T00:00:00Z', ...fields });
const STUB = { _truncated: true, original_bytes: 9000 };

describe('loadSciagentSession (slim records) says what the full reading says', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'le-load-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('on every fixture log of the CLI tests', async () => {
    const logs = await logsUnder(FIXTURES);
    expect(logs.length).toBeGreaterThan(30);
    for (const file of logs) await expectSameSummary(file);
  });

  it("on generated sessions of the bench's mix (one writer and two, one cluster job)", async () => {
    for (const [name, options] of [
      ['many', {}],
      ['two', { writers: 2 }],
      ['cluster', { jobs: 'one-cluster' }],
    ] as const) {
      const file = path.join(dir, `${name}.jsonl`);
      await writeFile(file, [...sessionLines(name, 3000, 7, options)].join('\n') + '\n');
      await expectSameSummary(file);
    }
  });

  it('where slim bodies are not whole: stubs in dropped fields, long strings, corrections, duplicates', async () => {
    const long = 'm'.repeat(450);
    const file = path.join(dir, 'edges.jsonl');
    const lines = [
      // Stubs in fields the slim body drops (a tool's arguments and output).
      line({
        event_id: 'c1',
        event_kind: 'tool_call',
        seq: 1,
        tool_call_id: 't1',
        tool_name: 'sh',
        arguments: { a: STUB, b: [STUB] },
      }),
      line({
        event_id: 'r1',
        event_kind: 'tool_result',
        seq: 2,
        tool_call_id: 't1',
        output: STUB,
        model: long,
        cost_usd: 0.5,
        tokens_in: 3,
        tokens_out: 4,
      }),
      // A status longer than a slim body keeps, then corrected; the correction's replacement holds a stub.
      line({
        event_id: 'j1',
        event_kind: 'compute_job_launched',
        seq: 3,
        job_id: 'job',
        command_original: STUB,
      }),
      line({
        event_id: 'j2',
        event_kind: 'compute_job_status_changed',
        seq: 4,
        job_id: 'job',
        status: long,
        sky_status_raw: 'RUNNING',
        note: STUB,
      }),
      line({
        event_id: 'x1',
        event_kind: 'correction',
        seq: 5,
        corrects_event_id: 'j2',
        reason: 'r',
        replacement: { status: 'SUCCEEDED', note: { deep: { deeper: { deepest: STUB } } } },
      }),
      // A correction that takes a stub away (replaces the field that held it).
      line({
        event_id: 'x2',
        event_kind: 'correction',
        seq: 6,
        corrects_event_id: 'c1',
        reason: 'r',
        replacement: { arguments: { a: 1 } },
      }),
      // The same id again, with a stub: a duplicate, not counted.
      line({ event_id: 'r1', event_kind: 'tool_result', seq: 7, tool_call_id: 't1', output: [STUB, STUB] }),
      // Two events glued on one line, both with stubs, then a torn line.
      line({
        event_id: 'g1',
        event_kind: 'artifact_produced',
        seq: 8,
        job_id: 'job',
        path: '/a',
        blob: STUB,
      }) +
        line({
          event_id: 'g2',
          event_kind: 'verification_result',
          seq: 9,
          verdict: 'verified',
          evidence: [STUB, STUB],
        }),
      '{"event_id": "torn", "event_kind": "tool_call", "seq": 10, "tool_ca',
      line({ event_id: 'e1', event_kind: 'session_end', seq: 11, cost_usd: 2, extra: STUB }),
    ];
    await writeFile(file, lines.join('\n'));
    const loaded = await loadSciagentSession(file, { sessionId: 's' });
    const full = await fullSummary(file, 's');
    expect(loaded.summary).toEqual(full);
    // The cases are there: stubs counted from dropped fields and from a correction, a clipped
    // status read whole, a duplicate refused.
    expect(full.truncatedFields).toBeGreaterThanOrEqual(6);
    expect(full.jobs[0]?.status).toBe('SUCCEEDED');
    expect(full.models).toContain(long);
    expect(full.duplicates).toBe(1);
    expect(full.corrections.applied).toBe(2);
  });

  it('where the cost comes from tool results, one of them read back whole', async () => {
    const file = path.join(dir, 'results-cost.jsonl');
    const result = (seq: number, fields: Record<string, unknown>) =>
      line({ event_id: `r${seq}`, event_kind: 'tool_result', seq, tool_call_id: `t${seq}`, ...fields });
    const lines = [
      result(1, { cost_usd: 0.25, tokens_in: 10, tokens_out: 2 }),
      // Its model is longer than a slim body keeps: this result is read back from the file.
      result(2, { cost_usd: 0.5, tokens_in: 11, tokens_out: 3, model: 'x'.repeat(500), output: STUB }),
      result(3, { cost_usd: 0.5, tokens_in: 11, tokens_out: 3 }),
    ];
    await writeFile(file, lines.join('\n') + '\n');
    const loaded = await loadSciagentSession(file, { sessionId: 's' });
    expect(loaded.summary).toEqual(await fullSummary(file, 's'));
    expect(loaded.summary.cost).toEqual({ usd: 0.75, source: 'results' });
  });

  it('says which events it could not read back whole when the file changed after it was read', async () => {
    const file = path.join(dir, 'changed.jsonl');
    const text =
      [
        line({
          event_id: 'j1',
          event_kind: 'compute_job_status_changed',
          seq: 1,
          job_id: 'j',
          status: 'running',
          note: STUB,
        }),
        line({
          event_id: 'x1',
          event_kind: 'correction',
          seq: 2,
          corrects_event_id: 'j1',
          reason: 'r',
          replacement: { status: 'done' },
        }),
      ].join('\n') + '\n';
    await writeFile(file, text);
    const log = new SessionLog();
    const bodies = new SlimSummaryBodies(file, log);
    const { records } = new ChunkParser().parse({
      fileKey: file,
      bytes: new TextEncoder().encode(text),
      fromOffset: 0,
      reset: true,
      final: true,
    });
    bodies.note(records);
    log.pushRecords(records);
    // The corrected event's stubs are counted in its whole corrected body, read back from the file.
    const corrected = log.events.get('j1')!;
    expect(bodies.stubs(corrected)).toBe(1);
    expect([...bodies.notReadBack]).toEqual([]);
    // The file no longer holds the lines as they were read: said, and the slim body answers.
    await writeFile(file, '{}\n');
    expect(bodies.stubs(corrected)).toBe(0);
    expect(bodies.body(corrected)['status']).toBe('done');
    expect([...bodies.notReadBack]).toEqual(['j1']);
  });
});
