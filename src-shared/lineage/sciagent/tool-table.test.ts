// Plain tool calls are rows of the tool table, not graph nodes; anything that makes one not plain
// moves it into the graph. Either way the builder shows the same node (the replay test checks the
// whole graph against the engine's digests from before the table).
import { describe, expect, it } from 'vitest';
import { SessionLog } from '../../formats/sciagent/session-log';
import { SciagentLineageBuilder } from './lineage-builder';
import { EventLines } from './testing/event-lines';

const enc = new TextEncoder();
const written = new EventLines();
const ev = (kind: string, fields: Record<string, unknown> = {}) => written.line(kind, fields);
const call = (id: string, extra: Record<string, unknown> = {}) =>
  ev('tool_call', {
    tool_call_id: id,
    tool_name: 'bash',
    actor: 'model-a',
    arguments: { cmd: 'ls' },
    ...extra,
  });
const result = (id: string, extra: Record<string, unknown> = {}) =>
  ev('tool_result', {
    tool_call_id: id,
    tool_name: 'bash',
    success: true,
    duration_ms: 12.5,
    cost_usd: 0.25,
    model: 'model-a',
    output_summary: { preview: 'x' },
    ...extra,
  });

function reader() {
  const log = new SessionLog();
  const lineage = new SciagentLineageBuilder(log, 's');
  const deltas: ReturnType<SciagentLineageBuilder['apply']>[] = [];
  const push = (...lines: string[]) => {
    const d = lineage.apply(log.push(enc.encode(lines.map((l) => `${l}\n`).join(''))));
    deltas.push(d);
    return d;
  };
  return { log, lineage, push, deltas };
}

