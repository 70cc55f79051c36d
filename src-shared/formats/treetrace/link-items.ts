/**
 * Merges the items that TreeTrace writes twice (chains in tree.json and failures.json, lessons in
 * tree.json and lessons.md, evals in tree.json and evals.jsonl, rejections on nodes and in
 * rejections.json), resolves the nodes they cite, and points each node back at what cites it.
 */
import { lessonTitleKey, type MarkdownLesson } from './lessons-md';
import type { NodeLookup } from './link-nodes';
import { rejectionKey } from './read-items';
import type {
  BundleProblem,
  ItemOrigin,
  TreeTraceChain,
  TreeTraceEval,
  TreeTraceFailure,
  TreeTraceHallucination,
  TreeTraceLesson,
  TreeTraceNode,
  TreeTraceRejection,
  TreeTraceSession,
} from './types';
import { isHallucinationType } from './vocabulary';

function addOrigin(origins: ItemOrigin[], origin: ItemOrigin) {
  if (!origins.includes(origin)) origins.push(origin);
}

function pushUnique(list: number[], value: number) {
  if (list[list.length - 1] !== value && !list.includes(value)) list.push(value);
}

/** Chains from tree.json, then those of failures.json not already there (same id, or same nodes and type). */
export function mergeChains(fromTree: TreeTraceChain[], fromFailures: TreeTraceChain[]): TreeTraceChain[] {
  const merged = [...fromTree];
  const identity = (c: TreeTraceChain) =>
    c.id ?? JSON.stringify([c.failureNodeId, c.correctionNodeId, c.resolvedNodeId, c.failureType]);
  const byKey = new Map(merged.map((c) => [identity(c), c]));
  for (const chain of fromFailures) {
    const twin = byKey.get(identity(chain));
    if (twin) addOrigin(twin.origins, 'failures.json');
    else {
      merged.push(chain);
      byKey.set(identity(chain), chain);
    }
  }
  merged.forEach((c, i) => (c.index = i));
  return merged;
}

export function linkChains(chains: TreeTraceChain[], nodes: TreeTraceNode[], lookup: NodeLookup): void {
  for (const chain of chains) {
    const owner = chain.id ?? `chain #${chain.index}`;
    chain.failureNode = lookup.ref(chain.failureNodeId, 'chain.failureNodeId', owner);
    chain.correctionNode = lookup.ref(chain.correctionNodeId, 'chain.correctionNodeId', owner);
    chain.resolvedNode = lookup.ref(chain.resolvedNodeId, 'chain.resolvedNodeId', owner);
    for (const n of [chain.failureNode, chain.correctionNode, chain.resolvedNode]) {
      if (n !== null) pushUnique(nodes[n]!.refs.chains, chain.index);
    }
    if (chain.failureNode !== null) {
      const signals = nodes[chain.failureNode]!.failureSignals;
      signals.forEach((s, i) => {
        if (s.canonicalType !== null && s.canonicalType === chain.canonicalFailureType)
          chain.signals.push({ node: chain.failureNode!, signal: i });
      });
      if (!chain.signals.length && chain.correctionNodeId !== null) {
        signals.forEach((s, i) => {
          if (s.resolvedBy === chain.correctionNodeId)
            chain.signals.push({ node: chain.failureNode!, signal: i });
        });
      }
    }
  }
}

/**
 * Lessons of tree.json, with lessons.md matched to them by title (the Markdown carries no lesson
 * id); a Markdown lesson with no twin is a lesson of its own. Node ids are the union of both.
 */
export function mergeLessons(fromTree: TreeTraceLesson[], fromMarkdown: MarkdownLesson[]): TreeTraceLesson[] {
  const merged = [...fromTree];
  const unmatched = new Map<string, TreeTraceLesson[]>();
  for (const lesson of fromTree) {
    const key = lessonTitleKey(lesson.title);
    if (key === null) continue;
    const list = unmatched.get(key) ?? [];
    list.push(lesson);
    unmatched.set(key, list);
  }
  for (const md of fromMarkdown) {
    const key = lessonTitleKey(md.title);
    const twin = key === null ? undefined : unmatched.get(key)?.shift();
    if (twin) {
      addOrigin(twin.origins, 'lessons.md');
      twin.line = md.line;
      for (const id of md.nodeIds) if (!twin.nodeIds.includes(id)) twin.nodeIds.push(id);
      continue;
    }
    merged.push({
      index: 0,
      id: null,
      title: md.title,
      text: md.text,
      nodeIds: md.nodeIds,
      nodes: [],
      origins: ['lessons.md'],
      line: md.line,
      extra: {},
    });
  }
  merged.forEach((l, i) => (l.index = i));
  return merged;
}

