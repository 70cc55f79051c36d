/**
 * The collapsed view that is laid out and drawn (PERF-NOTES: lay out the collapsed view, not the
 * raw graph; React Flow stays fluid up to about a thousand nodes). Each node hangs under its
 * parent (the source of its first incoming edge). Under one drawn parent:
 * - sibling tool calls with the same tool name become one group node, always;
 * - siblings of any other kind become one group node when there are more than GROUP_OVER of
 *   them (a long session's thousands of artifacts, verdicts or subagents).
 * A collapsed group stands for its members and for everything below them (their children hang
 * under the group, and are grouped there in turn). An expanded group shows its first members
 * individually under the group node. Edges are re-pointed at what is visible, merged, and keep
 * every reason they had.
 */
import { partitionPoint } from '../../../../src-shared/collections/sorted-search';
import type { LineageEdge, LineageNode, LineageNodeKind } from '../../../../src-shared/lineage/types';
import { growthSince } from '../../state/growth-chain';
import type { Growth } from '../../state/session-data';

export type VisibleKind = LineageNodeKind | 'tool_group' | 'node_group';

export interface ToolGroup {
  /** The tool name for tool-call groups; for other groups the kind's name. */
  toolName: string;
  /** What the members are. */
  memberKind: LineageNodeKind;
  parentId: string;
  /** Member node ids in seq order. */
  members: readonly string[];
  expanded: boolean;
  /** Members drawn individually (expanded groups only, capped). */
  shown: number;
  /** When a live growth changed the members: the list before, and who came and went. */
  previous?: GroupChange;
}

/**
 * A group's members before a growth, who came and went with it, and the change before that (a
 * few back at most: GROUP_CHANGES_KEPT). A group node can be drawn from a version or two after
 * the last one it drew (React Flow took two graphs in one render): its figures are then carried
 * over those steps, not counted again over every member (a 20,000-member group ~20–35 ms).
 */
export interface GroupChange {
  members: readonly string[];
  added: readonly string[];
  removed: readonly string[];
  previous?: GroupChange;
}

/** Changes of a group kept back from its newest one. */
const GROUP_CHANGES_KEPT = 4;

/** `change` before `earlier`, the chain cut past GROUP_CHANGES_KEPT (their member lists go). */
function chainChange(change: GroupChange, earlier: GroupChange | undefined): GroupChange {
  let kept = 1;
  let last: GroupChange = change;
  for (let e = earlier; e && kept < GROUP_CHANGES_KEPT; e = e.previous, kept++)
    last = last.previous = { members: e.members, added: e.added, removed: e.removed };
  return change;
}

export interface VisibleNode {
  id: string;
  kind: VisibleKind;
  seq: number | null;
  group: ToolGroup | null;
}

export interface VisibleEdge {
  id: string;
  source: string;
  target: string;
  /** Why it exists (the lineage edges' reasons, merged); empty for group → member. */
  reasons: string[];
  /** How many lineage edges it stands for. */
  count: number;
}

export interface VisibleGraph {
  nodes: VisibleNode[];
  edges: VisibleEdge[];
  /** Lineage node id → the visible node that stands for it. */
  representative: ReadonlyMap<string, string>;
  /** Group id → the group (members, expansion), for the detail panel. */
  groups: ReadonlyMap<string, ToolGroup>;
  /** The merged edge drawn source → target (not a group → member one), as it is now. */
  edgeAt(source: string, target: string): VisibleEdge | undefined;
}

/** An expanded group draws at most this many members; the rest stay in the group node. */
export const MAX_EXPANDED_MEMBERS = 150;
/**
 * Members drawn across all expanded groups together (each still shows at least GROUP_OVER):
 * "Expand tools" on a 20k-node session opens every tool group at once, and 7 × 150 members with
 * their edges cost React Flow ~1 s per change and the page its frame rate (issue 8 bench).
 */
export const MAX_EXPANDED_TOTAL = 320;

/** How many members each expanded group draws when `expandedCount` groups are open. */
export const expandedMemberBudget = (expandedCount: number) =>
  Math.min(
    MAX_EXPANDED_MEMBERS,
    Math.max(GROUP_OVER, Math.floor(MAX_EXPANDED_TOTAL / Math.max(1, expandedCount))),
  );
/** More siblings of one kind than this under one parent are grouped. */
export const GROUP_OVER = 24;

