/**
 * The view's model of a step trace: its lines grouped into steps (by `step_id`, in order of first
 * appearance), tool results paired with their calls, claims' citations resolved to the evidence
 * they cite, and each violation attached to its line. Pure: built from what the service sent.
 */
import type { StepTraceDocument } from '../../../../src-shared/bridge/services/step-trace-service';
import { isRejectingRule, type Violation } from '../../../../src-shared/formats/step-trace/types';

export type Obj = Record<string, unknown>;
export interface Span {
  start: number;
  end: number;
}

export interface TraceEvent {
  line: number;
  idx: number | null;
  kind: string | null;
  stepId: string | null;
  /** The event object; null for a line that is not a JSON object. */
  obj: Obj | null;
  /** The raw text of a line that did not parse. */
  text: string | null;
  violations: Violation[];
}

export interface Citation {
  /** `claim.supports[i]`, the prefix of its violations' fields. */
  field: string;
  claimLine: number;
  evidenceId: string | null;
  span: Span | null;
  /** The evidence_registered event it resolves to (the latest before the claim), if any. */
  evidence: TraceEvent | null;
  violations: Violation[];
}

export interface TraceStep {
  /** null: lines that name no step (parse errors, missing step_id). */
  id: string | null;
  events: TraceEvent[];
  outputType: string | null;
  violations: number;
  /** Some violation in the step rejects the trace. */
  rejecting: boolean;
}

export interface TraceModel {
  header: TraceEvent | null;
  steps: TraceStep[];
  /** tool_returned events by the line of the tool_called they answer. */
  resultsByCallLine: Map<number, TraceEvent[]>;
  /** Lines of tool_returned events shown under their call. */
  pairedResults: Set<number>;
  citationsByClaimLine: Map<number, Citation[]>;
  /** Citations of each evidence event, by its line. */
  citationsByEvidenceLine: Map<number, Citation[]>;
  toolCalls: number;
}

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function idKey(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function spanOf(value: unknown): Span | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [start, end] = value as unknown[];
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return null;
  if ((start as number) < 0 || (end as number) < (start as number)) return null;
  return { start: start as number, end: end as number };
}

export function buildModel(doc: StepTraceDocument): TraceModel {
  const violationsByLine = new Map<number, Violation[]>();
  for (const v of doc.report?.violations ?? []) {
    const list = violationsByLine.get(v.line) ?? [];
    list.push(v);
    violationsByLine.set(v.line, list);
  }
  const model: TraceModel = {
    header: null,
    steps: [],
    resultsByCallLine: new Map(),
    pairedResults: new Set(),
    citationsByClaimLine: new Map(),
    citationsByEvidenceLine: new Map(),
    toolCalls: 0,
  };
  const steps = new Map<string | null, TraceStep>();
  const callsById = new Map<string, TraceEvent>();
  const evidenceById = new Map<string, TraceEvent>();

  doc.lines.forEach((raw, i) => {
    const obj = isObj(raw.value) ? raw.value : null;
    const event: TraceEvent = {
      line: raw.line,
      idx: obj && Number.isSafeInteger(obj['idx']) ? (obj['idx'] as number) : null,
      kind: obj && typeof obj['kind'] === 'string' ? obj['kind'] : null,
      stepId: obj ? idKey(obj['step_id']) : null,
      obj,
      text: obj ? null : (raw.text ?? JSON.stringify(raw.value)),
      violations: violationsByLine.get(raw.line) ?? [],
    };
    if (i === 0 && obj && !('kind' in obj) && 'trace_schema_version' in obj) {
      model.header = event;
      return;
    }
    let step = steps.get(event.stepId);
    if (!step) {
      step = { id: event.stepId, events: [], outputType: null, violations: 0, rejecting: false };
      steps.set(event.stepId, step);
      model.steps.push(step);
    }
    step.events.push(event);
    step.violations += event.violations.length;
    if (event.violations.some((v) => isRejectingRule(v.rule))) step.rejecting = true;
    if (!obj) return;

    if (event.kind === 'tool_called') {
      model.toolCalls += 1;
      const id = isObj(obj['call']) ? idKey(obj['call']['id']) : null;
      if (id !== null) callsById.set(id, event);
    } else if (event.kind === 'tool_returned') {
      const id = isObj(obj['result']) ? idKey(obj['result']['call_id']) : null;
      const call = id !== null ? callsById.get(id) : undefined;
      if (call) {
        const list = model.resultsByCallLine.get(call.line) ?? [];
        list.push(event);
        model.resultsByCallLine.set(call.line, list);
        model.pairedResults.add(event.line);
      }
    } else if (event.kind === 'evidence_registered') {
      const id = isObj(obj['evidence']) ? idKey(obj['evidence']['id']) : null;
      if (id !== null) evidenceById.set(id, event);
    } else if (event.kind === 'claim_emitted') {
      const claim = isObj(obj['claim']) ? obj['claim'] : null;
      const supports = claim && Array.isArray(claim['supports']) ? (claim['supports'] as unknown[]) : [];
      const citations = supports.map((s, i): Citation => {
        const field = `claim.supports[${i}]`;
        const support = isObj(s) ? s : {};
        const evidenceId = idKey(support['evidence_id']);
        const evidence = evidenceId !== null ? (evidenceById.get(evidenceId) ?? null) : null;
        return {
          field,
          claimLine: event.line,
          evidenceId,
          span: spanOf(support['span']),
          evidence,
          violations: event.violations.filter((v) => v.field?.startsWith(field) ?? false),
        };
      });
      model.citationsByClaimLine.set(event.line, citations);
      for (const c of citations) {
        if (!c.evidence) continue;
        const list = model.citationsByEvidenceLine.get(c.evidence.line) ?? [];
        list.push(c);
        model.citationsByEvidenceLine.set(c.evidence.line, list);
      }
    } else if (event.kind === 'step_finished') {
      const output = isObj(obj['output']) ? obj['output'] : null;
      if (output && typeof output['type'] === 'string') step.outputType = output['type'];
    }
  });
  return model;
}

/** Normalises a content path the way the validator does (text only); null for an escape. */
export function normalisePath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.includes('\0') || /^[a-zA-Z]:/.test(raw)) return null;
  if (raw.startsWith('/') || raw.startsWith('\\')) return null;
  const out: string[] = [];
  for (const segment of raw.split(/[/\\]/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
      continue;
    }
    out.push(segment);
  }
  return out.length ? out.join('/') : null;
}

export function compactJson(value: unknown, max = 240): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
