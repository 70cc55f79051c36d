/**
 * Every node kind has a fixed size: the layout engine needs sizes before anything is drawn, and
 * React Flow then never has to re-measure (so live updates cannot make nodes jump).
 */
import type { VisibleKind } from '../visible-graph';

export interface Size {
  width: number;
  height: number;
}

const W = 248;
/** Heights follow the number of text lines a node shows: padding + head + lines × (line + gap). */
const lines = (n: number) => 14 + 18 + n * 20;

export const NODE_SIZE: Record<VisibleKind, Size> = {
  session: { width: W, height: lines(2) },
  tool_group: { width: W - 16, height: lines(1) },
  node_group: { width: W, height: lines(1) },
  tool_call: { width: W - 16, height: lines(2) },
  job: { width: W + 24, height: lines(3) },
  artifact: { width: W, height: lines(2) },
  verification: { width: W, height: lines(2) },
  validation: { width: W - 16, height: lines(1) },
  subagent: { width: W + 24, height: lines(1) + 36 },
  child_session: { width: W - 16, height: lines(1) },
  event: { width: W - 48, height: lines(1) },
};

export const sizeOf = (kind: VisibleKind): Size => NODE_SIZE[kind];

/** Gaps between layers (along the flow) and between neighbours (across it). */
export const LAYER_GAP = 112;
export const NODE_GAP = 20;