export const groupId = (parentId: string, toolName: string) => `group:${parentId}|${toolName}`;
export const kindGroupId = (parentId: string, kind: string) => `kinds:${parentId}|${kind}`;

const bySeq = (a: { seq: number | null; id: string }, b: { seq: number | null; id: string }) =>
  (a.seq ?? Number.POSITIVE_INFINITY) - (b.seq ?? Number.POSITIVE_INFINITY) || (a.id < b.id ? -1 : 1);

/** Sorted in place; siblings usually arrive in seq order already, and a check is cheaper than a sort. */
function sortedBy<T>(xs: T[], compare: (a: T, b: T) => number): T[] {
  for (let i = 1; i < xs.length; i++) if (compare(xs[i - 1]!, xs[i]!) > 0) return xs.sort(compare);
  return xs;
}

const sortBySeq = <T extends { seq: number | null; id: string }>(xs: T[]): T[] => sortedBy(xs, bySeq);

function toolName(node: LineageNode): string {
  const name = node.data['toolName'];
  return typeof name === 'string' && name ? name : node.label;
}

/**
 * What a growth reads and updates of the lineage as a build saw it. Made from the build's arrays
 * when the first growth needs them (lineageMaps): three maps of every node or edge of a big
 * session cost its opening ~0.15 s and ~40 MB, and a session not growing never needs them.
 */
interface LineageMaps {
  /** Lineage parent of each node (the source of its first incoming edge). */
  parentOf: Map<string, string>;
  /** How many nodes have each node as their parent. */
  childCount: Map<string, number>;
  /**
   * Lineage edges already drawn (merged, or inside one drawn node). The maps are updated in
   * place, so a build may see nodes and edges newer than the structure it is called with; the
   * growths that follow then name them again, and must not add them twice.
   */
  counted: Set<string>;
}

/** What a build keeps besides the graph, so that a later growth can be placed without a rebuild. */
interface BuildState {
  graph: VisibleGraph;
  representative: Map<string, string>;
  groups: Map<string, ToolGroup>;
  /** See LineageMaps: made by `makeLineageMaps` (then null) on the first growth. */
  lineage: LineageMaps | null;
  makeLineageMaps: (() => LineageMaps) | null;
  /** Drawn id → kind → how many children of that kind are drawn one by one under it. */
  drawnKinds: Map<string, Map<string, number>>;
  /** Merged edges by drawn source, then drawn target. */
  bySource: Map<string, Map<string, VisibleEdge>>;
  merged: VisibleEdge[];
  /** Per merged edge, how many of its lineage edges give each reason (so one can be taken out). */
  reasonCounts: Map<VisibleEdge, Map<string, number>>;
  memberEdges: VisibleEdge[];
  /** Some nodes sit on a cycle no root leads to: which of them is drawn first follows seq. */
  cyclic: boolean;
}

function lineageMaps(state: BuildState): LineageMaps {
  if (!state.lineage) {
    state.lineage = state.makeLineageMaps!();
    state.makeLineageMaps = null;
  }
  return state.lineage;
}

export function buildVisibleGraph(
  nodes: ReadonlyMap<string, LineageNode>,
  edges: ReadonlyMap<string, LineageEdge>,
  expanded: ReadonlySet<string>,
): VisibleGraph {
  return build(nodes, edges, expanded).graph;
}

function countDrawn(state: Pick<BuildState, 'drawnKinds'>, parent: string, kind: string, by: number): void {
  let kinds = state.drawnKinds.get(parent);
  if (!kinds) state.drawnKinds.set(parent, (kinds = new Map()));
  kinds.set(kind, (kinds.get(kind) ?? 0) + by);
}

type EdgeState = Pick<BuildState, 'bySource' | 'merged' | 'reasonCounts'>;

function mergeEdge(state: EdgeState, source: string, target: string, e: LineageEdge): void {
  let byTarget = state.bySource.get(source);
  if (!byTarget) state.bySource.set(source, (byTarget = new Map()));
  let m = byTarget.get(target);
  if (m) m.count++;
  else {
    m = { id: `${source}->${target}`, source, target, reasons: [], count: 1 };
    byTarget.set(target, m);
    state.merged.push(m);
    state.reasonCounts.set(m, new Map());
  }
  const counts = state.reasonCounts.get(m)!;
  for (const r of e.reasons) {
    const n = counts.get(r) ?? 0;
    counts.set(r, n + 1);
    if (n === 0) m.reasons.push(r);
  }
}

