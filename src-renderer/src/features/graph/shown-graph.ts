/**
 * The visible graph the canvas drew last, for the figures its nodes and edges show that change
 * with every live append: a group's members (its "×n", its stats) and an edge's count ("×n" after
 * its reasons). A tool call appended to a collapsed group used to make that group's React Flow
 * node and its parent's edge new objects, and React Flow then took new node and edge lists —
 * its store rebuilt over every node and edge, every mounted node's and edge's selector ran —
 * ~3 ms of the page a drawing, so the graph took appends at most every 50 ms (graph-pace.ts) and
 * its p95 was ~60 ms against the timeline's ~22 (issue 8). Now such an append leaves React Flow's
 * lists as they were (rf-node-cache / rf-edge-cache) and only the one group node and edge that
 * subscribe here draw again.
 */
import { useSyncExternalStore } from 'react';
import type { ToolGroup, VisibleGraph } from './visible-graph';

let shown: VisibleGraph | null = null;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The canvas drew `graph` (called in a layout effect: the subscribers draw in the same frame). */
export function showGraph(graph: VisibleGraph | null): void {
  if (graph === shown) return;
  shown = graph;
  for (const listener of listeners) listener();
}

/**
 * Group `id` as the graph shown now has it; `drawn` (its React Flow node's) until one is shown.
 * A group that changes is a new object (visible-graph's `grow`), so this re-renders on a change.
 */
export function useShownGroup(id: string, drawn: ToolGroup): ToolGroup {
  return useSyncExternalStore(subscribe, () => shown?.groups.get(id) ?? drawn);
}

/**
 * How many lineage edges the drawn edge source → target stands for now; `drawn` (its React Flow
 * edge's) when the graph shown has no such edge. Merged edges count up in place.
 */
export function useShownEdgeCount(source: string, target: string, drawn: number): number {
  return useSyncExternalStore(subscribe, () => shown?.edgeAt(source, target)?.count ?? drawn);
}
