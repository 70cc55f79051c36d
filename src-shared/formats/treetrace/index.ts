/**
 * The TreeTrace reader, pure: what a host or a view calls.
 *
 * `buildTreeTraceBundle(input)` turns the texts of a bundle's files (`BundleInput`, read by any
 * host) into the `TreeTraceBundle` model — plain JSON, items linked by index: nodes with resolved
 * parents, children, depth and what cites them; cycles (each broken at a marked edge); dangling
 * references; correction chains with their nodes, signals, lessons and evals; rejections (nodes and
 * rejections.json); lessons (tree.json and lessons.md); eval candidates (tree.json and
 * evals.jsonl); hallucinations (both spellings); failures; sessions as groups; redactions;
 * reports; the runs the files come from; declared and counted stats; problems. It never throws on
 * input. `summarizeTreeTraceBundle` gives the counts `inspect` prints. On disk or in an archive,
 * `openTreeTrace(path)` in src-main/services/treetrace reads the files and calls this.
 */
export { buildTreeTraceBundle } from './build-bundle';
export { summarizeTreeTraceBundle, type TreeTraceSummary } from './bundle-summary';
export { readBundleIndex, type BundleIndex, type IndexEntry } from './bundle-index';
export * from './types';
export {
  EDGE_RELATIONSHIPS,
  FAILURE_TYPES,
  NODE_KINDS,
  NODE_STATUSES,
  REJECTION_KINDS,
  canonicalFailureType,
  isHallucinationType,
  isRedactedMarker,
} from './vocabulary';