/** Takes one lineage edge out of the merged edge source → target; false when there is none. */
function unmergeEdge(state: EdgeState, source: string, target: string, e: LineageEdge): boolean {
  const byTarget = state.bySource.get(source);
  const m = byTarget?.get(target);
  if (!m || !byTarget) return false;
  const counts = state.reasonCounts.get(m)!;
  for (const r of e.reasons) {
    const n = (counts.get(r) ?? 1) - 1;
    if (n > 0) counts.set(r, n);
    else {
      counts.delete(r);
      m.reasons = m.reasons.filter((x) => x !== r);
    }
  }
  if (--m.count > 0) return true;
  byTarget.delete(target);
  state.reasonCounts.delete(m);
  state.merged.splice(state.merged.indexOf(m), 1);
  return true;
}

/**
 * Lays out the whole visible graph. Every node and edge is looked up by id once, into a number
 * (its place in `list` and `ends`), and the walk keeps its parents, children and representatives
 * in arrays: a big session's graph (850k events: 432k nodes and edges) took ~1.05 s in Chromium
 * with a map lookup for each step (its ids are Map keys, which this Chromium's V8 internalizes, and
 * each such map holds every id), one long task of the page as the session opens. The maps a
 * growth needs are made from these arrays by the first growth (LineageMaps).
 */
