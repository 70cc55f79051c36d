/**
 * The differences between two lineage graphs whose nodes were given matching keys
 * (node-identity.ts): nodes added, removed and changed (label, status, verdict, missing, stale,
 * corrections), edges added and removed, verdicts that flipped, and corrections added or removed.
 */
import type { LineageEdge, LineageNode } from '../types';
import type {
  CompareMode,
  CorrectionDiff,
  EdgeDiff,
  FieldChange,
  NodeDiff,
  NodeRef,
  VerdictFlip,
} from './compare-types';
import type { NodeKeys } from './node-identity';

export interface GraphSide {
  nodes: ReadonlyMap<string, LineageNode>;
  edges: ReadonlyMap<string, LineageEdge>;
  keys: NodeKeys;
}

export interface GraphDiff {
  nodes: NodeDiff[];
  edges: EdgeDiff[];
  verdictFlips: VerdictFlip[];
  corrections: CorrectionDiff[];
}

const ref = (node: LineageNode): NodeRef => ({
  nodeId: node.id,
  label: node.label,
  seq: node.seq,
  missing: node.missing,
});

function byKey(side: GraphSide): Map<string, LineageNode> {
  const out = new Map<string, LineageNode>();
  for (const node of side.nodes.values()) out.set(side.keys.get(node.id) ?? node.id, node);
  return out;
}

/** What "status" means for each kind: the outcome a reviewer reads off the node. */
function statusOf(node: LineageNode): string | null {
  const d = node.data;
  switch (node.kind) {
    case 'tool_call':
      return d['hasResult']
        ? d['success'] === false
          ? 'failed'
          : d['success'] === true
            ? 'succeeded'
            : 'returned'
        : 'no result';
    case 'job':
      return typeof d['status'] === 'string' ? d['status'] : null;
    case 'subagent':
      return d['completed'] ? (d['success'] === false ? 'failed' : 'completed') : 'running';
    case 'session':
      return d['ended']
        ? `ended${typeof d['exitReason'] === 'string' ? ` (${d['exitReason']})` : ''}`
        : 'running';
    case 'child_session':
      return d['exists'] === false ? 'missing' : null;
    default:
      return null;
  }
}

function verdictOf(node: LineageNode): string | null {
  if (node.kind !== 'verification' && node.kind !== 'validation') return null;
  const v = node.data['verdict'];
  return typeof v === 'string' ? v : null;
}

function fieldChanges(x: LineageNode, y: LineageNode, mode: CompareMode): FieldChange[] {
  const out: FieldChange[] = [];
  const add = (field: string, before: string | null, after: string | null) => {
    if (before !== after) out.push({ field, before, after });
  };
  // Across two logs a session's and a child session's label is its (random) id: not a change.
  // A verdict node's label is "gate: verdict": the verdict line says it.
  const labelIsId = mode === 'two-sessions' && (x.kind === 'session' || x.kind === 'child_session');
  if (!labelIsId && x.kind !== 'verification' && x.kind !== 'validation') add('label', x.label, y.label);
  add('status', statusOf(x), statusOf(y));
  add('verdict', verdictOf(x), verdictOf(y));
  add('missing', String(x.missing), String(y.missing));
  add('stale', String(x.stale), String(y.stale));
  add('corrections', String(x.corrections.length), String(y.corrections.length));
  return out;
}

export function diffGraphs(a: GraphSide, b: GraphSide, mode: CompareMode): GraphDiff {
  const nodesA = byKey(a);
  const nodesB = byKey(b);
  const nodes: NodeDiff[] = [];
  for (const [key, x] of nodesA) {
    const y = nodesB.get(key);
    if (!y) nodes.push({ key, kind: x.kind, change: 'removed', a: ref(x), b: null, fields: [] });
    else {
      const fields = fieldChanges(x, y, mode);
      if (fields.length) nodes.push({ key, kind: y.kind, change: 'changed', a: ref(x), b: ref(y), fields });
    }
  }
  for (const [key, y] of nodesB)
    if (!nodesA.has(key)) nodes.push({ key, kind: y.kind, change: 'added', a: null, b: ref(y), fields: [] });
  nodes.sort(bySeq);

  return {
    nodes,
    edges: diffEdges(a, b),
    verdictFlips: verdictFlips(a, b, nodesA, nodesB),
    corrections: diffCorrections(a, b, mode),
  };
}

function bySeq(x: NodeDiff, y: NodeDiff): number {
  const sx = (x.b ?? x.a)?.seq ?? Number.POSITIVE_INFINITY;
  const sy = (y.b ?? y.a)?.seq ?? Number.POSITIVE_INFINITY;
  return sx - sy || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0);
}

function edgeMap(side: GraphSide): Map<string, LineageEdge> {
  const out = new Map<string, LineageEdge>();
  for (const e of side.edges.values())
    out.set(`${side.keys.get(e.source) ?? e.source} → ${side.keys.get(e.target) ?? e.target}`, e);
  return out;
}

