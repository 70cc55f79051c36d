import { describe, expect, it } from 'vitest';
import {
  encodeTimeline,
  TimelineEncoder,
  type TimelineRow,
} from '../../../../src-shared/bridge/timeline-columns';
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { testNode } from '../../../../src-shared/lineage/test-support/lineage-fixtures';
import { chainGrowth } from '../../state/growth-chain';
import type { Growth } from '../../state/session-data';
import { Timeline } from '../../state/timeline';
import { buildTimeScale } from './time-scale';
import { buildTimelineModel, timelineModelOf, toolSpanOf } from './timeline-model';

const row = (seq: number, kind: string, eventId: string): TimelineRow => ({
  eventId,
  kind,
  seq,
  t: 1000 * seq,
  lineNo: seq,
  byteOffset: 100 * seq,
  byteLength: 99,
  nodeId: null,
  actor: null,
});

describe('toolSpanOf', () => {
  // 1,200 rows, calls at odd seqs and results at even ones; a node names the two it pairs.
  const rows: TimelineRow[] = [];
  for (let seq = 1; seq <= 1200; seq++) rows.push(row(seq, seq % 2 ? 'tool_call' : 'tool_result', `e${seq}`));
  const timeline = Timeline.fromColumns(encodeTimeline(rows));
  const node = (eventIds: string[]) => ({ eventIds }) as unknown as LineageNode;

  it('spans a call to its result, near it or far from it, from the row on screen', () => {
    expect(toolSpanOf(timeline, node(['e11', 'e14']), 10)).toEqual({ start: 11_000, end: 14_000 });
    expect(toolSpanOf(timeline, node(['e11', 'e700']), 10)).toEqual({ start: 11_000, end: 700_000 });
  });

  it('leaves a call without its result open', () => {
    expect(toolSpanOf(timeline, node(['e11', 'missing']), 10)).toEqual({ start: 11_000, end: null });
  });
});

describe('timelineModelOf, when the node of a lane changes its label in place', () => {
  /** A job's and a subagent's events, and their nodes as the page holds them (changed in place). */
  function session() {
    const rows = [1, 2, 3, 4].map((seq) => ({
      ...row(seq, 'subagent_observation', `e${seq}`),
      nodeId: seq % 2 ? 'job:j1' : 'subagent:a',
    }));
    const timeline = Timeline.fromColumns(encodeTimeline(rows));
    const nodes = new Map<string, LineageNode>([
      ['job:j1', testNode('job:j1', { kind: 'job', label: 'j1', seq: 1 })],
      ['subagent:a', testNode('subagent:a', { kind: 'subagent', label: 'subagent', seq: 2 })],
    ]);
    const relabel = (id: string, label: string) => {
      const was = nodes.get(id)!;
      nodes.set(id, { ...was, label });
      return was;
    };
    return { timeline, nodes, relabel };
  }
  const step = (last: Growth | null, from: number, changedInPlace: LineageNode[]) =>
    chainGrowth(last, { from, nodes: [], edges: [], removedNodes: [], removedEdges: [], changedInPlace });
  const labels = (m: { lanes: { nodeId: string; label: string }[] }) =>
    m.lanes.map((l) => [l.nodeId, l.label]);

  it('renames the lane instead of building the model again', () => {
    const s = session();
    const before = timelineModelOf(s.timeline, s.nodes, 1, null);
    expect(labels(before)).toEqual([
      ['job:j1', 'j1'],
      ['subagent:a', 'subagent'],
    ]);
    const lane = before.lanes[1];
    const after = timelineModelOf(
      s.timeline,
      s.nodes,
      2,
      step(null, 1, [s.relabel('subagent:a', 'planner')]),
    );
    expect(labels(after)).toEqual([
      ['job:j1', 'j1'],
      ['subagent:a', 'planner'],
    ]);
    expect(after.lanes[1]).toBe(lane); // kept, not rebuilt
    expect(after.times).toBe(before.times);
  });

  it('renames it over versions it was not asked for (growth chain), and a reshape rebuilds', () => {
    const s = session();
    const first = timelineModelOf(s.timeline, s.nodes, 10, null);
    const g11 = step(null, 10, [s.relabel('job:j1', 'train')]);
    const g12 = step(g11, 11, []);
    const skipped = timelineModelOf(s.timeline, s.nodes, 12, g12);
    expect(labels(skipped)[0]).toEqual(['job:j1', 'train']);
    expect(skipped.times).toBe(first.times);

    s.relabel('job:j1', 'eval');
    const rebuilt = timelineModelOf(s.timeline, s.nodes, 13, null);
    expect(labels(rebuilt)[0]).toEqual(['job:j1', 'eval']);
    expect(rebuilt.times).not.toBe(first.times);
  });
});