function build(
  nodes: ReadonlyMap<string, LineageNode>,
  edges: ReadonlyMap<string, LineageEdge>,
  expanded: ReadonlySet<string>,
): BuildState {
  const memberBudget = expandedMemberBudget(expanded.size);
  const list: LineageNode[] = [];
  const index = new Map<string, number>();
  for (const n of nodes.values()) {
    index.set(n.id, list.length);
    list.push(n);
  }
  const count = list.length;
  // Each edge's ends (-1: not a node), and each node's parent: the source of its first incoming
  // edge (`parentEdge`: which edge that is); its children, in edge order, in one flat list.
  const edgeList: LineageEdge[] = [];
  const ends = new Int32Array(edges.size * 2);
  const parent = new Int32Array(count).fill(-1);
  const parentEdge = new Int32Array(count).fill(-1);
  const childCounts = new Int32Array(count);
  for (const e of edges.values()) {
    const k = edgeList.length;
    edgeList.push(e);
    const source = index.get(e.source) ?? -1;
    const target = index.get(e.target) ?? -1;
    ends[2 * k] = source;
    ends[2 * k + 1] = target;
    if (source < 0 || target < 0 || source === target || parent[target]! >= 0) continue;
    parent[target] = source;
    parentEdge[target] = k;
    childCounts[source]!++;
  }
  const childStart = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) childStart[i + 1] = childStart[i]! + childCounts[i]!;
  const children = new Int32Array(childStart[count]!);
  const filled = childStart.slice(0, count);
  for (let k = 0; k < edgeList.length; k++) {
    const target = ends[2 * k + 1]!;
    if (target >= 0 && parentEdge[target] === k) children[filled[ends[2 * k]!]!++] = target;
  }

  const visible: VisibleNode[] = [];
  /** What each node is drawn as (undefined: not reached). */
  const drawnAs: (string | undefined)[] = new Array<string | undefined>(count);
  const groups = new Map<string, ToolGroup>();
  const memberEdges: VisibleEdge[] = [];
  const drawnKinds = new Map<string, Map<string, number>>();

  // Breadth-first from the roots over drawn nodes: `queue` holds a drawn id and the lineage
  // nodes it stands for, whose children hang under it.
  const queue: { drawn: string; covers: number[] }[] = [];
  const placed = new Uint8Array(count);
  let cyclic = false;
  const draw = (i: number) => {
    const n = list[i]!;
    visible.push({ id: n.id, kind: n.kind, seq: n.seq, group: null });
    drawnAs[i] = n.id;
    placed[i] = 1;
    queue.push({ drawn: n.id, covers: [i] });
  };
  const bySeqAt = (a: number, b: number) => bySeq(list[a]!, list[b]!);
  const roots: number[] = [];
  for (let i = 0; i < count; i++) if (parent[i]! < 0) roots.push(i);
  for (const i of sortedBy(roots, bySeqAt)) draw(i);

  for (let head = 0; ; head++) {
    if (head === queue.length) {
      // Nodes on a cycle with no way in from a root: draw the earliest as a root and go on.
      let earliest = -1;
      for (let i = 0; i < count; i++)
        if (!placed[i] && (earliest < 0 || bySeqAt(i, earliest) < 0)) earliest = i;
      if (earliest < 0) break;
      cyclic = true;
      draw(earliest);
    }
    const { drawn, covers } = queue[head]!;
    // Children by kind, and tool calls by tool name too (nested maps: no key string per child).
    const buckets: { kind: LineageNodeKind; name: string; members: number[] }[] = [];
    const byKind = new Map<string, Map<string, (typeof buckets)[number]>>();
    for (const i of covers)
      for (let c = childStart[i]!; c < childStart[i + 1]!; c++) {
        const childAt = children[c]!;
        if (placed[childAt]) continue;
        placed[childAt] = 1;
        const child = list[childAt]!;
        const name = child.kind === 'tool_call' ? toolName(child) : child.kind;
        let byName = byKind.get(child.kind);
        if (!byName) byKind.set(child.kind, (byName = new Map()));
        let bucket = byName.get(name);
        if (!bucket) {
          byName.set(name, (bucket = { kind: child.kind, name, members: [] }));
          buckets.push(bucket);
        }
        bucket.members.push(childAt);
      }
    for (const bucket of buckets) {
      const members = sortedBy(bucket.members, bySeqAt);
      const isTool = bucket.kind === 'tool_call';
      if (!isTool && members.length <= GROUP_OVER) {
        for (const m of members) draw(m);
        countDrawn({ drawnKinds }, drawn, bucket.kind, members.length);
        continue;
      }
      const id = isTool ? groupId(drawn, bucket.name) : kindGroupId(drawn, bucket.kind);
      const isExpanded = expanded.has(id);
      const shown = isExpanded ? Math.min(members.length, memberBudget) : 0;
      const group: ToolGroup = {
        toolName: bucket.name,
        memberKind: bucket.kind,
        parentId: drawn,
        members: members.map((m) => list[m]!.id),
        expanded: isExpanded,
        shown,
      };
      groups.set(id, group);
      visible.push({
        id,
        kind: isTool ? 'tool_group' : 'node_group',
        seq: list[members[0]!]?.seq ?? null,
        group,
      });
      const hidden: number[] = [];
      members.forEach((m, i) => {
        if (i < shown) {
          draw(m);
          memberEdges.push({
            id: `${id}->${list[m]!.id}`,
            source: id,
            target: list[m]!.id,
            reasons: [],
            count: 1,
          });
        } else {
          drawnAs[m] = id;
          hidden.push(m);
        }
      });
      if (hidden.length) queue.push({ drawn: id, covers: hidden });
    }
  }

  // A group's lineage parent → its drawn members is drawn as parent → group (→ member).
  const groupOfMember = new Map<string, string>();
  for (const [id, g] of groups) for (let i = 0; i < g.shown; i++) groupOfMember.set(g.members[i]!, id);

  // Merged by source, then target: most of a big session's edges fold into a few, and an id
  // string is made only for each edge drawn. Consecutive edges mostly fold into the same one.
  const state: EdgeState = { bySource: new Map(), merged: [], reasonCounts: new Map() };
  for (let k = 0; k < edgeList.length; k++) {
    const sourceAt = ends[2 * k]!;
    const targetAt = ends[2 * k + 1]!;
    const source = sourceAt < 0 ? undefined : drawnAs[sourceAt];
    let target = targetAt < 0 ? undefined : drawnAs[targetAt];
    if (source === undefined || target === undefined) continue;
    const e = edgeList[k]!;
    if (groupOfMember.size > 0 && parent[targetAt] === sourceAt)
      target = groupOfMember.get(e.target) ?? target;
    if (source !== target) mergeEdge(state, source, target, e);
  }

  const representative = new Map<string, string>();
  for (let i = 0; i < count; i++) if (drawnAs[i] !== undefined) representative.set(list[i]!.id, drawnAs[i]!);
  const makeLineageMaps = (): LineageMaps => {
    const maps: LineageMaps = { parentOf: new Map(), childCount: new Map(), counted: new Set() };
    for (let i = 0; i < count; i++) {
      const id = list[i]!.id;
      if (parent[i]! >= 0) maps.parentOf.set(id, list[parent[i]!]!.id);
      if (childCounts[i]! > 0) maps.childCount.set(id, childCounts[i]!);
    }
    for (let k = 0; k < edgeList.length; k++) {
      const sourceAt = ends[2 * k]!;
      const targetAt = ends[2 * k + 1]!;
      if (
        sourceAt >= 0 &&
        targetAt >= 0 &&
        drawnAs[sourceAt] !== undefined &&
        drawnAs[targetAt] !== undefined
      )
        maps.counted.add(edgeList[k]!.id);
    }
    return maps;
  };

  visible.sort(bySeq);
  const bySource = state.bySource;
  return {
    graph: {
      nodes: visible,
      edges: [...state.merged, ...memberEdges],
      representative,
      groups,
      edgeAt: (source, target) => bySource.get(source)?.get(target),
    },
    representative,
    groups,
    lineage: null,
    makeLineageMaps,
    drawnKinds,
    bySource: state.bySource,
    merged: state.merged,
    reasonCounts: state.reasonCounts,
    memberEdges,
    cyclic,
  };
}

