// Fixtures are copies of real corpus logs (the same as the lineage builder's tests).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SciagentLineageBuilder } from '../../lineage/sciagent/lineage-builder';
import type { LineageNode } from '../../lineage/types';
import { ChunkParser } from './chunk-parser';
import { SessionLog } from './session-log';
import { isHeldInMemory, slimBody } from './slim-body';

const fixture = (name: string) =>
  readFileSync(new URL(`../../lineage/sciagent/fixtures/${name}`, import.meta.url));

/** The graph, with corrections reduced to what slim bodies keep exactly (which fields, why). */
function graph(lineage: SciagentLineageBuilder) {
  const node = (n: LineageNode) => ({
    ...n,
    corrections: n.corrections.map((c) => ({ id: c.correctionId, fields: c.fields, reason: c.reason })),
  });
  return {
    nodes: [...lineage.nodes.values()].map(node).sort((a, b) => (a.id < b.id ? -1 : 1)),
    edges: [...lineage.edges.values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
}

describe('slim bodies', () => {
  it('build the same lineage as full bodies (every field a builder reads is kept)', () => {
    for (const name of ['e2e-sess.jsonl', 'real-42d50babf77e.jsonl', 'real-f9f9250c87a4.jsonl']) {
      const bytes = fixture(name);
      const fullLog = new SessionLog();
      const full = new SciagentLineageBuilder(fullLog, 's');
      full.apply(fullLog.push(bytes));
      full.apply(fullLog.end());

      const slimLog = new SessionLog();
      const slim = new SciagentLineageBuilder(slimLog, 's');
      const parsed = new ChunkParser().parse({
        fileKey: name,
        bytes,
        fromOffset: 0,
        reset: true,
        final: true,
      });
      slim.apply(slimLog.pushRecords(parsed.records));

      expect(graph(slim)).toEqual(graph(full));
    }
  });

  it('keeps link keys of heavy fields and drops the rest', () => {
    const body = slimBody({
      event_id: 'e',
      event_kind: 'tool_result',
      session_id: 's',
      tool_name: 'compute_run',
      output_summary: { job_id: 'j1', stdout: 'x'.repeat(10_000) },
      arguments: { command: 'ls' },
      unknown_field: 1,
    });
    expect(body).toEqual({ tool_name: 'compute_run', output_summary: { job_id: 'j1' } });
  });

  it('keeps nothing of a tool output without a job id, not even a preview', () => {
    const text = slimBody({ tool_call_id: 'c', output_summary: 'line one\nline two '.repeat(20) });
    const stub = slimBody({ output_summary: { _truncated: true, _preview: 'p', _original_size: 9000 } });
    const other = slimBody({ output_summary: { job_id: 7 } });
    expect(text).toEqual({ tool_call_id: 'c' });
    expect(stub).toEqual({});
    expect(other).toEqual({});
    // What NodeDetail asks to show a correction's "before" (else it is read with the event).
    expect(isHeldInMemory('tool_call_id')).toBe(true);
    expect(isHeldInMemory('output_summary')).toBe(false);
    expect(isHeldInMemory('arguments')).toBe(false);
  });

  it("keeps of a verdict its claim's kind and subject, of lists their length, of a launch not its commands", () => {
    const verdict = slimBody({
      gate: 'data',
      claim: {
        kind: 'data_acquisition',
        file_path: '/w/out.json',
        job_id: 'j1',
        statement: 's'.repeat(3000),
        n: 1,
      },
      issues: ['i'.repeat(500), 'j'.repeat(500), 'k'],
      evidence: { reasoning: 'r'.repeat(3000) },
    });
    expect(verdict).toEqual({
      gate: 'data',
      claim: { kind: 'data_acquisition', file_path: '/w/out.json', job_id: 'j1' },
      issues: [undefined, undefined, undefined],
    });
    expect(slimBody({ claim: { statement: 'only' }, patterns: ['a', 'b'], missing: [] })).toEqual({
      patterns: [undefined, undefined],
      missing: [],
    });
    const launch = slimBody({
      job_id: 'j1',
      mode: 'cluster_exec',
      command_original: 'python x.py',
      command_resolved: 'y',
    });
    expect(launch).toEqual({ job_id: 'j1', mode: 'cluster_exec' });
    // Their "before" in a correction is read with the event, from disk.
    for (const field of ['claim', 'issues', 'patterns', 'missing', 'command_original', 'command_resolved'])
      expect(isHeldInMemory(field)).toBe(false);
    expect(isHeldInMemory('gate')).toBe(true);
  });
});
