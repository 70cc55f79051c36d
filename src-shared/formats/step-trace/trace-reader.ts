/**
 * The structural pass over a step trace: feed it bytes as they arrive (`push`), then `end()`.
 * It checks everything that needs only the trace itself — JSON, header and versions, kinds,
 * required fields, idx order, call/result pairing, output types, content paths — and collects the
 * evidence and claim citations that `checkContent` later verifies against the evidence files.
 * Work per line is proportional to that line. Nothing here touches the file system.
 */
import {
  DEFAULT_MAX_LINE_BYTES,
  LineSplitter,
  type OversizedLine,
  type RawLine,
  type SplitResult,
} from '../jsonl/line-splitter';
import { normaliseContentPath } from './content-path';
import {
  describe,
  hashField,
  idField,
  idLabel,
  integerField,
  isObject,
  objectField,
  spanField,
  stringField,
  type Field,
} from './fields';
import {
  SUPPORTED_CANONICALIZATION_VERSION,
  SUPPORTED_FINGERPRINT_ALGO,
  SUPPORTED_TRACE_SCHEMA_VERSION,
  assertNever,
  isOutputType,
  isStepKind,
  type JsonObject,
  type Rule,
  type StepKind,
  type Violation,
} from './types';

export interface Span {
  start: number;
  end: number;
}

/** An evidence_registered event, with the parts usable for content checks (null when unusable). */
export interface EvidenceRef {
  line: number;
  idx: number | null;
  /** Id key (see `idField`). */
  id: string | null;
  /** Normalised path inside the trace folder; null when missing or an escape (already reported). */
  contentPath: string | null;
  /** The content path names the trace folder itself. */
  namesFolder: boolean;
  span: Span | null;
  sha256: string | null;
}

/** One `claim.supports[i]` citation. */
export interface SupportRef {
  line: number;
  idx: number | null;
  /** `claim.supports[i]`: the prefix of this citation's field names. */
  field: string;
  evidenceId: string | null;
  span: Span | null;
  snippetSha256: string | null;
}

const VERSION_FIELDS = [
  ['trace_schema_version', SUPPORTED_TRACE_SCHEMA_VERSION],
  ['fingerprint_algo', SUPPORTED_FINGERPRINT_ALGO],
  ['canonicalization_version', SUPPORTED_CANONICALIZATION_VERSION],
] as const;

const decoder = new TextDecoder('utf-8', { fatal: true });

export class StepTraceReader {
  readonly violations: Violation[] = [];
  readonly evidence: EvidenceRef[] = [];
  readonly supports: SupportRef[] = [];
  readonly stepIds = new Set<string>();
  events = 0;
  claims = 0;
  /** evidence_registered events (also those whose `evidence` is unusable). */
  evidenceEvents = 0;

  private readonly splitter: LineSplitter;
  private firstLine: number | null = null;
  private sawVersion = false;
  private highest: { idx: number; line: number } | null = null;
  private readonly callIds = new Set<string>();
  private ended = false;

  constructor(maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
    this.splitter = new LineSplitter(maxLineBytes);
  }

  push(chunk: Uint8Array): void {
    this.take(this.splitter.push(chunk));
  }