/**
 * Places nodes and edges that were only added or removed (a live append; an expected artifact
 * replaced by the real one), and nodes that changed only their label or seq, into a previous
 * build, in time proportional to the change. Returns null when the change would alter how other
 * nodes are drawn (a new root, a node losing its parent edge or its children, a sibling set
 * crossing GROUP_OVER, an expanded group): then the caller rebuilds. Updates `state` in place;
 * the graph it returns is a new object, unless nothing drawn changed (a label only: nodes draw
 * their label from the store, so the graph as it was is returned).
 */
function grow(
  state: BuildState,
  nodes: ReadonlyMap<string, LineageNode>,
  edges: ReadonlyMap<string, LineageEdge>,
  change: Growth,
): VisibleGraph | null {
  const { parentOf, childCount, counted } = lineageMaps(state);
  const changedGroups = new Map<string, ToolGroup | null>();
  const groupOf = (id: string) => (changedGroups.has(id) ? changedGroups.get(id)! : state.groups.get(id));
  /**
   * Members joining each group, merged into its list once at the end. Copying a group's list for
   * every member added made a first read quadratic — a delta of 2,000 tool calls into a group of
   * 300,000 copied 600M ids (a 1.2M-event log: 39 s of the page).
   */
  const joining = new Map<string, LineageNode[]>();
  /** Per changed group: its members before this growth, and who came and went. */
  const moves = new Map<string, { members: readonly string[]; added: string[]; removed: string[] }>();
  const moved = (gid: string) => {
    let m = moves.get(gid);
    if (!m) moves.set(gid, (m = { members: state.groups.get(gid)?.members ?? [], added: [], removed: [] }));
    return m;
  };
  const removedDrawn = new Set<string>();
  const drawnNodes: VisibleNode[] = [];
  /** Drawn nodes whose entry stays but may take a new seq (see the drawn list at the end). */
  const drawnChanged = new Set<string>();

  // Removals first, while the representatives still say where things were drawn.
  const gone = new Set(change.removedNodes.map((n) => n.id));
  /**
   * Surviving nodes that lose the edge they hang by and hang by one of this growth's new edges
   * instead: taken out here and placed again below, as new nodes are. A subagent's observation or
   * validation is attached by name to the subagent of that name spawned last before it, and with
   * two processes writing a session a spawn can arrive after what it takes over: each such move
   * rebuilt the whole visible graph (100–130 ms at 100k events, issue 8). Only a leaf that hangs
   * by nothing else is moved; anything else (a subtree, a node with another way in) rebuilds.
   */
  const moving: LineageNode[] = [];
  let newTargets: Set<string> | null = null;
  for (const e of change.removedEdges) {
    if (parentOf.get(e.target) === e.source && !gone.has(e.target)) {
      newTargets ??= new Set(change.edges.map((id) => edges.get(id)?.target ?? ''));
      const n = nodes.get(e.target);
      if (!n || (childCount.get(e.target) ?? 0) > 0 || !newTargets.has(e.target)) return null;
      if (!hangsOnlyByNew(e.target, edges, change.edges)) return null;
      moving.push(n);
    }
    if (!counted.delete(e.id)) continue; // never drawn: nothing to take out
    const source = state.representative.get(e.source);
    const target = state.representative.get(e.target);
    if (
      source !== undefined &&
      target !== undefined &&
      source !== target &&
      !unmergeEdge(state, source, target, e)
    )
      return null;
  }
  /** Drawn one by one before this growth and taken out by it: kept in the drawn list if placed again so. */
  const takenOutDrawn = new Set<string>();
  /** Takes a node out of where it is drawn; false when only a rebuild can. */
  const takeOut = (n: LineageNode): boolean => {
    const id = n.id;
    const drawn = state.representative.get(id);
    const parent = parentOf.get(id);
    if ((childCount.get(id) ?? 0) > 0) return false;
    if (parent !== undefined) childCount.set(parent, (childCount.get(parent) ?? 1) - 1);
    parentOf.delete(id);
    // Never drawn (it came and went between two drawings: a cluster job's expected artifact, until
    // it is produced): nothing to take out.
    if (drawn === undefined) return true;
    state.representative.delete(id);
    if (drawn === id) {
      const parentDrawn = parent === undefined ? undefined : state.representative.get(parent);
      if (parentDrawn === undefined) return false;
      countDrawn(state, parentDrawn, n.kind, -1);
      removedDrawn.add(id);
      takenOutDrawn.add(id);
      return true;
    }
    const group = groupOf(drawn);
    if (!group || group.expanded) return false;
    const members = group.members.filter((m) => m !== id);
    // A kind group that would fall to GROUP_OVER or fewer is drawn member by member: rebuild.
    if (group.memberKind !== 'tool_call' && members.length <= GROUP_OVER) return false;
    changedGroups.set(drawn, members.length ? { ...group, members } : null);
    moved(drawn).removed.push(id);
    return true;
  };
  for (const n of change.removedNodes) if (!takeOut(n)) return null;
  for (const n of moving) if (!takeOut(n)) return null;

  const isNew = new Set(change.nodes);
  for (const n of moving) isNew.add(n.id);
  const newEdges: LineageEdge[] = [];
  for (const id of change.edges) {
    if (counted.has(id)) continue; // a build saw it already
    const e = edges.get(id);
    // Gone again since (growthSince keeps the edges of a node that came and went within it).
    if (!e) continue;
    if (!nodes.has(e.source) || !nodes.has(e.target)) return null;
    newEdges.push(e);
  }
  // The parents of new nodes; an old node gaining its first edge (a root no more) changes the shape.
  for (const e of newEdges) {
    if (e.source === e.target || parentOf.has(e.target)) continue;
    if (!isNew.has(e.target)) return null;
    parentOf.set(e.target, e.source);
    childCount.set(e.source, (childCount.get(e.source) ?? 0) + 1);
  }
  // Nodes a build saw already (see `counted`) are where they belong.
  let pending = change.nodes
    .filter((id) => !state.representative.has(id))
    .map((id) => nodes.get(id))
    .filter((n): n is LineageNode => n !== undefined);
  if (moving.length) pending = [...pending, ...moving.filter((n) => !isNewIn(change, n.id))];
  while (pending.length) {
    const waiting: LineageNode[] = [];
    for (const n of pending) {
      const parent = parentOf.get(n.id);
      if (parent === undefined) return null; // a new root
      const drawn = state.representative.get(parent);
      if (drawn === undefined) {
        waiting.push(n); // its parent is new too and not placed yet
        continue;
      }
      const isTool = n.kind === 'tool_call';
      const gid = isTool ? groupId(drawn, toolName(n)) : kindGroupId(drawn, n.kind);
      const group = groupOf(gid);
      if (group) {
        if (group.expanded) return null;
        if (!changedGroups.has(gid)) changedGroups.set(gid, { ...group });
        const list = joining.get(gid);
        if (list) list.push(n);
        else joining.set(gid, [n]);
        // A member moved within its group (two parents drawn as one) neither came nor went.
        const m = moved(gid);
        const left = m.removed.indexOf(n.id);
        if (left >= 0) m.removed.splice(left, 1);
        else m.added.push(n.id);
        state.representative.set(n.id, gid);
      } else if (isTool) {
        const created: ToolGroup = {
          toolName: toolName(n),
          memberKind: n.kind,
          parentId: drawn,
          members: [n.id],
          expanded: false,
          shown: 0,
        };
        changedGroups.set(gid, created);
        state.representative.set(n.id, gid);
      } else {
        if ((state.drawnKinds.get(drawn)?.get(n.kind) ?? 0) + 1 > GROUP_OVER) return null;
        countDrawn(state, drawn, n.kind, 1);
        // Drawn one by one before too (moved to another parent drawn one by one): its entry stays.
        if (takenOutDrawn.has(n.id)) drawnChanged.add(n.id);
        else drawnNodes.push({ id: n.id, kind: n.kind, seq: n.seq, group: null });
        state.representative.set(n.id, n.id);
        removedDrawn.delete(n.id);
      }
    }
    if (waiting.length === pending.length) return null;
    pending = waiting;
  }
  for (const [gid, list] of joining) {
    const group = changedGroups.get(gid)!;
    group.members = mergeBySeq(group.members, list, nodes);
  }

  // Nodes changed in place: kind, tool name and edges as they were, so each stays where it is
  // drawn. A label is read from the store by the node drawn (and a group's detail), so only a
  // new seq moves something: a drawn node among the others, a member within its group's list.
  const resorted = new Set<string>();
  for (const was of change.changedInPlace) {
    const now = nodes.get(was.id);
    if (!now) continue; // the maps are newer than this growth: a later one removes it
    const drawn = state.representative.get(was.id);
    if (drawn === undefined) return null;
    if (drawn === was.id) {
      drawnChanged.add(was.id);
      continue;
    }
    const group = groupOf(drawn);
    // A tool call named by its label moves group when it changes (a reshape; or the maps already
    // hold a later change than this growth).
    if (!group || (group.memberKind === 'tool_call' && toolName(now) !== group.toolName)) return null;
    // Compared with the growth's own before (a node's seq is its first event's: it changes once
    // from null, or when a correction moves events, never back and forth within a few versions).
    if (was.seq === now.seq) continue;
    if (group.expanded) return null; // the members shown are the first ones by seq
    resorted.add(drawn);
  }
  for (const gid of resorted) {
    if (!changedGroups.has(gid)) changedGroups.set(gid, { ...groupOf(gid)! });
    const group = changedGroups.get(gid)!;
    moved(gid); // group-stats: same members, none gained or lost
    const bySeqNow = group.members.map((id) => ({ id, seq: nodes.get(id)?.seq ?? null }));
    group.members = sortBySeq(bySeqNow).map((m) => m.id);
  }

  for (const e of newEdges) {
    const source = state.representative.get(e.source);
    const target = state.representative.get(e.target);
    if (source === undefined || target === undefined) return null;
    counted.add(e.id);
    if (source !== target) mergeEdge(state, source, target, e);
  }

  for (const [gid, g] of changedGroups)
    if (g && moves.has(gid)) g.previous = chainChange(moves.get(gid)!, state.groups.get(gid)?.previous);
  let touched = removedDrawn.size > 0 || changedGroups.size > 0 || drawnNodes.length > 0;
  const visible: VisibleNode[] = [];
  for (const vn of state.graph.nodes) {
    if (removedDrawn.has(vn.id)) continue;
    if (drawnChanged.has(vn.id)) {
      const seq = nodes.get(vn.id)!.seq;
      if (seq !== vn.seq) {
        // Which node of a cycle is drawn first, and which members an expanded group shows, follow seq.
        if (state.cyclic || shownInExpandedGroup(state, nodes.get(vn.id)!)) return null;
        visible.push({ ...vn, seq });
        touched = true;
        continue;
      }
    }
    if (!changedGroups.has(vn.id)) {
      visible.push(vn);
      continue;
    }
    const changed = changedGroups.get(vn.id)!;
    changedGroups.delete(vn.id);
    if (!changed) {
      state.groups.delete(vn.id);
      continue;
    }
    state.groups.set(vn.id, changed);
    visible.push({ ...vn, seq: nodes.get(changed.members[0]!)?.seq ?? null, group: changed });
  }
  // Groups made by this growth.
  for (const [id, g] of changedGroups) {
    if (!g) continue;
    state.groups.set(id, g);
    visible.push({ id, kind: 'tool_group', seq: nodes.get(g.members[0]!)?.seq ?? null, group: g });
  }
  // Nothing drawn changed (labels only): the graph as it was, so no view redraws.
  if (!touched && change.edges.length === 0 && change.removedEdges.length === 0) return state.graph;
  visible.push(...drawnNodes);
  visible.sort(bySeq);
  state.graph = {
    nodes: visible,
    edges: [...state.merged, ...state.memberEdges],
    representative: state.representative,
    groups: state.groups,
    edgeAt: state.graph.edgeAt,
  };
  return state.graph;
}

