/**
 * One lane per compute job and subagent over the same compressed time axis: a job's lane is split
 * into its statuses (coloured by meaning), with a diamond at each launch. Windowed, because a
 * long session can have thousands of jobs. While a log is written the lanes are drawn again at
 * most every LANE_REDRAW_MS (see SwimLanes).
 */
import { memo, useCallback } from 'react';
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { formatDuration } from '../../shared/format';
import { VirtualList } from '../../shared/VirtualList';
import { useThrottled } from '../../shared/use-throttled';
import { useAppStore } from '../../state/store';
import { jobData, jobStatusTone } from '../graph/node-data';
import { snap, snapSpan } from './pixels';
import type { TimeScale } from './time-scale';
import type { Lane, LaneMark } from './timeline-model';

const LANE_HEIGHT = 22;
const MAX_VISIBLE_LANES = 6;
/**
 * Lanes follow a live log at most this often. A cluster job's lane has a mark for each of its
 * thousands of launches and status changes, and every append that moves the time axis moved them
 * all: ~10% of the page's main thread while a one-cluster session was written (100 lines a
 * second). Between two drawings the axis grows by less than a pixel in any session worth a lane.
 */
const LANE_REDRAW_MS = 250;

interface Piece {
  left: number;
  width: number;
  tone: string;
  title: string;
}

/** What a lane draws, in snapped pixels: compared by value, so an unchanged lane skips its render. */
interface LaneView {
  nodeId: string;
  kind: Lane['kind'];
  label: string;
  status: string | null;
  durationMs: number;
  bar: { left: number; width: number };
  segments: Piece[];
  diamonds: { key: string; left: number; title: string }[];
}

export function laneView(lane: Lane, node: LineageNode | undefined, scale: TimeScale): LaneView {
  const job = node?.kind === 'job' ? jobData(node) : null;
  const statusOf = new Map<string | null, string | null>();
  for (const s of job?.statusHistory ?? []) if (!statusOf.has(s.eventId)) statusOf.set(s.eventId, s.status);
  const segments: Piece[] = [];
  const diamonds: LaneView['diamonds'] = [];
  const marks = lane.marks;
  // Pieces start at the first mark whose status the node lists (it lists the newest few: a
  // cluster job's last ~200 of tens of thousands); before it only diamonds are drawn, and in time
  // order those are found a diamond at a time (launchDiamonds), not a mark at a time.
  const from = lane.unsorted ? 0 : firstWithStatus(marks, statusOf);
  const state: DiamondState = { from: Number.NEGATIVE_INFINITY };
  if (from > 0) launchDiamonds(marks, from, scale, diamonds, state);
  // One pass over the rest. Status segments run from each status event to the next mark; a
  // diamond is at each launch.
  let pieceX = 0;
  let status: string | null = null;
  for (let i = from; i < marks.length; i++) {
    const m = marks[i]!;
    const x = scale.toX(m.t);
    if (status !== null) pushPiece(segments, pieceX, x, status);
    const s = statusOf.size ? (statusOf.get(m.eventId) ?? null) : null;
    if (s) status = s;
    pieceX = x;
    if (isLaunch(m)) addDiamond(diamonds, state, m, snap(x - 4));
  }
  return {
    nodeId: lane.nodeId,
    kind: lane.kind,
    label: lane.label,
    status: job?.status ?? null,
    durationMs: lane.end - lane.start,
    bar: snapSpan(scale.toX(lane.start), scale.toX(lane.end), 4),
    segments,
    diamonds,
  };
}

const isLaunch = (m: LaneMark) => m.kind === 'compute_job_launched' || m.kind === 'subagent_spawned';

/** Where the last diamond began its MIN_GAP (not where its replacement is: they would creep). */
interface DiamondState {
  from: number;
}

/**
 * The diamond of launch `m` at `left`: it replaces the last one when within MIN_GAP of where that
 * one began (the one changed, not made again: a cluster job's lane has tens of thousands of
 * launches, nearly all replaced), else it is the next.
 */
