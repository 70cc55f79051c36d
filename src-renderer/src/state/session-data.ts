/**
 * The selected session's data as the renderer holds it, and the pure functions that build it
 * from a snapshot and apply a delta. Collections are replaced (not mutated) on every change so
 * selectors can compare by reference; copying even a 50k-entry Map per delta costs a few ms.
 */
import type {
  ProblemEntry,
  SessionDelta,
  SessionListItem,
  SessionSnapshot,
  TailHealth,
  TimelineEntry,
} from '../../../src-shared/bridge/contract';
import type { LineageEdge, LineageNode } from '../../../src-shared/lineage/types';

export interface SessionData {
  key: string;
  version: number;
  summary: SessionListItem;
  nodes: ReadonlyMap<string, LineageNode>;
  edges: ReadonlyMap<string, LineageEdge>;
  /** Sorted by seq (events without one last), ties by line number. */
  timeline: readonly TimelineEntry[];
  problems: readonly ProblemEntry[];
  health: TailHealth;
  /** Bumps when a node or edge is added or removed (not when one only changes): drives layout. */
  structure: number;
}

export interface DeltaResult {
  data: SessionData;
  /** Node ids that did not exist before this delta. */
  added: string[];
}

export function compareEntries(a: TimelineEntry, b: TimelineEntry): number {
  const sa = a.seq ?? Number.POSITIVE_INFINITY;
  const sb = b.seq ?? Number.POSITIVE_INFINITY;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return a.lineNo - b.lineNo;
}

export function fromSnapshot(s: SessionSnapshot): SessionData {
  return {
    key: s.key,
    version: s.version,
    summary: s.summary,
    nodes: new Map(s.nodes.map((n) => [n.id, n])),
    edges: new Map(s.edges.map((e) => [e.id, e])),
    timeline: [...s.timeline].sort(compareEntries),
    problems: s.problems,
    health: s.health,
    structure: 0,
  };
}

/** Applies a delta whose `fromVersion` matches (the caller checks). A `reset` delta starts over. */
export function applyDelta(data: SessionData, delta: SessionDelta): DeltaResult {
  const base: SessionData = delta.reset
    ? { ...data, nodes: new Map(), edges: new Map(), timeline: [], problems: [] }
    : data;
  const { lineage } = delta;
  const added: string[] = [];
  let structural = delta.reset;

  let nodes = base.nodes;
  if (lineage.upsertedNodes.length || lineage.removedNodes.length) {
    const next = new Map(nodes);
    for (const id of lineage.removedNodes) structural = next.delete(id) || structural;
    for (const n of lineage.upsertedNodes) {
      if (!next.has(n.id)) {
        added.push(n.id);
        structural = true;
      }
      next.set(n.id, n);
    }
    nodes = next;
  }

  let edges = base.edges;
  if (lineage.upsertedEdges.length || lineage.removedEdges.length) {
    const next = new Map(edges);
    for (const id of lineage.removedEdges) structural = next.delete(id) || structural;
    for (const e of lineage.upsertedEdges) {
      const prev = next.get(e.id);
      if (!prev || prev.source !== e.source || prev.target !== e.target) structural = true;
      next.set(e.id, e);
    }
    edges = next;
  }

  return {
    data: {
      key: base.key,
      version: delta.version,
      summary: delta.summary,
      nodes,
      edges,
      timeline: mergeTimeline(base.timeline, delta.timeline),
      problems: delta.problems.length ? [...base.problems, ...delta.problems] : base.problems,
      health: delta.health,
      structure: structural ? base.structure + 1 : base.structure,
    },
    // After a reset everything is "new"; marking it all would only flash the whole graph.
    added: delta.reset ? [] : added,
  };
}

/** Upserts entries by event id; appends in the common case where the new ones sort last. */
function mergeTimeline(
  current: readonly TimelineEntry[],
  incoming: TimelineEntry[],
): readonly TimelineEntry[] {
  if (incoming.length === 0) return current;
  const incomingIds = new Set(incoming.map((e) => e.eventId));
  // An event seen again (its correction moved it to another node) replaces its old entry.
  const replaced = current.some((e) => incomingIds.has(e.eventId));
  const kept = replaced ? current.filter((e) => !incomingIds.has(e.eventId)) : current;
  const sortedIncoming = [...incoming].sort(compareEntries);
  const last = kept.at(-1);
  if (!last || compareEntries(last, sortedIncoming[0]!) <= 0) return [...kept, ...sortedIncoming];
  return [...kept, ...sortedIncoming].sort(compareEntries);
}