/** Whether `id` is among the nodes a growth adds. */
const isNewIn = (change: Growth, id: string) => change.nodes.includes(id);

/**
 * Whether node `id` has no incoming edge but `newEdgeIds` (a build hangs a node by its first
 * incoming edge in the map's order: an older one would be its parent, not the new one). A scan of
 * every edge, made only for a node that moves (a few times in a session).
 */
function hangsOnlyByNew(
  id: string,
  edges: ReadonlyMap<string, LineageEdge>,
  newEdgeIds: readonly string[],
): boolean {
  const fresh = new Set(newEdgeIds);
  for (const e of edges.values()) if (e.target === id && e.source !== id && !fresh.has(e.id)) return false;
  return true;
}

/** Whether `node`, drawn one by one, is one of the members an expanded group shows. */
function shownInExpandedGroup(state: BuildState, node: LineageNode): boolean {
  const parent = lineageMaps(state).parentOf.get(node.id);
  const drawnParent = parent === undefined ? undefined : state.representative.get(parent);
  if (drawnParent === undefined) return false;
  const gid =
    node.kind === 'tool_call' ? groupId(drawnParent, toolName(node)) : kindGroupId(drawnParent, node.kind);
  return state.groups.get(gid)?.expanded === true;
}

/**
 * A new list: `members` (sorted by seq) with `joining` merged in. Usually they all come after the
 * last member (a live append, a log read in order): then it is a concatenation. A few that sort
 * among the members (a session two processes write: two seq counters) are each put in place by a
 * binary search; many, in one pass over the members.
 */
