/**
 * The collapsed view that is laid out and drawn (PERF-NOTES: lay out the collapsed view, not the
 * raw graph). Sibling tool calls with the same tool name under the same parent become one group
 * node; an expanded group shows its first members individually under the group node. Edges are
 * re-pointed at what is visible, merged, and keep every reason they had.
 */
import type { LineageEdge, LineageNode, LineageNodeKind } from '../../../../src-shared/lineage/types';

export type VisibleKind = LineageNodeKind | 'tool_group';

export interface ToolGroup {
  toolName: string;
  parentId: string;
  /** Member tool-call node ids in seq order. */
  members: readonly string[];
  expanded: boolean;
  /** Members drawn individually (expanded groups only, capped). */
  shown: number;
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
}

/** An expanded group draws at most this many members; the rest stay in the group node. */
export const MAX_EXPANDED_MEMBERS = 150;

export const groupId = (parentId: string, toolName: string) => `group:${parentId}|${toolName}`;

const bySeq = (a: { seq: number | null; id: string }, b: { seq: number | null; id: string }) =>
  (a.seq ?? Number.POSITIVE_INFINITY) - (b.seq ?? Number.POSITIVE_INFINITY) || (a.id < b.id ? -1 : 1);

function toolName(node: LineageNode): string {
  const name = node.data['toolName'];
  return typeof name === 'string' && name ? name : node.label;
}

export function buildVisibleGraph(
  nodes: ReadonlyMap<string, LineageNode>,
  edges: ReadonlyMap<string, LineageEdge>,
  expanded: ReadonlySet<string>,
): VisibleGraph {
  // A tool call's parent is the source of its first incoming edge (normally the session).
  const parentOf = new Map<string, string>();
  for (const e of edges.values()) {
    const target = nodes.get(e.target);
    if (target?.kind === 'tool_call' && !parentOf.has(e.target)) parentOf.set(e.target, e.source);
  }

  const groups = new Map<string, { toolName: string; parentId: string; members: LineageNode[] }>();
  const visible: VisibleNode[] = [];
  for (const n of nodes.values()) {
    if (n.kind !== 'tool_call') {
      visible.push({ id: n.id, kind: n.kind, seq: n.seq, group: null });
      continue;
    }
    const parentId = parentOf.get(n.id) ?? '';
    const name = toolName(n);
    const id = groupId(parentId, name);
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { toolName: name, parentId, members: [] }));
    g.members.push(n);
  }

  const representative = new Map<string, string>();
  for (const n of nodes.keys()) representative.set(n, n);
  const memberEdges: VisibleEdge[] = [];
  for (const [id, g] of groups) {
    g.members.sort(bySeq);
    const isExpanded = expanded.has(id);
    const shown = isExpanded ? Math.min(g.members.length, MAX_EXPANDED_MEMBERS) : 0;
    visible.push({
      id,
      kind: 'tool_group',
      seq: g.members[0]?.seq ?? null,
      group: {
        toolName: g.toolName,
        parentId: g.parentId,
        members: g.members.map((m) => m.id),
        expanded: isExpanded,
        shown,
      },
    });
    g.members.forEach((m, i) => {
      if (i < shown) {
        visible.push({ id: m.id, kind: 'tool_call', seq: m.seq, group: null });
        memberEdges.push({ id: `${id}->${m.id}`, source: id, target: m.id, reasons: [], count: 1 });
      } else representative.set(m.id, id);
    });
  }

  const merged = new Map<string, VisibleEdge>();
  for (const e of edges.values()) {
    const source = representative.get(e.source) ?? e.source;
    let target = representative.get(e.target) ?? e.target;
    // parent → member of an expanded group is drawn as parent → group (→ member).
    const targetGroup = nodes.get(e.target)?.kind === 'tool_call' ? parentGroup(e, nodes, parentOf) : null;
    if (targetGroup) target = targetGroup;
    if (source === target || !representative.has(e.source) || !representative.has(e.target)) continue;
    const id = `${source}->${target}`;
    const m = merged.get(id);
    if (m) {
      m.count++;
      for (const r of e.reasons) if (!m.reasons.includes(r)) m.reasons.push(r);
    } else merged.set(id, { id, source, target, reasons: [...e.reasons], count: 1 });
  }

  visible.sort(bySeq);
  return { nodes: visible, edges: [...merged.values(), ...memberEdges], representative };
}

function parentGroup(
  e: LineageEdge,
  nodes: ReadonlyMap<string, LineageNode>,
  parentOf: ReadonlyMap<string, string>,
): string | null {
  if (parentOf.get(e.target) !== e.source) return null;
  const target = nodes.get(e.target);
  return target ? groupId(e.source, toolName(target)) : null;
}
