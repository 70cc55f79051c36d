/**
 * What the timeline draws, derived once per change of the timeline or the graph: each event's
 * time, tool calls paired with their results (by node), and the lanes of jobs and subagents.
 */
import type { TimelineEntry } from '../../../../src-shared/bridge/contract';
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { parseTs } from '../../shared/format';

export interface Span {
  start: number;
  end: number | null;
}

export interface LaneMark {
  t: number;
  kind: string;
  eventId: string;
}

export interface Lane {
  nodeId: string;
  kind: 'job' | 'subagent';
  label: string;
  start: number;
  end: number;
  marks: LaneMark[];
}

export interface TimelineModel {
  times: number[];
  /** Tool-call node id → call time and result time. */
  toolSpans: Map<string, Span>;
  lanes: Lane[];
  first: number | null;
}

export function buildTimelineModel(
  timeline: readonly TimelineEntry[],
  nodes: ReadonlyMap<string, LineageNode>,
): TimelineModel {
  const times: number[] = [];
  const toolSpans = new Map<string, Span>();
  const laneMap = new Map<string, Lane>();
  for (const e of timeline) {
    const t = parseTs(e.ts);
    if (t === null) continue;
    times.push(t);
    if (!e.nodeId) continue;
    if (e.kind === 'tool_call') {
      const s = toolSpans.get(e.nodeId);
      toolSpans.set(e.nodeId, { start: t, end: s?.end ?? null });
    } else if (e.kind === 'tool_result') {
      const s = toolSpans.get(e.nodeId);
      toolSpans.set(e.nodeId, { start: s?.start ?? t, end: t });
    }
    const node = nodes.get(e.nodeId);
    if (node && (node.kind === 'job' || node.kind === 'subagent')) {
      let lane = laneMap.get(node.id);
      if (!lane)
        laneMap.set(
          node.id,
          (lane = { nodeId: node.id, kind: node.kind, label: node.label, start: t, end: t, marks: [] }),
        );
      lane.start = Math.min(lane.start, t);
      lane.end = Math.max(lane.end, t);
      lane.marks.push({ t, kind: e.kind, eventId: e.eventId });
    }
  }
  times.sort((a, b) => a - b);
  const lanes = [...laneMap.values()].sort((a, b) => a.start - b.start);
  return { times, toolSpans, lanes, first: times[0] ?? null };
}