export function linkLessons(lessons: TreeTraceLesson[], nodes: TreeTraceNode[], lookup: NodeLookup): void {
  const byId = new Map<string, number>();
  for (const lesson of lessons) {
    if (lesson.id !== null && !byId.has(lesson.id)) byId.set(lesson.id, lesson.index);
    const owner = lesson.id ?? lesson.title ?? `lessons.md line ${lesson.line}`;
    for (const id of lesson.nodeIds) {
      const n = lookup.ref(id, 'lesson.nodeIds', owner);
      if (n === null) continue;
      pushUnique(lesson.nodes, n);
      pushUnique(nodes[n]!.refs.lessons, lesson.index);
    }
  }
  // A node's own lessonIds point at lessons, not nodes: a missing one is listed, not counted.
  for (const node of nodes) {
    for (const lessonId of node.lessonIds) {
      const l = byId.get(lessonId);
      if (l === undefined) {
        lookup.dangling.push({ field: 'node.lessonIds', owner: node.key, ref: lessonId, counted: false });
        continue;
      }
      pushUnique(node.refs.lessons, l);
      pushUnique(lessons[l]!.nodes, node.index);
    }
    node.refs.lessons.sort((a, b) => a - b);
  }
}

/** Evals of tree.json, then lines of evals.jsonl not already there (by id, else by content). */
export function mergeEvals(
  fromTree: TreeTraceEval[],
  fromJsonl: TreeTraceEval[],
  problems: BundleProblem[],
): TreeTraceEval[] {
  const merged = [...fromTree];
  const identity = (e: TreeTraceEval) => e.id ?? JSON.stringify(e.fields);
  const byKey = new Map(merged.map((e) => [identity(e), e]));
  let differing = 0;
  for (const line of fromJsonl) {
    const twin = byKey.get(identity(line));
    if (!twin) {
      merged.push(line);
      byKey.set(identity(line), line);
      continue;
    }
    addOrigin(twin.origins, 'evals.jsonl');
    twin.line = line.line;
    if (JSON.stringify(twin.sourceNodeIds) !== JSON.stringify(line.sourceNodeIds)) differing++;
  }
  if (differing)
    problems.push({
      severity: 'warning',
      code: 'ledger-mismatch',
      file: 'evals.jsonl',
      message: `${differing} eval${differing === 1 ? '' : 's'} in evals.jsonl cite other nodes than the same id in tree.json (files from different runs?): tree.json's are shown`,
    });
  merged.forEach((e, i) => (e.index = i));
  return merged;
}

export function linkEvals(evals: TreeTraceEval[], nodes: TreeTraceNode[], lookup: NodeLookup): void {
  for (const ev of evals) {
    const owner = ev.id ?? (ev.line !== null ? `evals.jsonl line ${ev.line}` : `eval #${ev.index}`);
    for (const id of ev.sourceNodeIds) {
      const n = lookup.ref(id, 'eval.sourceNodeIds', owner);
      if (n === null) continue;
      pushUnique(ev.nodes, n);
      pushUnique(nodes[n]!.refs.evals, ev.index);
    }
  }
}

/** Chains point at the lessons and evals that cite their failure or correction node. */
export function linkChainCitations(chains: TreeTraceChain[], nodes: readonly TreeTraceNode[]): void {
  for (const chain of chains) {
    const lessons = new Set<number>();
    const evals = new Set<number>();
    for (const n of [chain.failureNode, chain.correctionNode]) {
      if (n === null) continue;
      for (const l of nodes[n]!.refs.lessons) lessons.add(l);
      for (const e of nodes[n]!.refs.evals) evals.add(e);
    }
    chain.lessons = [...lessons].sort((a, b) => a - b);
    chain.evals = [...evals].sort((a, b) => a - b);
  }
}

/**
 * Rejections on nodes (the canonical place), matched against rejections.json; ledger entries that
 * match no node rejection are kept too, marked by their origin. Returns the ledger match counts.
 */
