/** React Flow edges from the visible graph: labelled with why they exist, lit when they touch the selection. */
import { MarkerType } from '@xyflow/react';
import type { GraphEdge } from './rf-types';
import type { VisibleGraph } from './visible-graph';

/** One mid-grey reads on both themes; markers cannot take CSS variables. */
const EDGE_COLOR = '#8a8f98';
const ACTIVE_COLOR = '#6e7bf2';

/** Lets a long field path wrap after a dot or underscore instead of mid-word. */
const breakable = (text: string) => text.replace(/([._])/g, '$1\u200b');

export function edgeLabel(reasons: readonly string[], count: number): string | undefined {
  if (reasons.length === 0) return undefined;
  const text = breakable(reasons.join(' + '));
  return count > 1 ? `${text} ×${count}` : text;
}

export function buildEdges(graph: VisibleGraph, selected: string | null): GraphEdge[] {
  return graph.edges.map((e) => {
    const active = selected !== null && (e.source === selected || e.target === selected);
    return {
      id: e.id,
      source: e.source,
      target: e.target,
      label: edgeLabel(e.reasons, e.count),
      type: 'reason',
      data: { reasons: e.reasons, active },
      className: `${active ? 'is-active' : ''}${e.reasons.length === 0 ? ' is-membership' : ''}`,
      markerEnd: {
        type: MarkerType.ArrowClosed,
        width: 14,
        height: 14,
        color: active ? ACTIVE_COLOR : EDGE_COLOR,
      },
      zIndex: active ? 1 : 0,
      focusable: false,
    };
  });
}
