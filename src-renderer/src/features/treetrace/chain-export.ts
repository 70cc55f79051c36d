/**
 * One correction chain as a single file, Markdown or JSON: its failure, correction and resolved
 * nodes, their signals, and the lessons and evals that cite them. Texts are copied as the bundle
 * holds them, so TreeTrace's `[REDACTED:…]` markers stay; nothing is looked up beyond the bundle.
 */
import type {
  TreeTraceBundle,
  TreeTraceChain,
  TreeTraceNode,
} from '../../../../src-shared/formats/treetrace';

const ROLES = ['failure', 'correction', 'resolved'] as const;

function chainNodes(bundle: TreeTraceBundle, chain: TreeTraceChain) {
  const at = [chain.failureNode, chain.correctionNode, chain.resolvedNode];
  const ids = [chain.failureNodeId, chain.correctionNodeId, chain.resolvedNodeId];
  return ROLES.map((role, i) => ({
    role,
    id: ids[i] ?? null,
    node: at[i] != null ? (bundle.nodes[at[i]!] ?? null) : null,
  }));
}

function nodeJson(node: TreeTraceNode) {
  return {
    id: node.id,
    kind: node.kind,
    status: node.status,
    title: node.title,
    text: node.text,
    session: node.session,
    timestamp: node.timestamp,
    model: node.model,
    nudges: node.nudges,
    reruns: node.reruns,
    actions: node.actions,
    failureSignals: node.failureSignals,
  };
}

export function chainJson(bundle: TreeTraceBundle, chain: TreeTraceChain): string {
  return JSON.stringify(
    {
      source: 'treetrace',
      schemaVersion: bundle.schemaVersion,
      generatorVersion: bundle.generatorVersion,
      project: bundle.project?.name ?? null,
      chain: {
        id: chain.id,
        failureType: chain.failureType,
        confidence: chain.confidence,
        summary: chain.summary,
        ...chain.extra,
      },
      nodes: chainNodes(bundle, chain).map(({ role, id, node }) => ({
        role,
        id,
        node: node ? nodeJson(node) : null,
      })),
      signals: chain.signals.map((s) => bundle.nodes[s.node]?.failureSignals[s.signal] ?? null),
      lessons: chain.lessons.map((l) => bundle.lessons[l]).filter(Boolean),
      evals: chain.evals.map((e) => bundle.evalCandidates[e]?.fields).filter(Boolean),
    },
    null,
    2,
  );
}

const fence = (text: string) => {
  const ticks = text.includes('```') ? '~~~~' : '```';
  return `${ticks}\n${text}\n${ticks}`;
};

export function chainMarkdown(bundle: TreeTraceBundle, chain: TreeTraceChain): string {
  const out: string[] = [];
  out.push(`# Correction chain ${chain.id ?? `#${chain.index + 1}`}`, '');
  out.push(`- Project: ${bundle.project?.name ?? '—'}`);
  out.push(`- Failure type: ${chain.failureType ?? '—'}`);
  out.push(`- Confidence: ${chain.confidence ?? '—'}`);
  out.push(
    `- TreeTrace: schema ${bundle.schemaVersion ?? '?'}, generator ${bundle.generatorVersion ?? '?'}`,
    '',
  );
  if (chain.summary) out.push(chain.summary, '');
  for (const { role, id, node } of chainNodes(bundle, chain)) {
    out.push(
      `## ${role[0]!.toUpperCase()}${role.slice(1)}: ${node ? node.title || node.key : (id ?? '—')}`,
      '',
    );
    if (!node) {
      out.push(id ? `Node ${id} is not in the bundle.` : 'None.', '');
      continue;
    }
    out.push(
      `- Node: ${node.id ?? node.key} (${node.kind ?? 'unknown kind'}, ${node.status ?? 'no status'})`,
    );
    if (node.model) out.push(`- Model: ${node.model}`);
    if (node.timestamp) out.push(`- Time: ${node.timestamp}`);
    out.push('', fence(node.text), '');
    if (node.actions.length) {
      out.push('Actions:', '');
      for (const a of node.actions) out.push(`- ${[a.tool, a.file, a.command].filter(Boolean).join(' · ')}`);
      out.push('');
    }
    if (node.failureSignals.length) {
      out.push('Failure signals:', '');
      for (const s of node.failureSignals)
        out.push(
          `- ${s.type ?? '?'} (${s.tier ?? '—'}, ${s.confidence ?? '—'})${s.evidence ? `: ${s.evidence}` : ''}`,
        );
      out.push('');
    }
  }
  if (chain.lessons.length) {
    out.push('## Lessons', '');
    for (const l of chain.lessons.map((i) => bundle.lessons[i]!))
      out.push(`- **${l.title ?? l.id ?? 'Lesson'}**${l.text ? `: ${l.text}` : ''}`);
    out.push('');
  }
  if (chain.evals.length) {
    out.push('## Eval candidates', '');
    for (const e of chain.evals.map((i) => bundle.evalCandidates[i]!))
      out.push(`### ${e.id ?? 'eval'}`, '', fence(JSON.stringify(e.fields, null, 2)), '');
  }
  return out.join('\n');
}

export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function chainFileName(chain: TreeTraceChain, ext: 'md' | 'json'): string {
  const base = (chain.id ?? `chain-${chain.index + 1}`).replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
  return `${base}.${ext}`;
}
