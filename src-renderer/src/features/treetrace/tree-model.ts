/** Small helpers over the bundle model for the views: kinds, defaults, ancestors. */
import type { TreeTraceBundle } from '../../../../src-shared/formats/treetrace';
import type { TreeLayoutInput } from './layout/tree-layout';

export const LEGEND_KINDS = [
  'root',
  'direction',
  'correction',
  'scope-change',
  'checkpoint',
  'question',
  'rejection',
] as const;

export function kindClass(kind: string | null): string {
  return (LEGEND_KINDS as readonly string[]).includes(kind ?? '') ? `tt-kind-${kind}` : 'tt-kind-other';
}

export function formatTokens(input: number | null, output: number | null): string | null {
  if (input == null && output == null) return null;
  const f = (n: number | null) => (n == null ? '–' : n >= 10_000 ? `${Math.round(n / 1000)}k` : String(n));
  return `${f(input)} in / ${f(output)} out`;
}

/** Deep subtrees start folded: small bundles open to depth 6, big ones to depth 2. */
export function defaultCollapsed(bundle: TreeTraceBundle): Set<number> {
  const limit = bundle.nodes.length > 400 ? 2 : 6;
  const out = new Set<number>();
  for (const n of bundle.nodes) if (n.depth >= limit && n.children.length) out.add(n.index);
  return out;
}

/** Abandoned sub-trees: abandoned nodes whose parent is not abandoned. */
export function abandonedBranchRoots(bundle: TreeTraceBundle): number[] {
  return bundle.nodes
    .filter(
      (n) => n.abandoned && n.children.length && !(n.parent != null && bundle.nodes[n.parent]?.abandoned),
    )
    .map((n) => n.index);
}

export function ancestors(bundle: TreeTraceBundle, node: number): number[] {
  const out: number[] = [];
  const seen = new Set<number>([node]);
  let at = bundle.nodes[node]?.parent ?? null;
  while (at != null && !seen.has(at)) {
    seen.add(at);
    out.push(at);
    at = bundle.nodes[at]?.parent ?? null;
  }
  return out;
}

/** Sessions as groups at the top level: each root goes to the group of its session. */
export function layoutGroups(bundle: TreeTraceBundle): {
  groups: TreeLayoutInput['groups'];
  labels: string[];
} {
  const bySession = new Map<string | null, number[]>();
  for (const r of bundle.roots) {
    const s = bundle.nodes[r]?.session ?? null;
    const list = bySession.get(s) ?? [];
    list.push(r);
    bySession.set(s, list);
  }
  // Nodes on a broken cycle are roots too; make sure none is left out.
  if (bySession.size <= 1 && bundle.sessions.filter((s) => s.id !== null).length <= 1) {
    return { groups: [{ label: null, roots: bundle.roots }], labels: [] };
  }
  const groups: TreeLayoutInput['groups'] = [];
  const labels: string[] = [];
  for (const [id, roots] of bySession) {
    const session = bundle.sessions.find((s) => s.id === id);
    const label = id === null ? 'No session' : `${session?.title ?? 'Session'} · ${id}`;
    groups.push({ label, roots });
    labels.push(`${label} — ${session?.nodes.length ?? roots.length} nodes`);
  }
  return { groups, labels };
}

/** Folds across a reload: by node key; nodes new in this run get the default. */
export function carryFolds(prev: TreeTraceBundle, next: TreeTraceBundle, folded: Set<number>): Set<number> {
  const prevKeys = new Set(prev.nodes.map((n) => n.key));
  const foldedKeys = new Set([...folded].map((i) => prev.nodes[i]?.key));
  const defaults = defaultCollapsed(next);
  const out = new Set<number>();
  for (const n of next.nodes) {
    if (!n.children.length) continue;
    if (prevKeys.has(n.key) ? foldedKeys.has(n.key) : defaults.has(n.index)) out.add(n.index);
  }
  return out;
}
