/**
 * An edge with its reasons as a small label that wraps (HTML, not SVG text), so long field names
 * like `claim.file_path == artifact.path` fit between layers instead of running over nodes.
 */
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from '@xyflow/react';
import { memo } from 'react';
import type { GraphEdge } from './rf-types';

export const ReasonEdge = memo(function ReasonEdge(props: EdgeProps<GraphEdge>) {
  const [path, labelX, labelY] = getBezierPath(props);
  const active = props.data?.active ?? false;
  return (
    <>
      <BaseEdge id={props.id} path={path} markerEnd={props.markerEnd} />
      {props.label && (
        <EdgeLabelRenderer>
          <div
            className={`edge-label${active ? ' is-active' : ''}`}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          >
            {props.label}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
});

/** Module constant, like NODE_TYPES. */
export const EDGE_TYPES = { reason: ReasonEdge };