function mergeBySeq(
  members: readonly string[],
  joining: LineageNode[],
  nodes: ReadonlyMap<string, LineageNode>,
): string[] {
  sortBySeq(joining);
  const last = members.length ? nodes.get(members[members.length - 1]!) : undefined;
  if (!members.length || !last || bySeq(last, joining[0]!) <= 0)
    return members.concat(joining.map((n) => n.id));
  if (joining.length <= 16) {
    const out = members.slice();
    if (joining.every((node) => insertBySeq(out, node, nodes))) return out;
  }
  const out: string[] = [];
  let j = 0;
  for (const id of members) {
    const m = nodes.get(id);
    while (m && j < joining.length && bySeq(joining[j]!, m) < 0) out.push(joining[j++]!.id);
    out.push(id);
  }
  while (j < joining.length) out.push(joining[j++]!.id);
  return out;
}

/**
 * Puts `node`'s id in `ids` (sorted by seq) after those that sort before or with it; false, and
 * `ids` unchanged, when an id met on the way is not in `nodes` (the caller merges in one pass).
 */
function insertBySeq(ids: string[], node: LineageNode, nodes: ReadonlyMap<string, LineageNode>): boolean {
  let unknown = false;
  const at = partitionPoint(ids.length, (i) => {
    const m = nodes.get(ids[i]!);
    if (!m) unknown = true;
    return m !== undefined && bySeq(m, node) <= 0;
  });
  if (unknown) return false;
  ids.splice(at, 0, node.id);
  return true;
}

