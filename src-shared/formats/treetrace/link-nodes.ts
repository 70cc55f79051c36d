/**
 * Gives nodes their keys and links: ids to indices (first occurrence wins; repeats are reported),
 * parents resolved and made a forest (cycles broken, see parent-links.ts), edges resolved, and every
 * reference to a missing node recorded once.
 */
import { buildParentForest } from './parent-links';
import type {
  BundleProblem,
  DanglingRef,
  RefField,
  TreeTraceCycle,
  TreeTraceEdge,
  TreeTraceNode,
} from './types';

/** Fields whose missing targets `inspect` counts as `danglingRefs`. */
const COUNTED_FIELDS: ReadonlySet<RefField> = new Set<RefField>([
  'parentId',
  'edge.from',
  'edge.to',
  'chain.failureNodeId',
  'chain.correctionNodeId',
  'chain.resolvedNodeId',
  'lesson.nodeIds',
  'eval.sourceNodeIds',
]);

export interface NodeLookup {
  /** The node an id names (its first occurrence), or null. */
  find(id: string | null): number | null;
  /** Resolves `id`, recording a dangling reference when it names no node. Null ids are no reference. */
  ref(id: string | null, field: RefField, owner: string): number | null;
  readonly dangling: DanglingRef[];
}

/**
 * `checkRefs` is false when there is no node list (tree.json missing or unusable): references
 * cannot be judged then, and none is called dangling.
 */
export function createNodeLookup(nodes: readonly TreeTraceNode[], checkRefs: boolean): NodeLookup {
  const byId = new Map<string, number>();
  for (const node of nodes) if (node.id !== null && !byId.has(node.id)) byId.set(node.id, node.index);
  const dangling: DanglingRef[] = [];
  const seen = new Set<string>();
  const find = (id: string | null) => (id === null ? null : (byId.get(id) ?? null));
  return {
    find,
    dangling,
    ref(id, field, owner) {
      if (id === null) return null;
      const found = find(id);
      if (found === null && checkRefs) {
        const key = JSON.stringify([field, owner, id]);
        if (!seen.has(key)) {
          seen.add(key);
          dangling.push({ field, owner, ref: id, counted: COUNTED_FIELDS.has(field) });
        }
      }
      return found;
    },
  };
}

/** Unique keys; a repeated id is reported once per repeat. */
export function assignKeys(nodes: TreeTraceNode[], problems: BundleProblem[]): number {
  const seen = new Map<string, number>();
  let duplicates = 0;
  for (const node of nodes) {
    if (node.id === null) {
      node.key = `#${node.index}`;
      problems.push({
        severity: 'warning',
        code: 'missing-id',
        file: 'tree.json',
        node: node.index,
        message: `node at position ${node.index} has no id: nothing can point to it`,
      });
      continue;
    }
    const count = (seen.get(node.id) ?? 0) + 1;
    seen.set(node.id, count);
    if (count === 1) {
      node.key = node.id;
      continue;
    }
    duplicates++;
    node.key = `${node.id}#${count}`;
    problems.push({
      severity: 'warning',
      code: 'duplicate-id',
      file: 'tree.json',
      node: node.index,
      message: `node id ${node.id} is used again at position ${node.index}: references to it go to the first`,
    });
  }
  // A key made for a repeat ("a#2") could equal a real id; make every key unique all the same.
  const used = new Set<string>();
  for (const node of nodes) {
    let key = node.key;
    for (let k = 2; used.has(key); k++) key = `${node.key}~${k}`;
    node.key = key;
    used.add(key);
  }
  return duplicates;
}

/**
 * Resolves parents (parentId, or the first edge into a node that has no parentId field), then
 * breaks cycles. Returns the roots and cycles; fills each node's parent, children, depth, cycle.
 */
export function linkParents(
  nodes: TreeTraceNode[],
  hasParentField: readonly boolean[],
  edges: readonly TreeTraceEdge[],
  lookup: NodeLookup,
  problems: BundleProblem[],
): { roots: number[]; cycles: TreeTraceCycle[] } {
  const firstEdgeInto = new Map<string, string>();
  for (const edge of edges) {
    if (edge.to !== null && edge.from !== null && !firstEdgeInto.has(edge.to))
      firstEdgeInto.set(edge.to, edge.from);
  }
  const written: (number | null)[] = nodes.map((node) => {
    let parentId = node.parentId;
    if (parentId !== null) node.parentSource = 'parentId';
    else if (!hasParentField[node.index] && node.id !== null && firstEdgeInto.has(node.id)) {
      parentId = firstEdgeInto.get(node.id)!;
      node.parentId = parentId;
      node.parentSource = 'edge';
    }
    if (parentId === null) return null;
    const parent = lookup.ref(parentId, 'parentId', node.key);
    node.parentLink = parent === null ? 'dangling' : 'resolved';
    if (parent !== null && parent > node.index) node.forwardParent = true;
    return parent;
  });

  const forest = buildParentForest(written);
  for (const node of nodes) {
    node.parent = forest.parent[node.index] ?? null;
    node.children = forest.children[node.index] ?? [];
    node.depth = forest.depth[node.index] ?? 0;
    node.cycle = forest.cycleOf[node.index] ?? null;
  }
  const cycles = forest.cycles.map((c, index): TreeTraceCycle => {
    const child = nodes[c.child]!;
    const parent = nodes[c.parent]!;
    child.parentLink = 'broken-cycle';
    const names = c.nodes.map((i) => nodes[i]!.key);
    problems.push({
      severity: 'warning',
      code: 'parent-cycle',
      file: 'tree.json',
      node: c.child,
      message:
        c.nodes.length === 1
          ? `node ${child.key} is its own parent: the link is ignored and the node drawn as a root`
          : `parent cycle ${[...names, names[0]].join(' → ')}: broken at ${child.key}'s link to ${parent.key}, which is drawn as a root`,
    });
    return {
      index,
      nodes: c.nodes,
      nodeIds: c.nodes.map((i) => nodes[i]!.id),
      broken: { child: c.child, parent: c.parent, childId: child.id, parentId: parent.id },
    };
  });
  return { roots: forest.roots, cycles };
}

export function linkEdges(edges: TreeTraceEdge[], nodes: readonly TreeTraceNode[], lookup: NodeLookup): void {
  for (const edge of edges) {
    const owner = `edge ${edge.index} (${edge.from ?? '?'} → ${edge.to ?? '?'})`;
    edge.fromNode = lookup.ref(edge.from, 'edge.from', owner);
    edge.toNode = lookup.ref(edge.to, 'edge.to', owner);
    edge.matchesParent =
      edge.toNode !== null && edge.from !== null && nodes[edge.toNode]!.parentId === edge.from;
  }
}
