/**
 * The counts `inspect` prints for a bundle — also the numbers of a stats dashboard. Pure: a bundle
 * model in, plain JSON out. Field meanings are in the README ("TreeTrace bundles").
 */
import type { TreeTraceBundle } from './types';

export interface TreeTraceSummary {
  source: 'treetrace';
  path: string;
  schemaVersion: string | null;
  generatorVersion: string | null;
  nodes: number;
  edges: number;
  byKind: Record<string, number>;
  /** Nodes with status "abandoned". */
  abandoned: number;
  correctionChains: number;
  /** Rejection entries on nodes (`nodes[].rejections`). */
  rejections: number;
  lessons: number;
  evalCandidates: number;
  /** hallucinations.json entries plus failure signals of a hallucination type (either spelling). */
  hallucinations: number;
  /** Distinct parent cycles. */
  cycles: number;
  /** References (parentId, edge ends, chain/lesson/eval node ids) to nodes that do not exist. */
  danglingRefs: number;
  // ---- extras ----
  project: string | null;
  generatedAt: string | null;
  sourceType: string | null;
  generationMismatch: boolean;
  generations: Record<string, string>;
  sessions: number;
  roots: number;
  abandonedBranches: number;
  forwardParents: number;
  duplicateIds: number;
  failureSignals: number;
  failures: number;
  rejectionsLedger: number | null;
  rejectionsByKind: Record<string, number>;
  otherDanglingRefs: number;
  redactionMarkers: number;
  redactedIds: number;
  statMismatches: string[];
  files: Record<string, string>;
  problems: { severity: string; file: string | null; message: string; line?: number }[];
}

export function summarizeTreeTraceBundle(bundle: TreeTraceBundle, path: string): TreeTraceSummary {
  const counted = bundle.stats.counted;
  const generations = Object.create(null) as Record<string, string>;
  for (const g of bundle.generations.files) generations[g.file] = g.generatedAt;
  const files = Object.create(null) as Record<string, string>;
  for (const f of bundle.files) files[f.name] = f.status;
  for (const r of bundle.reports) files[r.name] = r.status;
  return {
    source: 'treetrace',
    path,
    schemaVersion: bundle.schemaVersion,
    generatorVersion: bundle.generatorVersion,
    nodes: counted.nodes,
    edges: counted.edges,
    byKind: counted.byKind,
    abandoned: counted.abandoned,
    correctionChains: bundle.correctionChains.length,
    rejections: counted.rejections,
    lessons: bundle.lessons.length,
    evalCandidates: bundle.evalCandidates.length,
    hallucinations: bundle.hallucinations.length,
    cycles: bundle.cycles.length,
    danglingRefs: bundle.danglingRefs.filter((d) => d.counted).length,
    project: bundle.project?.name ?? null,
    generatedAt: bundle.project?.generatedAt ?? null,
    sourceType: bundle.project?.sourceType ?? null,
    generationMismatch: bundle.generations.mismatch,
    generations,
    sessions: bundle.sessions.length,
    roots: counted.roots,
    abandonedBranches: counted.abandonedBranches,
    forwardParents: counted.forwardParents,
    duplicateIds: counted.duplicateIds,
    failureSignals: counted.failureSignals,
    failures: bundle.failures.length,
    rejectionsLedger: bundle.rejectionLedger?.entries ?? null,
    rejectionsByKind: counted.rejectionsByKind,
    otherDanglingRefs: bundle.danglingRefs.filter((d) => !d.counted).length,
    redactionMarkers: bundle.redactions.total,
    redactedIds: bundle.redactions.redactedIds.length,
    statMismatches: bundle.stats.mismatches.map(
      (m) => `${m.field}: declared ${m.declared}, counted ${m.counted}`,
    ),
    files,
    problems: bundle.problems.map((p) => ({
      severity: p.severity,
      file: p.file,
      message: p.message,
      ...(p.line !== undefined ? { line: p.line } : {}),
    })),
  };
}
