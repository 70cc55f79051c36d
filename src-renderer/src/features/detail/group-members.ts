/** The tool calls a group node stands for, recovered from its id (`group:<parent>|<tool>`). */
import type { LineageEdge, LineageNode } from '../../../../src-shared/lineage/types';

export function parseGroupId(id: string): { parentId: string; toolName: string } | null {
  if (!id.startsWith('group:')) return null;
  const rest = id.slice('group:'.length);
  const bar = rest.lastIndexOf('|');
  return bar < 0 ? null : { parentId: rest.slice(0, bar), toolName: rest.slice(bar + 1) };
}

export function groupMembers(
  id: string,
  nodes: ReadonlyMap<string, LineageNode>,
  edges: ReadonlyMap<string, LineageEdge>,
): LineageNode[] {
  const g = parseGroupId(id);
  if (!g) return [];
  const children = new Set<string>();
  for (const e of edges.values()) if (e.source === g.parentId) children.add(e.target);
  const out: LineageNode[] = [];
  for (const n of nodes.values()) {
    if (n.kind !== 'tool_call' || !children.has(n.id)) continue;
    const name = typeof n.data['toolName'] === 'string' ? n.data['toolName'] : n.label;
    if (name === g.toolName) out.push(n);
  }
  return out.sort((a, b) => (a.seq ?? Infinity) - (b.seq ?? Infinity));
}
