/**
 * The selected session's data as the renderer holds it, and the functions that build it from a
 * snapshot and apply deltas (deltas that arrive together are applied as one batch).
 *
 * The node and edge maps are updated in place: copying a 50k-entry map for every live append
 * cost a big session more than everything else the append does. So their identity does not say
 * what changed; these do: `revision` (anything), `structure` (the graph's shape) and the
 * timeline, which is a new value whenever it changes. A node object itself is replaced when it
 * changes, so selectors of one node compare by reference as before.
 */
import type {
  ProblemEntry,
  SessionDelta,
  SessionListItem,
  SessionPreview,
  SessionSnapshot,
  TailHealth,
} from '../../../src-shared/bridge/contract';
import { snapshotEdgeParts, snapshotTimeline } from '../../../src-shared/bridge/contract';
import { decodeEdges, decodeNodes, encodeEdges } from '../../../src-shared/bridge/graph-columns';
import { fromWireNode } from '../../../src-shared/bridge/wire-node';
import type { LineageEdge, LineageNode } from '../../../src-shared/lineage/types';
import { chainGrowth } from './growth-chain';
import { shareIdsWith, type NodeLookup } from './shared-ids';
import { Timeline } from './timeline';

export { compareRows as compareEntries } from './timeline';

export interface SessionData {
  key: string;
  version: number;
  summary: SessionListItem;
  /** Updated in place (see the header); a snapshot or a reset makes new ones. */
  nodes: ReadonlyMap<string, LineageNode>;
  edges: ReadonlyMap<string, LineageEdge>;
  /** Bumps with every batch of deltas applied. */
  revision: number;
  /**
   * The nodes the last batch added, changed or removed, with what they were before (null: did
   * not exist), so figures summed over many nodes can be updated rather than recounted.
   */
  nodeChanges: { from: number; before: ReadonlyMap<string, LineageNode | null> } | null;
  /** Sorted by seq (events without one last), ties by line number. */
  timeline: Timeline;
  problems: readonly ProblemEntry[];
  health: TailHealth;
  /**
   * Changes when a node or edge is added or removed, or a node changes what the graph groups and
   * orders it by or the timeline names its lane by (kind, label, tool name, seq) — not when one
   * only changes its details: drives the visible graph and the layout. Unique across sessions and
   * snapshots, so equal values mean the same shape.
   */
  structure: number;
  /**
   * How `structure` came from the one before, when nodes and edges were only added or removed and
   * nodes only changed their label or seq in place (not reshaped): lets the graph place just those
   * (a live append on a 100k-event session) instead of redrawing all. Null when anything else
   * changed.
   */
  growth: Growth | null;
}

export interface Growth {
  from: number;
  nodes: readonly string[];
  edges: readonly string[];
  /** Nodes and edges of `from` that are gone (the objects: the maps no longer have them). */
  removedNodes: readonly LineageNode[];
  removedEdges: readonly LineageEdge[];
  /**
   * Nodes of `from`, still there, that changed only their label or seq — not their kind, tool
   * name or edges, so not their group or parent (the objects as they were at `from`). The last
   * event of a session gives its node a seq (null until then: the last delta of every cold read),
   * a job or subagent lane's name follows its node's label: rebuilding the whole visible graph
   * and recounting every group for that froze a 1.2M-event page for ~2 s.
   */
  changedInPlace: readonly LineageNode[];
  /**
   * How `from` itself grew from the structure before it, if it did (a few steps back at most:
   * see growth-chain.ts). A view that skipped a version (the graph renders deferred) still grows
   * what it drew instead of rebuilding it.
   */
  previous: Growth | null;
}

export interface DeltaResult {
  data: SessionData;
  /** Node ids that did not exist before these deltas. */
  added: string[];
}

let lastStructure = 0;
export const newStructure = () => ++lastStructure;