  /** The last line counts without its newline; a trace with no version anywhere is rejected here. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.take(this.splitter.end());
    if (!this.sawVersion)
      this.violations.push({
        line: this.firstLine ?? 1,
        idx: null,
        field: 'trace_schema_version',
        rule: 'unsupported_version',
        message:
          this.firstLine === null
            ? 'empty trace: no header and no events, so no trace_schema_version'
            : `no trace_schema_version in a header or any event (supported: ${SUPPORTED_TRACE_SCHEMA_VERSION})`,
      });
  }

  private take(result: SplitResult): void {
    const items: Array<RawLine | OversizedLine> = [...result.lines, ...result.oversized];
    if (result.oversized.length) items.sort((a, b) => a.lineNo - b.lineNo);
    for (const item of items) {
      if ('bytes' in item) this.onLine(item);
      else this.onOversized(item);
    }
  }

  private onOversized(line: OversizedLine): void {
    this.firstLine ??= line.lineNo;
    this.add(
      line.lineNo,
      null,
      null,
      'parse_error',
      `line of ${line.byteLength} bytes is over the line limit`,
    );
  }

  private onLine(line: RawLine): void {
    const isFirst = this.firstLine === null;
    this.firstLine ??= line.lineNo;
    let value: unknown;
    try {
      value = JSON.parse(decoder.decode(line.bytes));
    } catch (error) {
      const message =
        error instanceof SyntaxError ? `not valid JSON: ${error.message}` : 'not valid UTF-8 text';
      this.add(line.lineNo, null, null, 'parse_error', message);
      return;
    }
    if (!isObject(value)) {
      this.add(line.lineNo, null, null, 'parse_error', `not a JSON object (${describe(value)})`);
      return;
    }
    // The header: the first non-blank line, an object with trace_schema_version and no kind.
    if (isFirst && !('kind' in value) && 'trace_schema_version' in value) {
      this.checkVersions(value, line.lineNo, null);
      return;
    }
    this.onEvent(value, line.lineNo);
  }

  private onEvent(event: JsonObject, line: number): void {
    this.events += 1;
    const idxField = integerField(event['idx']);
    const idx = idxField.ok ? idxField.value : null;
    const check = new EventCheck(line, idx, this.violations);

    if (!idxField.ok) check.report('idx', 'missing_field', `idx ${idxField.problem}`);
    const rawKind = event['kind'];
    let kind: StepKind | null = null;
    if (typeof rawKind !== 'string' || rawKind === '')
      check.report('kind', 'missing_field', `kind must be a non-empty string, is ${describe(rawKind)}`);
    else if (!isStepKind(rawKind))
      check.report(
        'kind',
        'unknown_kind',
        `unknown event kind ${JSON.stringify(rawKind)}: the kinds are closed`,
      );
    else kind = rawKind;
    const stepId = check.need(stringField(event['step_id']), 'step_id');
    if (stepId !== null) this.stepIds.add(stepId);
    this.checkVersions(event, line, idx);

    if (idx !== null) {
      if (this.highest && idx <= this.highest.idx)
        check.report(
          'idx',
          'idx_not_increasing',
          `idx ${idx} is not above idx ${this.highest.idx} on line ${this.highest.line}`,
        );
      if (!this.highest || idx > this.highest.idx) this.highest = { idx, line };
    }
    if (kind === null) return;

    switch (kind) {
      case 'step_started':
        return;
      case 'tool_called': {
        const call = check.need(objectField(event['call']), 'call');
        if (!call) return;
        const id = check.need(idField(call['id']), 'call.id');
        if (id !== null) this.callIds.add(id);
        return;
      }
      case 'tool_returned': {
        const result = check.need(objectField(event['result']), 'result');
        if (!result) return;
        const callId = check.need(idField(result['call_id']), 'result.call_id');
        if (callId !== null && !this.callIds.has(callId))
          check.report(
            'result.call_id',
            'call_result_mismatch',
            `result.call_id ${idLabel(callId)} matches no call.id of an earlier tool_called`,
          );
        return;
      }
      case 'evidence_registered':
        return this.onEvidence(event, check);
      case 'claim_emitted':
        return this.onClaim(event, check);
      case 'step_finished': {
        const output = check.need(objectField(event['output']), 'output');
        if (!output) return;
        const type = check.need(stringField(output['type']), 'output.type');
        if (type !== null && !isOutputType(type))
          check.report('output.type', 'unknown_output_type', `unknown output type ${JSON.stringify(type)}`);
        return;
      }
      default:
        assertNever(kind);
    }
  }

  private onEvidence(event: JsonObject, check: EventCheck): void {
    const { line, idx } = check;
    this.evidenceEvents += 1;
    const evidence = check.need(objectField(event['evidence']), 'evidence');
    if (!evidence) return;
    const id = check.need(idField(evidence['id']), 'evidence.id');
    check.need(stringField(evidence['uri']), 'evidence.uri');
    const span = check.span(evidence['span'], 'evidence.span');
    const sha256 = check.need(hashField(evidence['sha256']), 'evidence.sha256');
    check.need(idField(evidence['chunk_id']), 'evidence.chunk_id');
    const rawPath = check.need(stringField(evidence['content_path']), 'evidence.content_path');
    let contentPath: string | null = null;
    let namesFolder = false;
    if (rawPath !== null) {
      const normalised = normaliseContentPath(rawPath);
      if (normalised.kind === 'escape')
        check.report(
          'evidence.content_path',
          'path_escape',
          `content_path ${JSON.stringify(rawPath)} ${normalised.reason}: it must stay inside the trace's folder`,
        );
      else if (normalised.kind === 'folder') namesFolder = true;
      else contentPath = normalised.path;
    }
    this.evidence.push({ line, idx, id, contentPath, namesFolder, span, sha256 });
  }

  private onClaim(event: JsonObject, check: EventCheck): void {
    const { line, idx } = check;
    this.claims += 1;
    const claim = check.need(objectField(event['claim']), 'claim');
    if (!claim) return;
    const supports = claim['supports'];
    if (!Array.isArray(supports) || supports.length === 0) {
      const what = Array.isArray(supports) ? 'an empty array' : describe(supports);
      check.report('claim.supports', 'missing_field', `claim.supports must be a non-empty array, is ${what}`);
      return;
    }
    supports.forEach((item: unknown, i) => {
      const field = `claim.supports[${i}]`;
      const support = check.need(objectField(item), field);
      if (!support) return;
      this.supports.push({
        line,
        idx,
        field,
        evidenceId: check.need(idField(support['evidence_id']), `${field}.evidence_id`),
        span: check.span(support['span'], `${field}.span`),
        snippetSha256: check.need(hashField(support['snippet_sha256']), `${field}.snippet_sha256`),
      });
    });
  }

  private checkVersions(obj: JsonObject, line: number, idx: number | null): void {
    for (const [field, supported] of VERSION_FIELDS) {
      if (!(field in obj)) continue;
      if (field === 'trace_schema_version') this.sawVersion = true;
      const value = obj[field];
      if (value !== supported)
        this.add(
          line,
          idx,
          field,
          'unsupported_version',
          `${field} ${JSON.stringify(value) ?? 'undefined'} is not supported (supported: ${JSON.stringify(supported)})`,
        );
    }
  }

  private add(line: number, idx: number | null, field: string | null, rule: Rule, message: string): void {
    this.violations.push({ line, idx, field, rule, message });
  }
}

/** Reports the violations of one event, at its line and idx. */
class EventCheck {
  constructor(
    readonly line: number,
    readonly idx: number | null,
    private readonly violations: Violation[],
  ) {}

  report(field: string | null, rule: Rule, message: string): void {
    this.violations.push({ line: this.line, idx: this.idx, field, rule, message });
  }

  /** The field's value, or null after reporting it as missing (absent, or unusable as written). */
  need<T>(f: Field<T>, field: string): T | null {
    if (f.ok) return f.value;
    this.report(field, 'missing_field', `${field} ${f.problem}`);
    return null;
  }

  /** A malformed span is a missing field; a well-formed one that ends before it starts is out of bounds. */
  span(value: unknown, field: string): Span | null {
    const span = this.need(spanField(value), field);
    if (span && span.start > span.end) {
      this.report(field, 'span_out_of_bounds', `${field} [${span.start}, ${span.end}) ends before it starts`);
      return null;
    }
    return span;
  }
}
