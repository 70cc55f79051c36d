/**
 * What the bundle says about itself, checked against what it holds: counts from the nodes next to
 * the declared `stats`/`analysis`, the runs the files come from (`generatedAt`), and the redaction
 * markers TreeTrace left in place of secrets.
 */
import { bump, countMap, isObject, num, str, type JsonObject } from './json-text';
import type {
  BundleFileStatus,
  BundleProblem,
  CountedStats,
  RedactionDecision,
  StatMismatch,
  TreeTraceBundle,
  TreeTraceNode,
  TreeTraceRedactions,
  TreeTraceReport,
} from './types';
import { countRedactionMarkers, isRedactedMarker } from './vocabulary';

export function countStats(
  nodes: readonly TreeTraceNode[],
  extra: {
    edges: number;
    roots: number;
    duplicateIds: number;
    sessions: number;
    /** Kinds of the rejection entries on nodes (read apart from the nodes' own fields). */
    rejectionKinds: readonly (string | null)[];
  },
): CountedStats {
  const byKind = countMap();
  const byStatus = countMap();
  const signalsByType = countMap();
  const rejectionsByKind = countMap();
  const models: string[] = [];
  const seenModels = new Set<string>();
  const addModel = (m: string | null) => {
    if (m !== null && !seenModels.has(m)) {
      seenModels.add(m);
      models.push(m);
    }
  };
  let abandoned = 0;
  let abandonedBranches = 0;
  let forwardParents = 0;
  let failureSignals = 0;
  let actions = 0;
  let first: { ts: string; t: number } | null = null;
  let last: { ts: string; t: number } | null = null;
  for (const kind of extra.rejectionKinds) bump(rejectionsByKind, kind ?? '(missing)');
  for (const node of nodes) {
    bump(byKind, node.kind ?? '(missing)');
    bump(byStatus, node.status ?? '(missing)');
    if (node.abandoned) {
      abandoned++;
      if (node.parent === null || !nodes[node.parent]!.abandoned) abandonedBranches++;
    }
    if (node.forwardParent) forwardParents++;
    failureSignals += node.failureSignals.length;
    for (const s of node.failureSignals) bump(signalsByType, s.canonicalType ?? '(missing)');
    actions += node.actions.length;
    addModel(node.model);
    for (const a of node.actions) addModel(a.model);
    const t = node.timestamp === null ? NaN : Date.parse(node.timestamp);
    if (!Number.isNaN(t)) {
      if (!first || t < first.t) first = { ts: node.timestamp!, t };
      if (!last || t > last.t) last = { ts: node.timestamp!, t };
    }
  }
  return {
    nodes: nodes.length,
    edges: extra.edges,
    roots: extra.roots,
    byKind,
    byStatus,
    abandoned,
    abandonedBranches,
    forwardParents,
    duplicateIds: extra.duplicateIds,
    failureSignals,
    signalsByType,
    rejections: extra.rejectionKinds.length,
    rejectionsByKind,
    actions,
    models,
    firstTs: first?.ts ?? null,
    lastTs: last?.ts ?? null,
    sessions: extra.sessions,
  };
}

/**
 * Declared numbers that the nodes contradict. Only numbers the writer documents as counts of what
 * the file holds are compared (`sessions[].promptCount` counts raw prompts, so it is not).
 */
export function statMismatches(
  declared: JsonObject | null,
  analysis: JsonObject | null,
  counted: CountedStats,
  treeLists: { chains: number | null; lessons: number | null; evals: number | null },
): StatMismatch[] {
  const out: StatMismatch[] = [];
  const check = (source: JsonObject | null, field: string, label: string, value: number | null) => {
    const d = source ? num(source[field]) : null;
    if (d !== null && value !== null && d !== value) out.push({ field: label, declared: d, counted: value });
  };
  check(declared, 'prompts', 'stats.prompts', counted.nodes);
  check(declared, 'corrections', 'stats.corrections', counted.byKind['correction'] ?? 0);
  check(declared, 'scopeChanges', 'stats.scopeChanges', counted.byKind['scope-change'] ?? 0);
  check(declared, 'checkpoints', 'stats.checkpoints', counted.byKind['checkpoint'] ?? 0);
  check(declared, 'abandonedBranches', 'stats.abandonedBranches', counted.abandonedBranches);
  check(declared, 'rejections', 'stats.rejections', counted.rejections);
  check(analysis, 'failureSignals', 'analysis.failureSignals', counted.failureSignals);
  check(analysis, 'correctionChains', 'analysis.correctionChains', treeLists.chains);
  check(analysis, 'lessons', 'analysis.lessons', treeLists.lessons);
  check(analysis, 'evalCandidates', 'analysis.evalCandidates', treeLists.evals);
  return out;
}