describe('timelineModelOf, live rows whose times sort among those held (two processes writing)', () => {
  it('extends the model in place and draws what a model built afresh draws', () => {
    // Two writers with their own seq counters and clocks 200 s apart: seq order is not time order.
    const rows: TimelineRow[] = [];
    for (let line = 1; line <= 300; line++) {
      const writer = Math.floor(line / 7) % 2;
      const seq = Math.ceil(line / 2);
      rows.push({
        ...row(seq, writer ? 'compute_job_launched' : 'tool_call', `e${line}`),
        lineNo: line,
        t: 1_000_000 + line * 1000 + (writer ? 200_000 : 0) + (line > 150 ? 600_000 : 0),
        // Lanes whose first marks come from either writer: a late one can move a lane's start.
        nodeId: line % 3 === 0 ? (line > 120 ? 'subagent:late' : 'job:j2') : writer ? 'job:j1' : null,
      });
    }
    const nodes = new Map<string, LineageNode>(
      (['job:j1', 'job:j2', 'subagent:late'] as const).map((id, i) => [
        id,
        testNode(id, { kind: id.startsWith('job') ? 'job' : 'subagent', label: id, seq: i + 1 }),
      ]),
    );
    let timeline = Timeline.fromColumns(encodeTimeline(rows.slice(0, 100)));
    const first = timelineModelOf(timeline, nodes, 1, null);
    for (let i = 100; i < rows.length; i += 2) {
      const encoder = new TimelineEncoder();
      for (const r of rows.slice(i, i + 2)) encoder.push(r);
      encoder.markFresh();
      timeline = timeline.merge(encoder.finish());
      const model = timelineModelOf(timeline, nodes, 1, null);
      // The axis is drawn from the sorted times after every append, as a fresh model's would be.
      const fresh = buildTimelineModel(timeline, nodes);
      expect(model.times).toEqual(fresh.times);
      expect(model.first).toBe(fresh.first);
      const [drawn, again] = [buildTimeScale(model.times, 800), buildTimeScale(fresh.times.slice(), 800)];
      expect(drawn.segments).toEqual(again.segments);
      expect(model.lanes.map((l) => [l.nodeId, l.start, l.end, l.marks.length])).toEqual(
        fresh.lanes.map((l) => [l.nodeId, l.start, l.end, l.marks.length]),
      );
    }
    const last = timelineModelOf(timeline, nodes, 1, null);
    expect(last.times).toBe(first.times); // extended, never rebuilt
    // A lane both writers' events are on has marks out of time order, and says so (laneView).
    expect(last.lanes.find((l) => l.nodeId === 'job:j2')?.unsorted).toBe(true);
    expect(last.lanes.find((l) => l.nodeId === 'job:j1')?.unsorted).toBeUndefined();
  });
});

describe('timelineModelOf, a live append that adds no lane', () => {
  it('keeps the lanes list itself (its lanes extended in place), and makes a new one for a new lane', () => {
    // A cluster job's launches: every append extends the one lane of thousands of others.
    const rows: TimelineRow[] = [];
    for (let seq = 1; seq <= 40; seq++)
      rows.push({ ...row(seq, 'compute_job_launched', `e${seq}`), nodeId: seq % 2 ? 'job:c' : null });
    const nodes = new Map<string, LineageNode>([
      ['job:c', testNode('job:c', { kind: 'job', label: 'c', seq: 1 })],
      ['subagent:s', testNode('subagent:s', { kind: 'subagent', label: 's', seq: 41 })],
    ]);
    const append = (timeline: Timeline, extra: TimelineRow[]) => {
      const encoder = new TimelineEncoder();
      for (const r of extra) encoder.push(r);
      encoder.markFresh();
      return timeline.merge(encoder.finish());
    };
    let timeline = Timeline.fromColumns(encodeTimeline(rows.slice(0, 20)));
    const first = timelineModelOf(timeline, nodes, 1, null);
    const lanes = first.lanes;
    for (let i = 20; i < 40; i += 4) {
      timeline = append(timeline, rows.slice(i, i + 4));
      const model = timelineModelOf(timeline, nodes, 1, null);
      expect(model).not.toBe(first);
      expect(model.lanes).toBe(lanes); // not a copy per append
      expect(model.lanes[0]!.marks).toHaveLength((i + 4) / 2);
      expect(model.lanes[0]!.unsorted).toBeUndefined();
    }
    timeline = append(timeline, [{ ...row(41, 'subagent_spawned', 'e41'), nodeId: 'subagent:s' }]);
    const withLane = timelineModelOf(timeline, nodes, 1, null);
    expect(withLane.lanes).not.toBe(lanes);
    expect(withLane.lanes.map((l) => l.nodeId)).toEqual(['job:c', 'subagent:s']);
  });
});
