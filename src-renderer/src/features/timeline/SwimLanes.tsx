/**
 * One lane per compute job and subagent over the same compressed time axis: a job's lane is split
 * into its statuses (coloured by meaning), with a diamond at each launch. Windowed, because a
 * long session can have thousands of jobs.
 */
import { useCallback } from 'react';
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { formatDuration } from '../../shared/format';
import { VirtualList } from '../../shared/VirtualList';
import { useAppStore } from '../../state/store';
import { jobData, jobStatusTone } from '../graph/node-data';
import type { TimeScale } from './time-scale';
import type { Lane } from './timeline-model';

const LANE_HEIGHT = 22;
const MAX_VISIBLE_LANES = 6;

function statusAt(node: LineageNode | undefined, eventId: string): string | null {
  if (!node || node.kind !== 'job') return null;
  return jobData(node).statusHistory.find((s) => s.eventId === eventId)?.status ?? null;
}

function LaneRow(props: { lane: Lane; node: LineageNode | undefined; scale: TimeScale; selected: boolean }) {
  const { lane, node, scale } = props;
  const status = node?.kind === 'job' ? jobData(node).status : null;
  const x0 = scale.toX(lane.start);
  const x1 = scale.toX(lane.end);
  // Status segments: from each status event to the next mark.
  const segments: { x0: number; x1: number; tone: string; title: string }[] = [];
  let current: { x: number; status: string } | null = null;
  for (const m of lane.marks) {
    const x = scale.toX(m.t);
    const s = statusAt(node, m.eventId);
    if (current)
      segments.push({ x0: current.x, x1: x, tone: jobStatusTone(current.status), title: current.status });
    current = s ? { x, status: s } : current && { x, status: current.status };
  }
  return (
    <div
      className={`tl-lane${props.selected ? ' is-selected' : ''}`}
      style={{ height: LANE_HEIGHT }}
      onClick={() => useAppStore.getState().selectNode(lane.nodeId)}
    >
      <span className="tl-lane-label">
        <span className="faint">{lane.kind === 'job' ? 'job' : 'subagent'}</span>{' '}
        <span className="mono">{lane.label}</span>
        {status && <span className={`text-${jobStatusTone(status)}`}> {status}</span>}
        <span className="faint"> · {formatDuration(lane.end - lane.start)}</span>
      </span>
      <span className="tl-track">
        <span className={`tl-lane-bar kind-${lane.kind}`} style={{ left: x0, width: Math.max(4, x1 - x0) }} />
        {segments.map((s, i) => (
          <span
            key={i}
            className={`tl-lane-seg tone-${s.tone}`}
            style={{ left: s.x0, width: Math.max(2, s.x1 - s.x0) }}
            title={s.title}
          />
        ))}
        {lane.marks
          .filter((m) => m.kind === 'compute_job_launched' || m.kind === 'subagent_spawned')
          .map((m) => (
            <span
              key={m.eventId}
              className="tl-diamond"
              style={{ left: scale.toX(m.t) - 4 }}
              title={m.kind}
            />
          ))}
      </span>
    </div>
  );
}

export function SwimLanes(props: {
  lanes: Lane[];
  nodes: ReadonlyMap<string, LineageNode>;
  /** The node map changes in place: this says when (a job's status). */
  revision: number;
  scale: TimeScale;
  selectedNodeId: string | null;
}) {
  const { lanes, nodes, revision, scale, selectedNodeId } = props;
  const renderRow = useCallback(
    (i: number) => {
      const lane = lanes[i]!;
      return (
        <LaneRow
          key={lane.nodeId}
          lane={lane}
          node={nodes.get(lane.nodeId)}
          scale={scale}
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
}
