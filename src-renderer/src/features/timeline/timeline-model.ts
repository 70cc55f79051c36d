/**
 * What the timeline draws, derived once per change of the timeline or the graph: each event's
 * time, tool calls paired with their results (by node), and the lanes of jobs and subagents.
 */
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { stepsSince } from '../../state/growth-chain';
import type { Growth } from '../../state/session-data';
import type { Timeline } from '../../state/timeline';

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
  lanes: Lane[];
  first: number | null;
}

/**
 * A tool call's call time and result time, from its node's events (for the rows on screen only:
 * a map of every call's span cost a big session half a second per update). `row` is the row of
 * one of them (the one on screen): the others are looked for near it first.
 */
export function toolSpanOf(timeline: Timeline, node: LineageNode, row: number): Span | undefined {
  const rows: number[] = [];
  for (const id of node.eventIds) {
    const i = timeline.indexNear(id, row);
    if (i >= 0) rows.push(i);
  }
  rows.sort((a, b) => a - b);
  let span: Span | undefined;
  for (const i of rows) {
    const t = timeline.t(i);
    if (t === null) continue;
    const kind = timeline.kind(i);
    if (kind === 'tool_call') span = { start: t, end: span?.end ?? null };
    else if (kind === 'tool_result') span = { start: span?.start ?? t, end: t };
  }
  return span;
}

export function buildTimelineModel(
  timeline: Timeline,
  nodes: ReadonlyMap<string, LineageNode>,
): TimelineModel {
  const model: TimelineModel = { times: [], lanes: [], first: null };
  const laneMap = new Map<string, Lane>();
  if (!addRows(model.times, laneMap, timeline, 0, nodes)) model.times.sort((a, b) => a - b);
  return finish(model.times, laneMap);
}

function finish(times: number[], laneMap: Map<string, Lane>): TimelineModel {
  const lanes = [...laneMap.values()].sort((a, b) => a.start - b.start);
  const model = { times, lanes, first: times[0] ?? null };
  lanesOf.set(model, laneMap);
  return model;
}

const lanesOf = new WeakMap<TimelineModel, Map<string, Lane>>();

/** Adds rows `from`… of `timeline`; returns false when a time came out of order (sort them). */
function addRows(
  times: number[],
  laneMap: Map<string, Lane>,
  timeline: Timeline,
  from: number,
  nodes: ReadonlyMap<string, LineageNode>,
): boolean {
  let sorted = true;
  for (let i = from; i < timeline.length; i++) {
    const t = timeline.t(i);
    if (t === null) continue;
    if (sorted && times.length && times[times.length - 1]! > t) sorted = false;
    times.push(t);
    const nodeId = timeline.nodeId(i);
    if (!nodeId) continue;
    // Only jobs and subagents have lanes: look the node up for those events alone (node ids say
    // their kind: src-shared/lineage/sciagent/membership.ts).
    if (!nodeId.startsWith('job:') && !nodeId.startsWith('subagent:')) continue;
    const kind = timeline.kind(i);
    const node = nodes.get(nodeId);
    if (node && (node.kind === 'job' || node.kind === 'subagent')) {
      let lane = laneMap.get(node.id);
      if (!lane)
        laneMap.set(
          node.id,
          (lane = { nodeId: node.id, kind: node.kind, label: node.label, start: t, end: t, marks: [] }),
        );
      lane.start = Math.min(lane.start, t);
      lane.end = Math.max(lane.end, t);
      lane.marks.push({ t, kind, eventId: timeline.eventId(i) });
    }
  }
  return sorted;
}

let last: {
  timeline: Timeline;
  nodes: ReadonlyMap<string, LineageNode>;
  structure: number;
  model: TimelineModel;
} | null = null;

/**
 * `buildTimelineModel`, extended by the rows a live append added instead of redone (a 100k-event
 * session: ~4 ms per append saved). `structure` and `growth` come from SessionData: lanes carry
 * node labels, so a lane whose node changed its label in place is renamed, and a reshaped graph
 * is built again.
 */
export function timelineModelOf(
  timeline: Timeline,
  nodes: ReadonlyMap<string, LineageNode>,
  structure: number,
  growth: Growth | null,
): TimelineModel {
  const prev = last;
  if (prev && prev.timeline === timeline && prev.nodes === nodes && prev.structure === structure)
    return prev.model;
  let model: TimelineModel | null = null;
  const laneMap = prev ? lanesOf.get(prev.model) : undefined;
  // The growths since the model was made: lanes were added as rows came, renamed here.
  const steps =
    prev && prev.structure !== structure && growth !== null ? stepsSince(growth, prev.structure) : null;
  if (
    prev &&
    laneMap &&
    prev.nodes === nodes &&
    timeline.extends(prev.timeline) &&
    (prev.structure === structure || steps !== null)
  ) {
    // The previous model's arrays and lanes are reused: it is not looked at again.
    for (const step of steps ?? [])
      for (const was of step.changedInPlace) {
        const lane = laneMap.get(was.id);
        const label = nodes.get(was.id)?.label;
        if (lane && label !== undefined) lane.label = label;
      }
    const times = prev.model.times;
    const before = times.length;
    if (addRows(times, laneMap, timeline, prev.timeline.length, nodes)) model = finish(times, laneMap);
    else times.length = before;
  }
  model ??= buildTimelineModel(timeline, nodes);
  last = { timeline, nodes, structure, model };
  return model;
}
