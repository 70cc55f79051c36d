/**
 * The TreeTrace reader: the texts of one bundle's files in, the bundle model out (types.ts).
 * Pure and total — whatever the files hold (truncated JSON, a tree.json that is an array, missing
 * files, cycles, 5,000 nodes), it returns a model and lists the problems; it never throws on
 * input. Work is linear in the size of the files.
 */
import { parseEvalsJsonl } from './evals-jsonl';
import { isObject, str, type JsonObject } from './json-text';
import { arrayField, objectItems, readJsonFile } from './json-files';
import { parseLessonsMarkdown } from './lessons-md';
import {
  collectHallucinations,
  groupSessions,
  linkChainCitations,
  linkChains,
  linkEvals,
  linkFailures,
  linkLessons,
  linkSignals,
  mergeChains,
  mergeEvals,
  mergeLessons,
  mergeRejections,
} from './link-items';
import { assignKeys, createNodeLookup, linkEdges, linkParents } from './link-nodes';
import { readAgentMemory, readReport } from './markdown-files';
import {
  readChain,
  readEdge,
  readEval,
  readFailure,
  readHallucination,
  readLesson,
  readNode,
  readRejection,
  readSession,
} from './read-items';
import { collectRedactions, compareGenerations, countStats, statMismatches } from './bundle-checks';
import {
  KNOWN_SCHEMA_VERSIONS,
  type BundleFileStatus,
  type BundleInput,
  type BundleProblem,
  type FileText,
  type TreeTraceBundle,
  type TreeTraceNode,
  type TreeTraceRejection,
} from './types';
import { extraFields } from './json-text';

const TREE_FIELDS = new Set([
  'schemaVersion',
  'generator',
  'project',
  'stats',
  'analysis',
  'sessions',
  'nodes',
  'edges',
  'correctionChains',
  'lessons',
  'evalCandidates',
]);