function diffEdges(a: GraphSide, b: GraphSide): EdgeDiff[] {
  const edgesA = edgeMap(a);
  const edgesB = edgeMap(b);
  const out: EdgeDiff[] = [];
  const entry = (
    side: GraphSide,
    key: string,
    e: LineageEdge,
    change: EdgeDiff['change'],
  ): EdgeDiff | null => {
    const source = side.nodes.get(e.source);
    const target = side.nodes.get(e.target);
    if (!source || !target) return null;
    return { key, change, source: ref(source), target: ref(target), reasons: [...e.reasons] };
  };
  for (const [key, e] of edgesA)
    if (!edgesB.has(key)) {
      const d = entry(a, key, e, 'removed');
      if (d) out.push(d);
    }
  for (const [key, e] of edgesB)
    if (!edgesA.has(key)) {
      const d = entry(b, key, e, 'added');
      if (d) out.push(d);
    }
  return out;
}

interface Latest {
  verdict: string;
  key: string;
  seq: number;
}

/** The latest verdict given on each artifact, job or the session, by the key of what it verifies. */
function latestVerdicts(side: GraphSide): Map<string, Latest> {
  const out = new Map<string, Latest>();
  for (const e of side.edges.values()) {
    const verification = side.nodes.get(e.target);
    const subject = side.nodes.get(e.source);
    if (!verification || !subject || verification.kind !== 'verification') continue;
    if (subject.kind !== 'artifact' && subject.kind !== 'job' && subject.kind !== 'session') continue;
    const verdict = verdictOf(verification);
    if (verdict === null) continue;
    const seq = verification.seq ?? Number.POSITIVE_INFINITY;
    const subjectKey = side.keys.get(subject.id) ?? subject.id;
    const prev = out.get(subjectKey);
    if (!prev || seq >= prev.seq)
      out.set(subjectKey, { verdict, key: side.keys.get(verification.id) ?? verification.id, seq });
  }
  return out;
}

function verdictFlips(
  a: GraphSide,
  b: GraphSide,
  nodesA: Map<string, LineageNode>,
  nodesB: Map<string, LineageNode>,
): VerdictFlip[] {
  const out: VerdictFlip[] = [];
  const listed = new Set<string>();
  // A verdict node (or a produces-validation) whose own verdict differs: a correction changed it,
  // or the matching verdict of the other run came out otherwise.
  for (const [key, x] of nodesA) {
    const y = nodesB.get(key);
    if (!y) continue;
    const before = verdictOf(x);
    const after = verdictOf(y);
    if (before === null || after === null || before === after) continue;
    out.push({
      key,
      subject: x.kind === 'validation' ? 'validation' : 'verification',
      label: y.label,
      before,
      after,
      a: ref(x),
      b: ref(y),
    });
    listed.add(key);
  }
  // What was verified: its latest verdict flipped (a new verdict overruled the earlier one).
  const latestA = latestVerdicts(a);
  const latestB = latestVerdicts(b);
  for (const [subjectKey, before] of latestA) {
    const after = latestB.get(subjectKey);
    if (!after || after.verdict === before.verdict) continue;
    // Both sides' latest verdicts are the same verdict node: already listed above.
    if (before.key === after.key && listed.has(before.key)) continue;
    const x = nodesA.get(subjectKey);
    const y = nodesB.get(subjectKey);
    if (!x || !y) continue;
    out.push({
      key: subjectKey,
      subject: y.kind === 'artifact' ? 'artifact' : y.kind === 'job' ? 'job' : 'session',
      label: y.label,
      before: before.verdict,
      after: after.verdict,
      a: ref(x),
      b: ref(y),
    });
  }
  return out;
}

function corrections(
  side: GraphSide,
  mode: CompareMode,
): Map<string, { node: LineageNode; c: LineageNode['corrections'][number] }> {
  const out = new Map<string, { node: LineageNode; c: LineageNode['corrections'][number] }>();
  for (const node of side.nodes.values())
    for (const c of node.corrections) {
      const key =
        mode === 'same-session'
          ? c.correctionId
          : `${side.keys.get(node.id) ?? node.id}|${[...c.fields].sort().join(',')}|${JSON.stringify(c.after)}`;
      out.set(key, { node, c });
    }
  return out;
}

function diffCorrections(a: GraphSide, b: GraphSide, mode: CompareMode): CorrectionDiff[] {
  const ca = corrections(a, mode);
  const cb = corrections(b, mode);
  const out: CorrectionDiff[] = [];
  const entry = (
    change: CorrectionDiff['change'],
    { node, c }: { node: LineageNode; c: LineageNode['corrections'][number] },
  ): CorrectionDiff => ({
    change,
    correctionId: c.correctionId,
    eventId: c.eventId,
    node: ref(node),
    fields: c.fields,
    reason: c.reason,
    before: c.before,
    after: c.after,
  });
  for (const [key, v] of cb) if (!ca.has(key)) out.push(entry('added', v));
  for (const [key, v] of ca) if (!cb.has(key)) out.push(entry('removed', v));
  return out;
}