/** The visible graph of the latest inputs, computed once for every view that asks (graph, detail). */
let memo: {
  key: string;
  nodes: ReadonlyMap<string, LineageNode>;
  edges: ReadonlyMap<string, LineageEdge>;
  expanded: ReadonlySet<string>;
  structure: number;
  state: BuildState;
} | null = null;

/**
 * Like `buildVisibleGraph`, but reused while the graph's shape has not changed (a delta that only
 * changes nodes' details keeps the same visible graph), and grown in place when nodes and edges
 * were only added or removed, or nodes changed only their label or seq, since the last call (over
 * versions it was not called with: growthSince).
 * `structure` and `growth` come from SessionData.
 */
export function visibleGraphOf(
  key: string,
  nodes: ReadonlyMap<string, LineageNode>,
  edges: ReadonlyMap<string, LineageEdge>,
  expanded: ReadonlySet<string>,
  structure: number,
  growth: Growth | null = null,
): VisibleGraph {
  const base =
    memo !== null &&
    memo.key === key &&
    memo.expanded === expanded &&
    memo.nodes === nodes &&
    memo.edges === edges
      ? memo
      : null;
  if (base && base.structure === structure) return base.state.graph;
  const since = base && growth ? growthSince(growth, base.structure) : null;
  if (base && since) {
    const grown = grow(base.state, nodes, edges, since);
    if (grown) {
      memo = { key, nodes, edges, expanded, structure, state: base.state };
      return grown;
    }
  }
  memo = { key, nodes, edges, expanded, structure, state: build(nodes, edges, expanded) };
  return memo.state.graph;
}
