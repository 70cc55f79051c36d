/** A React Flow edge from a visible edge: labelled with why it exists, lit when it touches the selection. */
import { MarkerType } from '@xyflow/react';
import type { GraphEdge } from './rf-types';
import type { VisibleEdge } from './visible-graph';

/** One mid-grey reads on both themes; markers cannot take CSS variables. */
const EDGE_COLOR = '#8a8f98';
const ACTIVE_COLOR = '#6e7bf2';

/** Lets a long field path wrap after a dot or underscore instead of mid-word. */
const breakable = (text: string) => text.replace(/([._])/g, '$1\u200b');

/** What an edge says of why it exists, without its count; undefined for a group → member edge. */
export function reasonsText(reasons: readonly string[]): string | undefined {
  return reasons.length === 0 ? undefined : breakable(reasons.join(' + '));
}

/** The label drawn: the reasons, and how many lineage edges the edge stands for when more than one. */
export function edgeLabel(reasons: readonly string[], count: number): string | undefined {
  return withCount(reasonsText(reasons), count);
}

export const withCount = (text: string | undefined, count: number) =>
  text !== undefined && count > 1 ? `${text} ×${count}` : text;

/** Whether a drawn edge touches the selection (it is then drawn lit). */
export const isActive = (e: VisibleEdge, selected: string | null) =>
  selected !== null && (e.source === selected || e.target === selected);

export function buildEdge(e: VisibleEdge, active: boolean, label = edgeLabel(e.reasons, e.count)): GraphEdge {
  return {
    id: e.id,
    source: e.source,
    target: e.target,
    label,
    type: 'reason',
    data: { reasons: e.reasons, active, count: e.count },
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
}