/**
 * TreeTrace rewrites its files whole at the end of a run, without locking; a partial run rewrites
 * only some, so one folder can mix runs. The reference is tree.json's time (else the first found).
 */
export function compareGenerations(
  files: readonly BundleFileStatus[],
  reports: readonly TreeTraceReport[],
  problems: BundleProblem[],
): TreeTraceBundle['generations'] {
  const stamped: { file: string; generatedAt: string }[] = [];
  for (const f of files) if (f.generatedAt) stamped.push({ file: f.name, generatedAt: f.generatedAt });
  for (const r of reports) if (r.generatedAt) stamped.push({ file: r.name, generatedAt: r.generatedAt });
  const reference =
    stamped.find((s) => s.file === 'tree.json')?.generatedAt ?? stamped[0]?.generatedAt ?? null;
  const differing = stamped.filter((s) => s.generatedAt !== reference).map((s) => s.file);
  if (differing.length) {
    const referenceFile = stamped.find((s) => s.generatedAt === reference)!.file;
    const list = stamped
      .filter((s) => s.generatedAt !== reference)
      .map((s) => `${s.file} (${s.generatedAt})`)
      .join(', ');
    problems.push({
      severity: 'warning',
      code: 'generation-mismatch',
      file: null,
      message: `files from different TreeTrace runs: ${list} against ${referenceFile} (${reference}); node ids are renumbered on every run, so their references may not match`,
    });
  }
  return { reference, files: stamped, mismatch: differing.length > 0, differing };
}

export function collectRedactions(
  nodes: TreeTraceNode[],
  rejectionEvidence: readonly { node: number | null; evidence: string | null }[],
  decisionsFile: JsonObject | null,
): TreeTraceRedactions {
  const markers = countMap();
  const withMarkers: number[] = [];
  const redactedIds: number[] = [];
  let total = 0;
  const perNode = new Map<number, number>();
  const add = (node: number | null, text: string | null) => {
    const found = countRedactionMarkers(text, markers);
    if (!found) return;
    total += found;
    if (node !== null) perNode.set(node, (perNode.get(node) ?? 0) + found);
  };
  for (const node of nodes) {
    add(node.index, node.id);
    add(node.index, node.parentId);
    add(node.index, node.title === node.text ? null : node.title);
    add(node.index, node.text);
    for (const a of node.actions) {
      add(node.index, a.file);
      add(node.index, a.command);
    }
    for (const s of node.failureSignals) add(node.index, s.evidence);
    for (const id of node.sourceEventIds) add(node.index, id);
    if (
      node.idRedacted ||
      isRedactedMarker(node.parentId) ||
      isRedactedMarker(node.sourceEventIds[0] ?? null)
    )
      redactedIds.push(node.index);
  }
  for (const r of rejectionEvidence) add(r.node, r.evidence);
  for (const [node, count] of [...perNode.entries()].sort((a, b) => a[0] - b[0])) {
    nodes[node]!.redactionMarkers = count;
    withMarkers.push(node);
  }
  return { markers, total, nodes: withMarkers, redactedIds, decisions: readDecisions(decisionsFile) };
}

/** redactions.json: `{sha256: {action, replacement?, ruleId}}`; hashes only, never the secret. */
function readDecisions(file: JsonObject | null): RedactionDecision[] | null {
  if (!file) return null;
  const out: RedactionDecision[] = [];
  for (const [hash, value] of Object.entries(file)) {
    if (!isObject(value)) continue;
    out.push({
      hash,
      action: str(value.action),
      ruleId: str(value.ruleId),
      replacement: str(value.replacement),
    });
  }
  return out;
}