function addDiamond(diamonds: LaneView['diamonds'], state: DiamondState, m: LaneMark, left: number): void {
  const last = diamonds[diamonds.length - 1];
  if (last && left < state.from + MIN_GAP) {
    last.key = m.eventId;
    last.left = left;
    last.title = m.kind;
  } else {
    state.from = left;
    diamonds.push({ key: m.eventId, left, title: m.kind });
  }
}

/** Where a lane's pieces start: its first mark with a listed status (`marks.length`: none). */
function firstWithStatus(
  marks: readonly LaneMark[],
  statusOf: ReadonlyMap<string | null, string | null>,
): number {
  if (statusOf.size === 0) return marks.length;
  let first = marks.length;
  // From the end: the listed statuses are the newest.
  for (let i = marks.length - 1, left = statusOf.size; i >= 0 && left > 0; i--) {
    const status = statusOf.get(marks[i]!.eventId);
    if (status === undefined) continue;
    left--;
    if (status) first = i;
  }
  return first;
}

/**
 * The diamonds of the launches among `marks[0, end)` (in time order), as addDiamond would make
 * them one launch after another: a diamond's launch is the last one within MIN_GAP of the first
 * of its run, found by a binary search (x grows with time), so a lane of tens of thousands of
 * launches costs a search per diamond drawn (a few hundred), not a position per launch.
 */
function launchDiamonds(
  marks: readonly LaneMark[],
  end: number,
  scale: TimeScale,
  diamonds: LaneView['diamonds'],
  state: DiamondState,
): void {
  const leftAt = (i: number) => snap(scale.toX(marks[i]!.t) - 4);
  let i = 0;
  while (i < end && !isLaunch(marks[i]!)) i++;
  while (i < end) {
    addDiamond(diamonds, state, marks[i]!, leftAt(i));
    // The last mark still within MIN_GAP of where this diamond began…
    const bound = state.from + MIN_GAP;
    let lo = i;
    let hi = end - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (leftAt(mid) < bound) lo = mid;
      else hi = mid - 1;
    }
    // …and the last launch up to it stands for them all.
    let j = lo;
    while (j > i && !isLaunch(marks[j]!)) j--;
    if (j > i) addDiamond(diamonds, state, marks[j]!, leftAt(j));
    i = lo + 1;
    while (i < end && !isLaunch(marks[i]!)) i++;
  }
}

/*
 * A lane draws at most a piece and a diamond every MIN_GAP px: a cluster job's lane has a mark for each
 * launch and status change of the session (thousands), and drew a span for each, re-laid out on
 * every live append that changed the job (~1 s of layout and compositing in 5 s of appends).
 */

/** Pieces closer than this (px) are drawn as one; so are diamonds (8 px wide: they overlap anyway). */
const MIN_GAP = 2;

/**
 * Adds the piece of `status` from x0 to x1 (at least 2 px wide, snapped), merged into the last one
 * when it starts next to where that one does or goes on its tone.
 */
function pushPiece(pieces: Piece[], x0: number, x1: number, status: string): void {
  const left = snap(x0);
  const width = snap(x0 + Math.max(2, x1 - x0)) - left;
  const tone = jobStatusTone(status);
  const last = pieces[pieces.length - 1];
  if (last && (left < last.left + MIN_GAP || (tone === last.tone && left <= last.left + last.width))) {
    last.width = Math.max(last.left + last.width, left + width) - last.left;
    last.tone = tone;
    last.title = status;
  } else pieces.push({ left, width, tone, title: status });
}

function sameList<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): boolean {
  return a.length === b.length && a.every((x, i) => same(x, b[i]!));
}

