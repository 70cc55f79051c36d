/**
 * Events by seq, each on the session's compressed time axis; tool calls drawn as bars to their
 * results; jobs and subagents as swim-lanes above. Long sessions are windowed.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { LineageNode } from '../../../../src-shared/lineage/types';
import {
  selectNewNodes,
  selectGrowth,
  selectIsPreview,
  selectNodes,
  selectRevision,
  selectStructure,
  selectSelectedEventId,
  selectSelectedNodeId,
  selectSummary,
  selectTimeline,
  selectViewKey,
} from '../../state/selectors';
import { useAppStore } from '../../state/store';
import { formatCount, formatDuration } from '../../shared/format';
import { EmptyState } from '../../shared/ui';
import { useElementSize } from '../../shared/use-element-size';
import { VirtualList, type VirtualListHandle } from '../../shared/VirtualList';
import { BreakBands, EventRow, ROW_HEIGHT, rowMark } from './EventRow';
import { keptBreaks } from './pixels';
import { SwimLanes } from './SwimLanes';
import { TimeAxis } from './TimeAxis';
import { buildTimeScale } from './time-scale';
import { timelineModelOf, toolSpanOf } from './timeline-model';
import { Timeline } from '../../state/timeline';
import './timeline.css';

/** Padding, gaps and the fixed columns (seq, time, kind, took) of timeline.css. */
const FIXED_COLUMNS = 24 + 5 * 8 + 44 + 58 + 170 + 56;
const MIN_ABOUT = 120;

/** The time track takes 60% of what the fixed columns leave, keeping room for "about". */
function trackWidthFor(width: number): number {
  const free = width - FIXED_COLUMNS;
  return Math.max(120, Math.min(Math.round(free * 0.6), free - MIN_ABOUT));
}

const EMPTY_NODES: ReadonlyMap<string, LineageNode> = new Map();

export function TimelinePanel() {
  const timeline = useAppStore(selectTimeline);
  const nodes = useAppStore(selectNodes) ?? EMPTY_NODES;
  const selectedEventId = useAppStore(selectSelectedEventId);
  const selectedNodeId = useAppStore(selectSelectedNodeId);
  const newNodes = useAppStore(selectNewNodes);
  const preview = useAppStore(selectIsPreview);
  const total = useAppStore(selectSummary)?.events ?? 0;
  const reading = useAppStore(selectSummary)?.status === 'loading';
  // A session being written opens on its newest events, and the list follows new ones while it is
  // scrolled to its end (VirtualList's followEnd); one list per session, so each opens as it
  // should. A session read after the fact opens at its start, as it was written.
  const viewKey = useAppStore(selectViewKey);
  const live = useAppStore(selectSummary)?.live ?? false;
  const list = useRef<VirtualListHandle>(null);
  const [box, { width }] = useElementSize<HTMLDivElement>();

  const entries = timeline ?? Timeline.empty;
  // Nodes change in place: `structure` says when lanes may have come or changed name, `revision`
  // when any node's details (a row's text) did.
  const structure = useAppStore(selectStructure);
  const revision = useAppStore(selectRevision);
  const growth = useAppStore(selectGrowth);
  const model = useMemo(
    () => timelineModelOf(entries, nodes, structure, growth),
    [entries, nodes, structure, growth],
  );
  const trackWidth = trackWidthFor(width);
  // `model`, not `model.times`: a live append extends the same times array.
  const scale = useMemo(() => buildTimeScale(model.times, trackWidth - 12), [model, trackWidth]);
  // The same array while the gaps draw the same: the bands over the rows are made again only then.
  const breaks = useMemo(() => keptBreaks(scale.breaks), [scale]);
  const bands = useMemo(() => (breaks.length ? <BreakBands breaks={breaks} /> : null), [breaks]);

  // Keep the picked event in view (j/k, a click elsewhere); appends scroll only a list at its end.
  // The newest seq shown (entries are sorted by seq, events without one last): a DOM signal the
  // live bench watches to time append → visible.
  let lastSeq: number | null = null;
  for (let i = entries.length - 1; i >= 0 && lastSeq === null; i--) lastSeq = entries.seq(i);

  const selectedIndex = useMemo(
    () => (selectedEventId ? entries.indexOf(selectedEventId) : -1),
    [entries, selectedEventId],
  );
  useEffect(() => {
    if (selectedIndex >= 0) list.current?.reveal(selectedIndex);
  }, [selectedIndex]);

  const renderRow = useCallback(
    (i: number) => {
      const e = entries.entry(i);
      const node = e.nodeId ? nodes.get(e.nodeId) : undefined;
      const span = e.kind === 'tool_call' && node ? toolSpanOf(entries, node, i) : undefined;
      return (
        <EventRow
          key={e.eventId}
          index={i}
          entry={e}
          node={node}
          spanMs={span && span.end !== null ? span.end - span.start : null}
          mark={rowMark(e, span, scale)}
          first={model.first}
          selected={e.eventId === selectedEventId}
          related={!selectedEventId && e.nodeId !== null && e.nodeId === selectedNodeId}
          isNew={e.nodeId !== null && newNodes.has(e.nodeId)}
        />
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the maps change in place
    [entries, nodes, model, scale, selectedEventId, selectedNodeId, newNodes, revision],
  );

  if (!timeline) return <EmptyState title="No session selected" />;
  const span = model.times.length ? model.times.at(-1)! - model.times[0]! : 0;
  const idle = scale.breaks.reduce((a, b) => a + b.gapMs, 0);

  return (
    <div
      className="timeline"
      ref={box}
      style={{ ['--track-w' as string]: `${trackWidth}px` }}
      data-testid="timeline-panel"
    >
      <div
        className="tl-summary faint"
        data-testid="timeline-summary"
        data-event-count={entries.length}
        data-last-seq={lastSeq ?? undefined}
      >
        {preview ? (
          <span data-testid="timeline-preview">
            the newest {formatCount(entries.length)} of {formatCount(total)} events
            {reading ? ' read so far — all of them once the log is read' : ' — the rest is on its way'}
          </span>
        ) : (
          <span>{formatCount(entries.length)} events</span>
        )}
        <span>· {formatDuration(span)} span</span>
        {scale.breaks.length > 0 && (
          <span>
            · {scale.breaks.length} idle gap{scale.breaks.length === 1 ? '' : 's'} over{' '}
            {formatDuration(scale.thresholdMs)} compressed ({formatDuration(idle)})
          </span>
        )}
        <span className="spacer" />
        <span className="legend">
          <span className="legend-bar" /> tool call → result
        </span>
      </div>
      <div className="tl-head">
        <span className="tl-seq">seq</span>
        <span className="tl-time">time</span>
        <span className="tl-kind">kind</span>
        <span className="tl-label">about</span>
        <span className="tl-dur">took</span>
        <span className="tl-track">
          <TimeAxis scale={scale} />
        </span>
      </div>
      <SwimLanes
        lanes={model.lanes}
        nodes={nodes}
        revision={revision}
        scale={scale}
        selectedNodeId={selectedNodeId}
      />
      {entries.length === 0 ? (
        <EmptyState title="No events yet">Events appear here as the log is written.</EmptyState>
      ) : (
        <VirtualList
          key={viewKey}
          followEnd
          startAtEnd={live}
          ref={list}
          count={entries.length}
          rowHeight={ROW_HEIGHT}
          renderRow={renderRow}
          overlay={bands}
          className="tl-rows"
          ariaLabel="Events"
        />
      )}
    </div>
  );
}
