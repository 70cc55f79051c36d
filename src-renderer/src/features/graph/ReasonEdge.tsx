/**
 * An edge with its reasons as a small label that wraps (HTML, not SVG text), so long field names
 * like `claim.file_path == artifact.path` fit between layers instead of running over nodes. The
 * count after the reasons ("×12") is read from the graph shown (shown-graph.ts): it grows with
 * live appends without a new edge object.
 */
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from '@xyflow/react';
import { memo } from 'react';
import { reasonsText, withCount } from './build-edges';
import type { GraphEdge } from './rf-types';
import { useShownEdgeCount } from './shown-graph';

export const ReasonEdge = memo(function ReasonEdge(props: EdgeProps<GraphEdge>) {
  const [path, labelX, labelY] = getBezierPath(props);
  const active = props.data?.active ?? false;
  const count = useShownEdgeCount(props.source, props.target, props.data?.count ?? 1);
  const label = props.data ? withCount(reasonsText(props.data.reasons), count) : props.label;
  return (
    <>
      <BaseEdge id={props.id} path={path} markerEnd={props.markerEnd} />
      {label && (
        <EdgeLabelRenderer>
          <div
            className={`edge-label${active ? ' is-active' : ''}`}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          >
            {label}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
});

/** Module constant, like NODE_TYPES. */
export const EDGE_TYPES = { reason: ReasonEdge };