export function buildTreeTraceBundle(input: BundleInput): TreeTraceBundle {
  const problems: BundleProblem[] = [];
  const files: BundleFileStatus[] = [];

  // ---- tree.json ----
  const tree = readJsonFile('tree.json', input.files['tree.json'], problems, 'error');
  files.push(tree.status);
  const root = tree.object;
  const rawNodes = root ? arrayField(root, 'nodes', 'tree.json', problems) : null;
  const hasTree = rawNodes !== null;
  if (root && !hasTree)
    problems.push({
      severity: 'error',
      code: 'bad-field',
      file: 'tree.json',
      message: 'tree.json has no "nodes" array: there is no prompt lineage to show',
    });

  const schemaVersion = root ? str(root.schemaVersion) : null;
  const schemaKnown =
    schemaVersion !== null && (KNOWN_SCHEMA_VERSIONS as readonly string[]).includes(schemaVersion);
  if (root && !schemaKnown)
    problems.push({
      severity: schemaVersion === null ? 'warning' : 'info',
      code: 'unknown-schema-version',
      file: 'tree.json',
      message:
        schemaVersion === null
          ? 'tree.json names no schemaVersion: read as 0.3'
          : `schema version ${schemaVersion} is not one this reader knows (0.1–0.3): read as 0.3, unknown fields kept`,
    });
  const generator = root && isObject(root.generator) ? root.generator : null;
  const project = root && isObject(root.project) ? root.project : null;

  const nodes: TreeTraceNode[] = [];
  const hasParentField: boolean[] = [];
  const nodeRejections: TreeTraceRejection[] = [];
  for (const { value } of objectItems(rawNodes, 'nodes', 'tree.json', problems)) {
    const { node, rejections, hasParentField: hasField } = readNode(value, nodes.length);
    nodes.push(node);
    hasParentField.push(hasField);
    for (const raw of rejections) {
      const r = readRejection(raw, 'node', node.id);
      r.node = node.index;
      nodeRejections.push(r);
    }
  }
  const edges = objectItems(
    root ? arrayField(root, 'edges', 'tree.json', problems) : null,
    'edges',
    'tree.json',
    problems,
  ).map(({ value }, i) => readEdge(value, i));
  const treeList = (key: string, what: string) =>
    root && key in root
      ? objectItems(arrayField(root, key, 'tree.json', problems), what, 'tree.json', problems).map(
          (i) => i.value,
        )
      : null;
  const treeChains = treeList('correctionChains', 'correction chains');
  const treeLessons = treeList('lessons', 'lessons');
  const treeEvals = treeList('evalCandidates', 'eval candidates');
  const declaredSessions = (treeList('sessions', 'sessions') ?? []).map(readSession);

  const duplicateIds = assignKeys(nodes, problems);
  const lookup = createNodeLookup(nodes, hasTree);
  const { roots, cycles } = linkParents(nodes, hasParentField, edges, lookup, problems);
  linkEdges(edges, nodes, lookup);
  linkSignals(nodes, lookup);

  // ---- failures.json, rejections.json, hallucinations.json, redactions.json ----
  const failuresFile = readJsonFile('failures.json', input.files['failures.json'], problems, null);
  const rejectionsFile = readJsonFile('rejections.json', input.files['rejections.json'], problems, null);
  const hallucinationsFile = readJsonFile(
    'hallucinations.json',
    input.files['hallucinations.json'],
    problems,
    null,
  );
  files.push(failuresFile.status, rejectionsFile.status, hallucinationsFile.status);

  const sideList = (
    file: { object: JsonObject | null; status: BundleFileStatus },
    key: string,
    what: string,
  ) =>
    file.object
      ? objectItems(
          arrayField(file.object, key, file.status.name, problems),
          what,
          file.status.name,
          problems,
        ).map((i) => i.value)
      : [];

  const correctionChains = mergeChains(
    (treeChains ?? []).map((c) => readChain(c, 'tree.json')),
    sideList(failuresFile, 'correctionChains', 'correction chains').map((c) => readChain(c, 'failures.json')),
  );
  linkChains(correctionChains, nodes, lookup);

  const failures = sideList(failuresFile, 'failures', 'failures').map(readFailure);
  linkFailures(failures, nodes, lookup);

  const ledger = rejectionsFile.object
    ? sideList(rejectionsFile, 'rejections', 'rejections').map((r) =>
        readRejection(r, 'rejections.json', null),
      )
    : null;
  const merged = mergeRejections(nodeRejections, ledger, nodes, lookup, problems);
  const ledgerSummary =
    rejectionsFile.object && isObject(rejectionsFile.object.summary) ? rejectionsFile.object.summary : null;

  const hallucinations = collectHallucinations(
    sideList(hallucinationsFile, 'hallucinations', 'hallucinations').map(readHallucination),
    nodes,
    lookup,
  );

  // ---- lessons.md, evals.jsonl ----
  const lessonsText = textOf('lessons.md', input.files['lessons.md'], problems, files);
  const markdownLessons = lessonsText === null ? [] : parseLessonsMarkdown(lessonsText);
  if (lessonsText !== null && lessonsText.trim() && !markdownLessons.length)
    problems.push({
      severity: 'info',
      code: 'unrecognised-content',
      file: 'lessons.md',
      message: 'lessons.md holds text but no lesson in a shape this reader knows',
    });
  const lessons = mergeLessons((treeLessons ?? []).map(readLesson), markdownLessons);
  linkLessons(lessons, nodes, lookup);

  const evalsText = textOf('evals.jsonl', input.files['evals.jsonl'], problems, files);
  const evalLines = evalsText === null ? { evals: [], problems: [] } : parseEvalsJsonl(evalsText);
  for (const p of evalLines.problems)
    problems.push({
      severity: 'warning',
      code: 'invalid-line',
      file: 'evals.jsonl',
      line: p.line,
      message: p.message,
    });
  const evalCandidates = mergeEvals(
    (treeEvals ?? []).map((e) => readEval(e, 'tree.json', null)),
    evalLines.evals.map((e) => readEval(e.value, 'evals.jsonl', e.line)),
    problems,
  );
  linkEvals(evalCandidates, nodes, lookup);
  linkChainCitations(correctionChains, nodes);

  // ---- agent-memory.md, redactions.json, reports ----
  const memoryText = textOf('agent-memory.md', input.files['agent-memory.md'], problems, files);
  const redactionsFile = readJsonFile('redactions.json', input.files['redactions.json'], problems, null);
  files.push(redactionsFile.status);
  const reports = (input.reports ?? []).map((r) => {
    if (r.file.status === 'error')
      problems.push({
        severity: 'warning',
        code: 'unreadable-file',
        file: r.name,
        message: `${r.name} cannot be read: ${r.file.message}`,
      });
    return readReport(r.name, r.file);
  });

  const sessions = groupSessions(declaredSessions, nodes);
  const counted = countStats(nodes, {
    edges: edges.length,
    roots: roots.length,
    duplicateIds,
    sessions: sessions.length,
    rejectionKinds: nodeRejections.map((r) => r.kind),
  });
  const declaredStats = root && isObject(root.stats) ? root.stats : null;
  const analysis = root && isObject(root.analysis) ? root.analysis : null;
  const mismatches = hasTree
    ? statMismatches(declaredStats, analysis, counted, {
        chains: treeChains?.length ?? null,
        lessons: treeLessons?.length ?? null,
        evals: treeEvals?.length ?? null,
      })
    : [];
  for (const m of mismatches)
    problems.push({
      severity: 'warning',
      code: 'stat-mismatch',
      file: 'tree.json',
      message: `${m.field} says ${m.declared}, the file holds ${m.counted}`,
    });

  const generations = compareGenerations(files, reports, problems);
  const redactions = collectRedactions(
    nodes,
    merged.rejections.map((r) => ({ node: r.node, evidence: r.evidence })),
    redactionsFile.object,
  );
  const danglingCounted = lookup.dangling.filter((d) => d.counted).length;
  if (lookup.dangling.length)
    problems.push({
      severity: 'warning',
      code: 'dangling-ref',
      file: null,
      message: `${lookup.dangling.length} reference${lookup.dangling.length === 1 ? '' : 's'} to missing nodes or lessons (${danglingCounted} in the lineage, chains, lessons and evals), e.g. ${lookup.dangling
        .slice(0, 3)
        .map((d) => `${d.owner} → ${d.ref}`)
        .join(', ')}`,
    });

  return {
    format: 'treetrace',
    schemaVersion,
    schemaKnown,
    generator: generator
      ? { name: str(generator.name), version: str(generator.version), url: str(generator.url) }
      : null,
    generatorVersion: generator ? str(generator.version) : null,
    project: project
      ? {
          name: str(project.name),
          generatedAt: str(project.generatedAt),
          sourceType: str(project.sourceType),
        }
      : null,
    hasTree,
    files,
    otherFiles: input.otherFiles ?? [],
    generations,
    stats: { declared: declaredStats, analysis, counted, mismatches },
    sessions,
    nodes,
    edges,
    roots,
    cycles,
    danglingRefs: lookup.dangling,
    correctionChains,
    rejections: merged.rejections,
    rejectionLedger: ledger
      ? {
          total: ledgerSummary && typeof ledgerSummary.total === 'number' ? ledgerSummary.total : null,
          byKind: byKindOf(ledgerSummary),
          entries: ledger.length,
          matched: merged.matched,
          unmatched: merged.unmatched,
        }
      : null,
    failures,
    failureSummary:
      failuresFile.object && isObject(failuresFile.object.summary) ? failuresFile.object.summary : null,
    lessons,
    evalCandidates,
    hallucinations,
    hallucinationCheck: hallucinationsFile.object
      ? {
          verifiedAgainstWorkingTree:
            typeof hallucinationsFile.object.verifiedAgainstWorkingTree === 'boolean'
              ? hallucinationsFile.object.verifiedAgainstWorkingTree
              : null,
          manifestSeen:
            typeof hallucinationsFile.object.manifestSeen === 'boolean'
              ? hallucinationsFile.object.manifestSeen
              : null,
          summary: isObject(hallucinationsFile.object.summary) ? hallucinationsFile.object.summary : null,
          note: str(hallucinationsFile.object.note),
        }
      : null,
    redactions,
    agentMemory: memoryText === null ? null : readAgentMemory(memoryText),
    reports,
    problems,
    extra: root ? extraFields(root, TREE_FIELDS) : {},
  };
}

/** A text file's content, recording its status; null when missing or unreadable. */
function textOf(
  name: string,
  file: FileText | undefined,
  problems: BundleProblem[],
  files: BundleFileStatus[],
): string | null {
  const status: BundleFileStatus = {
    name,
    status: 'missing',
    bytes: null,
    generatedAt: null,
    schemaVersion: null,
  };
  files.push(status);
  if (!file || file.status === 'missing') return null;
  if (file.status === 'error') {
    status.status = 'error';
    problems.push({
      severity: 'error',
      code: 'unreadable-file',
      file: name,
      message: `${name} cannot be read: ${file.message}`,
    });
    return null;
  }
  status.status = 'ok';
  status.bytes = file.bytes;
  return file.text;
}

function byKindOf(summary: JsonObject | null): Record<string, number> {
  const out = Object.create(null) as Record<string, number>;
  if (summary && isObject(summary.byKind)) {
    for (const [k, v] of Object.entries(summary.byKind)) if (typeof v === 'number') out[k] = v;
  }
  return out;
}