export function mergeRejections(
  fromNodes: TreeTraceRejection[],
  fromLedger: TreeTraceRejection[] | null,
  nodes: TreeTraceNode[],
  lookup: NodeLookup,
  problems: BundleProblem[],
): { rejections: TreeTraceRejection[]; matched: number; unmatched: number } {
  const rejections = [...fromNodes];
  let matched = 0;
  let unmatched = 0;
  if (fromLedger) {
    const open = new Map<string, TreeTraceRejection[]>();
    for (const r of fromNodes) {
      const list = open.get(rejectionKey(r)) ?? [];
      list.push(r);
      open.set(rejectionKey(r), list);
    }
    for (const entry of fromLedger) {
      const twin = open.get(rejectionKey(entry))?.shift();
      if (twin) {
        twin.inLedger = true;
        matched++;
      } else {
        rejections.push(entry);
        unmatched++;
      }
    }
    const notListed = fromNodes.length - matched;
    if (unmatched || notListed)
      problems.push({
        severity: 'warning',
        code: 'ledger-mismatch',
        file: 'rejections.json',
        message: `rejections.json and the nodes disagree: ${unmatched} ledger entr${unmatched === 1 ? 'y' : 'ies'} match no node rejection, ${notListed} node rejection${notListed === 1 ? ' is' : 's are'} not in the ledger`,
      });
  }
  rejections.forEach((r, i) => {
    r.index = i;
    r.node =
      r.origin === 'node'
        ? r.node
        : lookup.ref(r.nodeId, 'rejection.nodeId', `rejections.json entry (${r.kind ?? '?'})`);
    if (r.node !== null) nodes[r.node]!.refs.rejections.push(i);
  });
  return { rejections, matched, unmatched };
}

/**
 * hallucinations.json entries, then failure signals of a hallucination type (both spellings of
 * the file/path type) on the nodes.
 */
export function collectHallucinations(
  fromFile: TreeTraceHallucination[],
  nodes: TreeTraceNode[],
  lookup: NodeLookup,
): TreeTraceHallucination[] {
  const all = [...fromFile];
  for (const h of fromFile) {
    h.node = lookup.ref(
      h.nodeId,
      'hallucination.nodeId',
      `hallucination ${h.reference ?? h.category ?? '?'}`,
    );
  }
  for (const node of nodes) {
    node.failureSignals.forEach((signal, s) => {
      if (!isHallucinationType(signal.canonicalType)) return;
      all.push({
        index: 0,
        origin: 'failure-signal',
        category: signal.type,
        canonicalCategory: signal.canonicalType,
        reference: null,
        nodeId: node.id,
        node: node.index,
        evidence: signal.evidence,
        evalCandidate: null,
        signal: { node: node.index, signal: s },
        extra: {},
      });
    });
  }
  all.forEach((h, i) => {
    h.index = i;
    if (h.node !== null) nodes[h.node]!.refs.hallucinations.push(i);
  });
  return all;
}

export function linkFailures(failures: TreeTraceFailure[], nodes: TreeTraceNode[], lookup: NodeLookup): void {
  failures.forEach((f, i) => {
    f.index = i;
    const owner = f.id ?? `failure #${i}`;
    f.firstSeenNode = lookup.ref(f.firstSeenNodeId, 'failure.firstSeenNodeId', owner);
    f.correctedByNode = lookup.ref(f.correctedByNodeId, 'failure.correctedByNodeId', owner);
    if (f.firstSeenNode !== null) pushUnique(nodes[f.firstSeenNode]!.refs.failures, i);
  });
}

export function linkSignals(nodes: TreeTraceNode[], lookup: NodeLookup): void {
  for (const node of nodes) {
    for (const signal of node.failureSignals) {
      signal.resolvedByNode = lookup.ref(signal.resolvedBy, 'signal.resolvedBy', node.key);
    }
  }
}

/**
 * Sessions as groups: those tree.json lists (in its order), then sessions only nodes name, then
 * the nodes that name none. Each group lists its nodes and where it starts (nodes whose parent is
 * outside the group).
 */
export function groupSessions(
  declared: TreeTraceSession[],
  nodes: readonly TreeTraceNode[],
): TreeTraceSession[] {
  const groups: TreeTraceSession[] = [];
  const byId = new Map<string | null, TreeTraceSession>();
  for (const session of declared) {
    if (byId.has(session.id)) continue;
    byId.set(session.id, session);
    groups.push(session);
  }
  for (const node of nodes) {
    let group = byId.get(node.session);
    if (!group) {
      group = {
        index: 0,
        id: node.session,
        declared: false,
        title: null,
        firstTs: null,
        lastTs: null,
        promptCount: null,
        isContinuation: null,
        inputTokens: null,
        outputTokens: null,
        nodes: [],
        roots: [],
        extra: {},
      };
      byId.set(node.session, group);
      groups.push(group);
    }
    group.nodes.push(node.index);
    if (node.parent === null || nodes[node.parent]!.session !== node.session) group.roots.push(node.index);
  }
  // The nodes without a session go last.
  groups.sort((a, b) => Number(a.id === null && !a.declared) - Number(b.id === null && !b.declared));
  groups.forEach((g, i) => (g.index = i));
  return groups;
}