describe('tool table', () => {
  it('keeps a plain call and result as a row whose node is the tool node, sent once with its edge', () => {
    const { lineage, push } = reader();
    const first = push(call('a'));
    expect(lineage.toolRows).toBe(1);
    const tools = first.upsertedNodes.filter((n) => n.kind === 'tool_call');
    expect(tools.map((n) => [n.id, n.data['hasCall'], n.data['hasResult'], n.missing])).toEqual([
      ['tool:a', true, false, false],
    ]);
    expect(first.upsertedEdges.map((e) => e.id)).toEqual(['session:s->tool:a']);
    const [callId, resultId] = [`e${written.seq}`, `e${written.seq + 1}`];
    const second = push(result('a', { error: 'y'.repeat(300) }));
    expect(second.upsertedEdges).toEqual([]); // the edge does not change
    const node = lineage.nodes.get('tool:a')!;
    expect(second.upsertedNodes).toEqual([node]);
    expect(node).toMatchObject({
      kind: 'tool_call',
      label: 'bash',
      eventIds: [callId, resultId],
      seq: written.seq - 1,
      corrections: [],
      missing: false,
    });
    expect(node.data).toEqual({
      toolName: 'bash',
      toolCallId: 'a',
      actor: 'model-a',
      hasCall: true,
      hasResult: true,
      success: true,
      durationMs: 12.5,
      error: `${'y'.repeat(200)}…`,
      costUsd: 0.25,
      model: 'model-a',
      jobId: null,
    });
    expect(lineage.nodeOf(resultId)).toBe('tool:a');
    expect(lineage.edges.get('session:s->tool:a')).toEqual({
      id: 'session:s->tool:a',
      source: 'session:s',
      target: 'tool:a',
      reasons: ['session_id'],
    });
    expect([...lineage.nodes.keys()]).toContain('tool:a');
    expect(lineage.nodes.size).toBe([...lineage.nodes.values()].length);
    expect(lineage.edges.size).toBe([...lineage.edges.values()].length);
  });

  it('makes no row node for a delta nobody reads, and sends the row when it changes later', () => {
    const log = new SessionLog();
    const lineage = new SciagentLineageBuilder(log, 's');
    const unread = lineage.apply(log.push(enc.encode(`${call('u')}\n`)), false);
    expect(unread.upsertedNodes.filter((n) => n.kind === 'tool_call')).toEqual([]);
    expect(lineage.nodes.get('tool:u')!.data['hasResult']).toBe(false);
    const read = lineage.apply(log.push(enc.encode(`${result('u')}\n`)));
    expect(read.upsertedNodes).toEqual([lineage.nodes.get('tool:u')]);
    // Its edge was in the state a reader took (a snapshot), not sent again with the change.
    expect(read.upsertedEdges).toEqual([]);
  });

  it('keeps every row as its columns grow', () => {
    const { lineage, push } = reader();
    const pair = (i: number) => [
      call(`t${i}`, { duration_ms: i }),
      result(`t${i}`, { duration_ms: i + 0.5 }),
    ];
    for (let i = 0; i < 3000; i++) push(...pair(i));
    for (let i = 3000; i < 5000; i++) push(...pair(i));
    expect(lineage.toolRows).toBe(5000);
    for (const i of [0, 1023, 1024, 2999, 3000, 4999])
      expect(lineage.nodes.get(`tool:t${i}`)!.data).toMatchObject({
        toolCallId: `t${i}`,
        durationMs: i + 0.5,
        hasCall: true,
      });
  });

  it('a result before its call: missing its call until the call comes', () => {
    const { lineage, push } = reader();
    push(result('b', { success: false, duration_ms: null, cost_usd: 'free' }));
    const resultId = `e${written.seq}`;
    let node = lineage.nodes.get('tool:b')!;
    expect(node.missing).toBe(true);
    expect(node.data).toMatchObject({ hasCall: false, success: false, durationMs: null, costUsd: null });
    push(call('b', { actor: 'model-b', tool_name: 'python' }));
    node = lineage.nodes.get('tool:b')!;
    // The call's name and actor win over the result's, as the graph's own tool nodes have it.
    // In reading order: the result first (its seq is lower).
    expect(node).toMatchObject({ label: 'python', missing: false, eventIds: [resultId, `e${written.seq}`] });
    expect(node.data['actor']).toBe('model-b');
    expect(lineage.toolRows).toBe(1);
  });

  it('moves a row into the graph when a correction changes one of its events, keeping the node whole', () => {
    const { lineage, push } = reader();
    push(call('c'), result('c'));
    expect(lineage.toolRows).toBe(1);
    const d = push(
      ev('correction', {
        corrects_event_id: `e${written.seq}`,
        reason: 'wrong',
        replacement: { success: false },
      }),
    );
    expect(lineage.toolRows).toBe(0);
    const node = lineage.nodes.get('tool:c')!;
    expect(node.eventIds).toHaveLength(2);
    expect(node.data['success']).toBe(false);
    expect(node.corrections.map((c) => c.fields)).toEqual([['success']]);
    expect(d.upsertedNodes.map((n) => n.id)).toContain('tool:c');
    expect(d.removedNodes).toEqual([]);
    expect(lineage.edges.has('session:s->tool:c')).toBe(true);
  });

  it('a correction that moves a result to another call takes both calls into the graph', () => {
    const { lineage, push } = reader();
    push(call('d'), result('d'), call('f'));
    const moved = `e${written.seq - 1}`;
    push(
      ev('correction', {
        corrects_event_id: moved,
        reason: 'other call',
        replacement: { tool_call_id: 'f' },
      }),
    );
    expect(lineage.toolRows).toBe(0);
    expect(lineage.nodeOf(moved)).toBe('tool:f');
    expect(lineage.nodes.get('tool:d')!.data['hasResult']).toBe(false);
    expect(lineage.nodes.get('tool:f')!.data['hasResult']).toBe(true);
  });

  it('a result that names a job, a second call, or no call id: the graph', () => {
    const { lineage, push } = reader();
    push(
      ev('compute_job_launched', { job_id: 'j1' }),
      call('g'),
      result('g', { output_summary: { job_id: 'j1' } }),
    );
    expect(lineage.toolRows).toBe(0);
    expect(lineage.edges.get('tool:g->job:j1')!.reasons).toEqual(['output_summary.job_id']);
    push(call('h'), call('h'), result('h'));
    expect(lineage.toolRows).toBe(0);
    expect(lineage.nodes.get('tool:h')!.eventIds).toHaveLength(3);
    push(ev('tool_call', { tool_name: 'bash' }));
    expect(lineage.toolRows).toBe(0);
    expect(lineage.nodes.get(`tool:event:e${written.seq}`)).toBeDefined();
    // An id the graph holds stays there: a later plain pair of it is the graph's too.
    push(result('h'));
    expect(lineage.toolRows).toBe(0);
  });
});
