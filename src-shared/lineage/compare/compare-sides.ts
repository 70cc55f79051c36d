/**
 * Compares the derived lineage graphs of two sides (a log cut at a seq, or whole): the graph
 * differences, the verdict flips, the corrections added, and the steps aligned one by one.
 * Pure: the bytes come from whoever read the files (the CLI, a worker, a test).
 */
import { alignSteps, type AlignableStep } from './align-steps';
import type { CompareMode, CompareResult, CompareSideInfo, CompareSideRef } from './compare-types';
import { diffGraphs, type GraphSide } from './diff-graphs';
import { nodeKeys } from './node-identity';
import { SideAtSeqReader, type SideAtSeq } from './side-at-seq';
import { stepMeaning } from './step-signature';

export interface BuiltSide {
  ref: CompareSideRef;
  sessionId: string;
  side: SideAtSeq;
}

export interface CompareOptions {
  /** Entries listed at most per list (steps, nodes, edges, flips, corrections); all are counted. */
  maxListed?: number;
  diffTimeoutMs?: number;
}

/** Reads one side from its bytes (in file order), stopping at the cut. */
export function readSide(ref: CompareSideRef, sessionId: string, chunks: Iterable<Uint8Array>): BuiltSide {
  const reader = new SideAtSeqReader(sessionId, ref.uptoSeq);
  for (const chunk of chunks) if (reader.push(chunk)) break;
  return { ref, sessionId, side: reader.end() };
}

export function compareSides(a: BuiltSide, b: BuiltSide, options: CompareOptions = {}): CompareResult {
  const mode: CompareMode = a.ref.sessionKey === b.ref.sessionKey ? 'same-session' : 'two-sessions';
  const max = options.maxListed ?? Number.POSITIVE_INFINITY;
  const graphA = graphSide(a, mode);
  const graphB = graphSide(b, mode);
  const diff = diffGraphs(graphA, graphB, mode);
  const steps = alignSteps(stepsOf(a), stepsOf(b), {
    matchBy: mode === 'same-session' ? 'event-id' : 'signature',
    maxRows: options.maxListed,
    diffTimeoutMs: options.diffTimeoutMs,
  });
  const count = <T extends { change: string }>(list: T[], change: string) =>
    list.filter((x) => x.change === change).length;
  return {
    mode,
    a: info(a),
    b: info(b),
    summary: {
      nodes: {
        added: count(diff.nodes, 'added'),
        removed: count(diff.nodes, 'removed'),
        changed: count(diff.nodes, 'changed'),
      },
      edges: { added: count(diff.edges, 'added'), removed: count(diff.edges, 'removed') },
      verdictFlips: diff.verdictFlips.length,
      corrections: { added: count(diff.corrections, 'added'), removed: count(diff.corrections, 'removed') },
      steps: steps.counts,
    },
    steps,
    nodes: diff.nodes.slice(0, max),
    edges: diff.edges.slice(0, max),
    verdictFlips: diff.verdictFlips.slice(0, max),
    corrections: diff.corrections.slice(0, max),
    notListed: {
      nodes: Math.max(0, diff.nodes.length - max),
      edges: Math.max(0, diff.edges.length - max),
      verdictFlips: Math.max(0, diff.verdictFlips.length - max),
      corrections: Math.max(0, diff.corrections.length - max),
    },
  };
}

function graphSide(side: BuiltSide, mode: CompareMode): GraphSide {
  const { nodes, edges } = side.side.lineage;
  return { nodes, edges, keys: nodeKeys(nodes, edges, mode) };
}

function stepsOf(side: BuiltSide): AlignableStep[] {
  const { log, lineage } = side.side;
  return log.ordered().map((view, index) => {
    const meaning = stepMeaning(view);
    return {
      ref: {
        index,
        eventId: view.event.eventId,
        seq: view.event.seq,
        kind: view.event.kind,
        label: meaning.label,
        nodeId: lineage.nodeOfView(view),
      },
      signature: meaning.signature,
      outcome: meaning.outcome,
      corrections: view.corrections.map((c) => c.correctionId).join(','),
    };
  });
}

function info(side: BuiltSide): CompareSideInfo {
  const { log, lineage, cutLineNo, cutSeq } = side.side;
  let lastSeq: number | null = null;
  for (const v of log.events.values())
    if (v.event.seq !== null && (lastSeq === null || v.event.seq > lastSeq)) lastSeq = v.event.seq;
  return {
    sessionKey: side.ref.sessionKey,
    sessionId: side.sessionId,
    uptoSeq: side.ref.uptoSeq,
    cut: { lineNo: cutLineNo, seq: cutSeq },
    events: log.events.size,
    nodes: lineage.nodes.size,
    edges: lineage.edges.size,
    corrections: log.appliedCorrectionCount(),
    lastSeq,
    parseErrors: log.parseErrors.length,
  };
}
