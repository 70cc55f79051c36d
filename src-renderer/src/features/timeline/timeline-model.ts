/**
 * What the timeline draws, derived once per change of the timeline or the graph: each event's
 * time, tool calls paired with their results (by node), and the lanes of jobs and subagents.
 */
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { stepsSince } from '../../state/growth-chain';
import type { Growth } from '../../state/session-data';
import type { Timeline } from '../../state/timeline';
import { itself, upperBound } from '../../../../src-shared/collections/sorted-search';
import { addToRuns, forgetRuns } from './time-scale';

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
  /** In the order their events came, which is their time order unless `unsorted`. */
  marks: LaneMark[];
  /** A mark came with an earlier time than the one before it (two processes writing). */
  unsorted?: true;
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
  for (let i = 0; i < timeline.length; i++)
    addRow(
      model.times,
      laneMap,
      nodes,
      timeline.t(i),
      timeline.kind(i),
      timeline.nodeId(i),
      timeline.eventId(i),
    );
  if (!isSorted(model.times)) model.times.sort((a, b) => a - b);
  return finish(model.times, laneMap);
}

/**
 * The model of `times` and the lanes; `sortedLanes`: the lanes in order already (a live append
 * that added no lane and moved none's start: re-sorting thousands of lanes was ~0.4 ms an append).
 * That list is the model's as it is, not a copy: its lanes change in place anyway (a copy of a
 * long session's ~15,000 lanes on every append was a fifth of what the page allocated while
 * written, issue 8).
 */
function finish(
  times: number[],
  laneMap: Map<string, Lane>,
  sortedLanes: Lane[] | null = null,
): TimelineModel {
  const lanes = sortedLanes ?? [...laneMap.values()].sort((a, b) => a.start - b.start);
  const model = { times, lanes, first: times[0] ?? null };
  lanesOf.set(model, laneMap);
  return model;
}

const lanesOf = new WeakMap<TimelineModel, Map<string, Lane>>();

/**
 * Adds a row's time (unsorted: see isSorted) and its mark on its lane, if its node has one; true
 * when that made a lane or moved a lane's start (the lanes' order may change).
 */
function addRow(
  times: number[],
  laneMap: Map<string, Lane>,
  nodes: ReadonlyMap<string, LineageNode>,
  t: number | null,
  kind: string,
  nodeId: string | null,
  eventId: string,
): boolean {
  if (t === null) return false;
  times.push(t);
  // Only jobs and subagents have lanes: look the node up for those events alone (node ids say
  // their kind: src-shared/lineage/sciagent/membership.ts).
  if (!nodeId || (!nodeId.startsWith('job:') && !nodeId.startsWith('subagent:'))) return false;
  const node = nodes.get(nodeId);
  if (!node || (node.kind !== 'job' && node.kind !== 'subagent')) return false;
  const lane = laneMap.get(node.id);
  if (!lane) {
    laneMap.set(node.id, {
      nodeId: node.id,
      kind: node.kind,
      label: node.label,
      start: t,
      end: t,
      marks: [{ t, kind, eventId }],
    });
    return true;
  }
  lane.end = Math.max(lane.end, t);
  if (t < lane.marks[lane.marks.length - 1]!.t) lane.unsorted = true;
  lane.marks.push({ t, kind, eventId });
  if (t >= lane.start) return false;
  lane.start = t;
  return true;
}

function isSorted(times: readonly number[], from = 0): boolean {
  for (let i = Math.max(1, from); i < times.length; i++) if (times[i - 1]! > times[i]!) return false;
  return true;
}

/**
 * Puts the times pushed at `from`… in their places among the sorted ones before them: a few (rows
 * that sort among those held: a session two processes write) each by a binary search — and into
 * the axis's runs found in the array (addToRuns) —, many by a sort (the runs are then forgotten).
 */
function placeTimes(times: number[], from: number): void {
  if (isSorted(times, from)) return;
  const added = times.splice(from).sort((a, b) => a - b);
  if (added.length > 64) {
    for (const t of added) times.push(t);
    times.sort((a, b) => a - b);
    forgetRuns(times);
  } else {
    for (const t of added) times.splice(upperBound(times, t, itself), 0, t);
    addToRuns(times, from, added);
  }
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
    // The rows added since, in the order they came (they may sort among the others).
    let reordered = false;
    timeline.eachArrived(prev.timeline.length, (t, kind, nodeId, eventId) => {
      if (addRow(times, laneMap, nodes, t, kind, nodeId, eventId)) reordered = true;
    });
    placeTimes(times, before);
    model = finish(times, laneMap, reordered ? null : prev.model.lanes);
  }
  model ??= buildTimelineModel(timeline, nodes);
  last = { timeline, nodes, structure, model };
  return model;
}
