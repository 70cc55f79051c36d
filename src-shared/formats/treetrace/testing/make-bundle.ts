/**
 * Builds TreeTrace bundles for tests: a schema 0.3 tree.json from a few node specs (edges derived
 * from parent links, as TreeTrace does), and the texts of the other files. Pure, so the same
 * bundles serve the reader's tests, the service's (written to folders and archives) and the CLI's.
 */
import type { JsonObject } from '../json-text';
import type { BundleFileName, BundleInput } from '../types';

export interface NodeSpec {
  id: string | null;
  parentId?: string | null;
  kind?: string;
  status?: string;
  session?: string;
  text?: string;
  /** Any other field, written as given (rejections, failureSignals, unknown fields…). */
  [field: string]: unknown;
}

const RELATIONSHIP: Record<string, string> = {
  direction: 'refines',
  correction: 'corrects',
  'scope-change': 'expands',
  checkpoint: 'checkpoints',
  question: 'asks',
  rejection: 'rejects',
};

export function makeNode(spec: NodeSpec, position: number): JsonObject {
  const { id, parentId = null, kind, status = 'accepted', session = 'session-1', text, ...rest } = spec;
  const body = text ?? `Prompt ${id ?? position}`;
  return {
    id,
    parentId,
    role: 'user',
    kind: kind ?? (parentId === null ? 'root' : 'direction'),
    title: body,
    text: body,
    status,
    nudges: 0,
    reruns: 0,
    session,
    timestamp: new Date(Date.UTC(2026, 5, 1, 10, 0, position)).toISOString(),
    model: 'assistant-model',
    actions: [],
    failureSignals: [],
    evalCandidate: false,
    lessonIds: [],
    rejections: [],
    sourceEventIds: [`u${position + 1}`],
    ...rest,
  };
}

export function makeTree(specs: NodeSpec[], extra: JsonObject = {}): JsonObject {
  const nodes = specs.map(makeNode);
  const edges = nodes
    .filter((n) => n.parentId !== null)
    .map((n) => ({ from: n.parentId, to: n.id, relationship: RELATIONSHIP[n.kind as string] ?? 'refines' }));
  const sessions = [...new Set(nodes.map((n) => n.session as string))].map((id) => ({
    id,
    title: `Session ${id}`,
    firstTs: null,
    lastTs: null,
    promptCount: nodes.filter((n) => n.session === id).length,
    isContinuation: false,
    inputTokens: 0,
    outputTokens: 0,
  }));
  return {
    schemaVersion: '0.3',
    generator: { name: 'treetrace', version: '0.9.1', url: 'https://example.invalid/treetrace' },
    project: {
      name: 'test-project',
      generatedAt: '2026-06-19T06:50:11.984Z',
      sourceType: 'claude-code-jsonl',
    },
    stats: { prompts: nodes.length, sessions: sessions.length },
    sessions,
    nodes,
    edges,
    correctionChains: [],
    lessons: [],
    evalCandidates: [],
    ...extra,
  };
}

/** A linear chain node_00001 ← node_00002 ← … of `count` nodes, in `sessions` sessions. */
export function chainSpecs(count: number, sessions = 1): NodeSpec[] {
  const id = (i: number) => `node_${String(i + 1).padStart(5, '0')}`;
  const perSession = Math.ceil(count / sessions);
  return Array.from({ length: count }, (_, i) => ({
    id: id(i),
    parentId: i === 0 ? null : id(i - 1),
    kind: i === 0 ? 'root' : i % 7 === 0 ? 'correction' : i % 11 === 0 ? 'question' : 'direction',
    status: i % 13 === 0 && i > 0 ? 'abandoned' : 'accepted',
    session: `session-${Math.floor(i / perSession) + 1}`,
  }));
}

/** The file texts of a bundle: tree.json, plus any others given (strings written as they are). */
export function bundleTexts(
  tree: JsonObject | string,
  others: Partial<Record<BundleFileName, string | JsonObject | JsonObject[]>> = {},
): Partial<Record<BundleFileName, string>> {
  const out: Partial<Record<BundleFileName, string>> = {
    'tree.json': typeof tree === 'string' ? tree : JSON.stringify(tree, null, 2),
  };
  for (const [name, value] of Object.entries(others) as [
    BundleFileName,
    string | JsonObject | JsonObject[],
  ][]) {
    out[name] =
      typeof value === 'string'
        ? value
        : name === 'evals.jsonl' && Array.isArray(value)
          ? value.map((v) => JSON.stringify(v)).join('\n') + '\n'
          : JSON.stringify(value, null, 2);
  }
  return out;
}

/** Texts as the reader's input (what a host would have read). */
export function inputOf(texts: Partial<Record<BundleFileName, string>>): BundleInput {
  const files: BundleInput['files'] = {};
  for (const [name, text] of Object.entries(texts) as [BundleFileName, string][]) {
    files[name] = { status: 'ok', text, bytes: new TextEncoder().encode(text).length };
  }
  return { files };
}
