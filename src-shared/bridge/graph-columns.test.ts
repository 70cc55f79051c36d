import { describe, expect, it } from 'vitest';
import type { LineageEdge, LineageNode } from '../lineage/types';
import {
  decodeEdges,
  decodeNodes,
  encodeEdges,
  encodeNodes,
  nodeIdsOf,
  rowsBy,
  type NodeColumns,
} from './graph-columns';
import { fromWireNode } from './wire-node';

const node = (i: number, over: Partial<LineageNode> = {}): LineageNode => ({
  id: `tool:${i}`,
  kind: 'tool_call',
  label: i % 2 ? 'shell' : 'file_ops',
  eventIds: [`e${i}a`, `e${i}b`],
  seq: i,
  data: { toolName: i % 2 ? 'shell' : 'file_ops', success: i % 3 !== 0, error: null, durationMs: i * 10 },
  corrections: [],
  stale: false,
  missing: false,
  ...over,
});

const wire = <T>(x: T): T => JSON.parse(JSON.stringify(x));

describe('graph columns', () => {
  it('round-trip nodes: nulls left out, corrections and flags kept, other kinds and data shapes', () => {
    const nodes = [
      ...Array.from({ length: 40 }, (_, i) => node(i)),
      node(40, { stale: true, missing: true, seq: null }),
      node(41, {
        kind: 'job',
        label: 'job-1',
        data: { launches: [{ seq: 1, mode: 'x' }], status: null, costUsd: 0.5 },
        corrections: [
          { eventId: 'a', correctionId: 'c', reason: null, fields: ['x'], before: {}, after: { x: 1 } },
        ],
      }),
    ];
    const back = decodeNodes(wire(encodeNodes(nodes))).map(fromWireNode);
    const dropNulls = (n: LineageNode) => ({
      ...n,
      data: Object.fromEntries(Object.entries(n.data).filter(([, v]) => v !== null)),
    });
    expect(back).toEqual(nodes.map(dropNulls));
  });

  it("sends a field that is its node's id less a prefix as that prefix's length, and falls back where one is not", () => {
    const tool = (i: number, callId: string | null) =>
      node(i, { id: `tool:${callId ?? `event:${i}`}`, data: { toolCallId: callId, toolName: 'shell' } });
    const artifact = (path: string, label = path) =>
      node(0, { id: `artifact:${path}`, kind: 'artifact', label, data: { path, kind: 'file' } });
    const tools = [tool(0, 'toolu_a'), tool(1, null), tool(2, 'toolu_ccc'), tool(3, 'call-9'), tool(4, null)];
    const artifacts = [artifact('out/a.json'), artifact('b.csv'), artifact('c/d.txt')];
    // A later row that is not its id's tail: the rows before it are sent as values after all.
    const mixed = [
      ...artifacts,
      artifact('e.txt', 'renamed'),
      node(9, { id: 'artifact:f', kind: 'artifact', label: 'f', data: { path: 'not-f' } }),
    ];
    const cols = wire(encodeNodes([...tools, ...mixed]));
    const [toolCols, artifactCols] = cols.kinds;
    expect(toolCols!.data['toolCallId']).toEqual({ idFrom: 5, absent: [1, 4] });
    // Sent as strings (a table here: few and short), every row's value the decoder's below.
    expect('idFrom' in artifactCols!.label).toBe(false);
    expect('idFrom' in artifactCols!.data['path']!).toBe(false);
    const onlyTails = wire(encodeNodes(artifacts)).kinds[0]!;
    expect(onlyTails.label).toEqual({ idFrom: 9, absent: [] });
    expect(onlyTails.data['path']).toEqual({ idFrom: 9, absent: [] });

    const dropNulls = (n: LineageNode) => ({
      ...n,
      data: Object.fromEntries(Object.entries(n.data).filter(([, v]) => v !== null)),
    });
    expect(decodeNodes(cols).map(fromWireNode)).toEqual([...tools, ...mixed].map(dropNulls));
    expect(decodeNodes(wire(encodeNodes(artifacts))).map(fromWireNode)).toEqual(artifacts);
  });

  it('round-trip edges, with their ids rebuilt (or kept when they are not source->target)', () => {
    const edges: LineageEdge[] = [
      ...Array.from({ length: 30 }, (_, i) => ({
        id: `session:s->tool:${i}`,
        source: 'session:s',
        target: `tool:${i}`,
        reasons: ['session_id' as const],
      })),
      { id: 'odd', source: 'job:a', target: 'artifact:b', reasons: ['job_id', 'expected_artifacts'] },
      { id: 'group:x->y', source: 'group:x', target: 'y', reasons: [] },
    ];
    const cols = wire(encodeEdges(edges));
    expect('table' in cols.source).toBe(true);
    expect(decodeEdges(cols)).toEqual(edges);
  });

  it('keeps repeated strings as a table, gives up early on distinct ones, and round-trips both (unicode too)', () => {
    const nodes = [
      ...Array.from({ length: 300 }, (_, i) =>
        node(i, {
          data: {
            toolName: i % 2 ? 'shell' : 'fïle ✓',
            toolCallId: `call-${i}-𝄞`,
            error: i % 5 ? null : 'boom',
          },
        }),
      ),
      node(300, { kind: 'job', label: 'j', data: { launches: [{ seq: 1 }] }, stale: true, missing: true }),
    ];
    const cols = wire(encodeNodes(nodes));
    expect('values' in cols.kinds[0]!.data['toolCallId']!).toBe(true);
    expect('table' in cols.kinds[0]!.data['toolName']!).toBe(true);
    expect('table' in cols.kinds[0]!.data['error']!).toBe(true);
    const dropNulls = (n: LineageNode) => ({
      ...n,
      data: Object.fromEntries(Object.entries(n.data).filter(([, v]) => v !== null)),
    });
    expect(decodeNodes(cols).map(fromWireNode)).toEqual(nodes.map(dropNulls));

    const edges: LineageEdge[] = [
      ...nodes.map((n) => ({
        id: `session:s->${n.id}`,
        source: 'session:s',
        target: n.id,
        reasons: ['session_id' as const],
      })),
      { id: 'odd', source: 'job:a', target: 'artifact:b', reasons: ['job_id', 'expected_artifacts'] },
      { id: 'job:a->artifact:c', source: 'job:a', target: 'artifact:c', reasons: [] },
    ];
    const back = decodeEdges(wire(encodeEdges(edges)));
    expect(back).toEqual(edges);
    // Edges with the same reasons share one (frozen) list on the page.
    expect(back[0]!.reasons).toBe(back[1]!.reasons);
    expect(Object.isFrozen(back[0]!.reasons)).toBe(true);
  });

  it('name their message’s rows and nodes by position, in the order decoded, and refuse one it does not carry', () => {
    const job: LineageNode = { ...node(9), id: 'job:j', kind: 'job', eventIds: ['e9a', 'not-here'] };
    const index = new Map<string, number>();
    const rows = ['e2a', 'e9a', 'e1a', 'e1b'];
    const cols = encodeNodes(
      [node(1), job, node(2)],
      index,
      rowsBy((id) => (rows.indexOf(id) >= 0 ? rows.indexOf(id) : undefined)),
    );
    // Kind by kind: the two tool calls, then the job.
    expect([...index]).toEqual([
      ['tool:1', 0],
      ['tool:2', 1],
      ['job:j', 2],
    ]);
    expect(nodeIdsOf(cols)).toEqual(['tool:1', 'tool:2', 'job:j']);
    const wire = () => JSON.parse(JSON.stringify(cols)) as NodeColumns;
    expect(wire().kinds.map((k) => k.eventIds)).toEqual([
      [
        [2, 3],
        [0, 'e2b'],
      ],
      [[1, 'not-here']],
    ]);
    expect(decodeNodes(wire(), rows).map((n) => n.eventIds)).toEqual([
      ['e1a', 'e1b'],
      ['e2a', 'e2b'],
      ['e9a', 'not-here'],
    ]);
    expect(() => decodeNodes(wire(), rows.slice(0, 2))).toThrow(
      'a node refers to timeline row #2, not in its message',
    );
    expect(() => decodeNodes(wire())).toThrow(/not in its message/);

    const edges = JSON.parse(
      JSON.stringify(
        encodeEdges([{ id: 'job:j->tool:2', source: 'job:j', target: 'tool:2', reasons: [] }], index),
      ),
    );
    expect(edges.target).toEqual([1]);
    expect(decodeEdges(edges, nodeIdsOf(cols))[0]).toMatchObject({ id: 'job:j->tool:2', target: 'tool:2' });
    expect(() => decodeEdges(edges, [])).toThrow('an edge refers to node #1, not in its message');
  });
});