export function fromSnapshot(s: SessionSnapshot): SessionData {
  const nodes = new Map<string, LineageNode>();
  // In wire order: the timeline's rows and the edges refer to them by position (and they to the
  // rows' event ids: each node then holds its rows' very strings).
  const timeline = snapshotTimeline(s);
  const list = decodeNodes(s.nodes, timeline.eventId).map(fromWireNode);
  const ids: string[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) nodes.set((ids[i] = list[i]!.id), list[i]!);
  const nodeOf: NodeLookup = (id) => nodes.get(id);
  const edges = new Map<string, LineageEdge>();
  // A snapshot names an edge's target by its node's position (decoded to the node's own id
  // string: nothing to share) unless its node is not in the message (no string to share with).
  // Its source comes from a part's table of sources, most edges in a row from the session's
  // node: the last one is not looked up again (600k edges of a 1.2M-event session: two lookups
  // each before).
  let lastSource: string | undefined;
  let lastShared = '';
  for (const part of snapshotEdgeParts(s))
    for (const e of decodeEdges(part, ids)) {
      if (e.source !== lastSource) lastShared = nodeOf((lastSource = e.source))?.id ?? e.source;
      e.source = lastShared;
      edges.set(e.id, e);
    }
  return {
    key: s.key,
    version: s.version,
    summary: s.summary,
    nodes,
    edges,
    revision: 0,
    nodeChanges: null,
    timeline: Timeline.fromColumns(timeline, nodeOf, list),
    problems: s.problems,
    health: s.health,
    structure: newStructure(),
    growth: null,
  };
}

/**
 * A preview as data: its newest rows, their nodes and its row, no edges (the graph waits for the
 * snapshot). Version -1: no delta applies to it (host-sync holds them for the snapshot that
 * replaces it).
 */
export function fromPreview(p: SessionPreview): SessionData {
  return fromSnapshot({
    key: p.key,
    version: -1,
    summary: p.summary,
    nodes: p.nodes,
    edges: encodeEdges([]),
    timeline: p.timeline,
    problems: [],
    health: p.health,
  });
}

/** In place: an edge's ends as its nodes hold their ids (shared-ids.ts). */
function shareEnds(e: LineageEdge, nodeOf: NodeLookup): LineageEdge {
  e.source = nodeOf(e.source)?.id ?? e.source;
  e.target = nodeOf(e.target)?.id ?? e.target;
  return e;
}

function sameReasons(a: LineageEdge, b: LineageEdge): boolean {
  return a.reasons.length === b.reasons.length && a.reasons.every((r, i) => r === b.reasons[i]);
}

/** A tool call's group is named by its tool name, or by its label when it has none (visible-graph.ts). */
const groupNameOf = (n: LineageNode): string => {
  const name = n.data['toolName'];
  return n.kind !== 'tool_call' ? n.kind : typeof name === 'string' && name ? name : n.label;
};

/**
 * What decides a node's group and how it is drawn; a change of these reshapes the graph. A change
 * of its label or seq alone is placed in the graph drawn (Growth's `changedInPlace`).
 */
function sameGrouping(a: LineageNode, b: LineageNode): boolean {
  return a.kind === b.kind && a.data['toolName'] === b.data['toolName'] && groupNameOf(a) === groupNameOf(b);
}

/**
 * Applies deltas that follow one another (the caller checks each `fromVersion`). A `reset` delta
 * starts over. Deltas after a reset in the same batch apply on top of it.
 */