function sameLane(a: { view: LaneView; selected: boolean }, b: { view: LaneView; selected: boolean }) {
  const x = a.view;
  const y = b.view;
  return (
    a.selected === b.selected &&
    x.nodeId === y.nodeId &&
    x.kind === y.kind &&
    x.label === y.label &&
    x.status === y.status &&
    x.durationMs === y.durationMs &&
    x.bar.left === y.bar.left &&
    x.bar.width === y.bar.width &&
    sameList(
      x.segments,
      y.segments,
      (p, q) => p.left === q.left && p.width === q.width && p.tone === q.tone && p.title === q.title,
    ) &&
    sameList(x.diamonds, y.diamonds, (p, q) => p.key === q.key && p.left === q.left && p.title === q.title)
  );
}

const LaneRow = memo(function LaneRow({ view, selected }: { view: LaneView; selected: boolean }) {
  return (
    <div
      className={`tl-lane${selected ? ' is-selected' : ''}`}
      style={{ height: LANE_HEIGHT }}
      onClick={() => useAppStore.getState().selectNode(view.nodeId)}
    >
      <span className="tl-lane-label">
        <span className="faint">{view.kind === 'job' ? 'job' : 'subagent'}</span>{' '}
        <span className="mono">{view.label}</span>
        {view.status && <span className={`text-${jobStatusTone(view.status)}`}> {view.status}</span>}
        <span className="faint"> · {formatDuration(view.durationMs)}</span>
      </span>
      <span className="tl-track">
        <span className={`tl-lane-bar kind-${view.kind}`} style={view.bar} />
        {view.segments.map((s, i) => (
          <span
            key={i}
            className={`tl-lane-seg tone-${s.tone}`}
            style={{ left: s.left, width: s.width }}
            title={s.title}
          />
        ))}
        {/* By place, as the pieces are: a diamond stands for the newest launch near its x, which
            changes as the axis grows, and keyed by that launch every redraw of a cluster job's
            lane took out and put in its hundreds of diamonds (only their `left` changes). */}
        {view.diamonds.map((d, i) => (
          <span key={i} className="tl-diamond" style={{ left: d.left }} title={d.title} />
        ))}
      </span>
    </div>
  );
}, sameLane);

interface SwimLanesProps {
  lanes: Lane[];
  nodes: ReadonlyMap<string, LineageNode>;
  /** The node map changes in place: this says when (a job's status). */
  revision: number;
  scale: TimeScale;
  selectedNodeId: string | null;
}

/**
 * The lanes as of at most LANE_REDRAW_MS ago while a log is written; at once when the reader does
 * something (selects, resizes the track), another session is shown or a lane comes or goes.
 */
export function SwimLanes(props: SwimLanesProps) {
  const drawn = useThrottled(props, LANE_REDRAW_MS, readerMoved);
  return <LaneList {...drawn} />;
}

const readerMoved = (shown: SwimLanesProps, next: SwimLanesProps) =>
  shown.selectedNodeId !== next.selectedNodeId ||
  shown.nodes !== next.nodes ||
  shown.scale.width !== next.scale.width ||
  shown.lanes.length !== next.lanes.length;

const LaneList = memo(function LaneList(props: SwimLanesProps) {
  const { lanes, nodes, revision, scale, selectedNodeId } = props;
  // Lanes are extended in place by live appends: each render reads them afresh (laneView), and
  // LaneRow compares what that gives.
  const renderRow = useCallback(
    (i: number) => {
      const lane = lanes[i]!;
      return (
        <LaneRow
          key={lane.nodeId}
          view={laneView(lane, nodes.get(lane.nodeId), scale)}
          selected={selectedNodeId === lane.nodeId}
        />
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the maps change in place
    [lanes, nodes, scale, selectedNodeId, revision],
  );
  if (lanes.length === 0) return null;
  return (
    <div
      className="tl-lanes"
      aria-label="Jobs and subagents"
      style={{ height: Math.min(lanes.length, MAX_VISIBLE_LANES) * LANE_HEIGHT + 4 }}
    >
      <VirtualList count={lanes.length} rowHeight={LANE_HEIGHT} renderRow={renderRow} ariaLabel="Lanes" />
    </div>
  );
});