export function applyDeltas(data: SessionData, deltas: readonly SessionDelta[]): DeltaResult {
  let nodes: Map<string, LineageNode> | null = null;
  let edges: Map<string, LineageEdge> | null = null;
  let timeline = data.timeline;
  let problems = data.problems;
  let structural = false;
  let reset = false;
  const added = new Set<string>();
  /** Something other than adding and removing nodes and edges changed the shape. */
  let reshaped = false;
  /** Nodes whose label or seq changed in some delta (checked against `before` at the end). */
  const relabeled = new Set<string>();
  const addedEdges = new Set<string>();
  const removedNodes = new Map<string, LineageNode>();
  const removedEdges = new Map<string, LineageEdge>();
  const before = new Map<string, LineageNode | null>();
  let last = data;
  for (const delta of deltas) {
    if (delta.reset) {
      nodes = new Map();
      edges = new Map();
      timeline = Timeline.empty;
      problems = [];
      structural = true;
      reset = true;
      reshaped = true;
      added.clear();
    }
    const { lineage } = delta;
    /** The delta's nodes' ids in wire order (as held): its rows and edges refer to them by position. */
    const ids: string[] = [];
    if (lineage.upsertedNodes.length || lineage.removedNodes.length) {
      nodes ??= data.nodes as Map<string, LineageNode>;
      for (const id of lineage.removedNodes) {
        const gone = nodes.get(id);
        if (!gone) continue;
        nodes.delete(id);
        structural = true;
        if (!before.has(id)) before.set(id, gone);
        if (added.has(id)) added.delete(id);
        else if (!removedNodes.has(id)) removedNodes.set(id, gone);
      }
      const held = nodes;
      for (const wire of decodeNodes(
        lineage.upsertedNodes,
        delta.timeline.eventId,
        (id) => held.get(id)?.eventIds,
      )) {
        const n = fromWireNode(wire);
        const prev = nodes.get(n.id);
        if (!before.has(n.id)) before.set(n.id, prev ?? null);
        if (!prev) {
          added.add(n.id);
          structural = true;
        } else if (!sameGrouping(prev, n)) structural = reshaped = true;
        else if (prev.label !== n.label || prev.seq !== n.seq) {
          structural = true;
          relabeled.add(n.id);
        }
        if (prev) shareIdsWith(n, prev);
        nodes.set(n.id, n);
        ids.push(n.id);
      }
    }
    if (lineage.upsertedEdges.length || lineage.removedEdges.length) {
      edges ??= data.edges as Map<string, LineageEdge>;
      for (const id of lineage.removedEdges) {
        const gone = edges.get(id);
        if (!gone) continue;
        edges.delete(id);
        structural = true;
        if (addedEdges.has(id)) addedEdges.delete(id);
        else if (!removedEdges.has(id)) removedEdges.set(id, gone);
      }
      const current = nodes ?? data.nodes;
      for (const e of decodeEdges(lineage.upsertedEdges, ids)) {
        shareEnds(e, (id) => current.get(id));
        const prev = edges.get(e.id);
        if (!prev) {
          structural = true;
          addedEdges.add(e.id);
        } else if (prev.source !== e.source || prev.target !== e.target || !sameReasons(prev, e))
          // The graph draws an edge's reasons: a change there is a change of what is drawn.
          structural = reshaped = true;
        edges.set(e.id, e);
      }
    }
    const held = nodes ?? data.nodes;
    timeline = timeline.merge(delta.timeline, (id) => held.get(id), ids);
    if (delta.problems.length) problems = [...problems, ...delta.problems];
    last = { ...last, version: delta.version, summary: delta.summary, health: delta.health };
  }
  const changedInPlace: LineageNode[] = [];
  for (const id of relabeled) {
    const was = before.get(id);
    const now = nodes?.get(id);
    // A node added (or removed and added again) in this batch is placed as a new one.
    if (was && now && !added.has(id) && (was.label !== now.label || was.seq !== now.seq))
      changedInPlace.push(was);
  }
  return {
    data: {
      key: data.key,
      version: last.version,
      summary: last.summary,
      nodes: nodes ?? data.nodes,
      edges: edges ?? data.edges,
      revision: data.revision + 1,
      nodeChanges: reset ? null : { from: data.revision, before },
      timeline,
      problems,
      health: last.health,
      structure: structural ? newStructure() : data.structure,
      growth: !structural
        ? data.growth
        : reshaped
          ? null
          : chainGrowth(data.growth, {
              from: data.structure,
              nodes: [...added],
              edges: [...addedEdges],
              removedNodes: [...removedNodes.values()],
              removedEdges: [...removedEdges.values()],
              changedInPlace,
            }),
    },
    // After a reset everything is "new"; marking it all would only flash the whole graph.
    added: reset ? [] : [...added],
  };
}

/** One delta (tests and callers that have just one). */
export function applyDelta(data: SessionData, delta: SessionDelta): DeltaResult {
  return applyDeltas(data, [delta]);
}
