/** The trace as steps: each step's events in order — calls with their results, evidence, claims. */
import type { ReactNode } from 'react';
import type {
  StepTraceDocument,
  StepTraceEvidenceFile,
} from '../../../../src-shared/bridge/services/step-trace-service';
import { isRejectingRule, type Violation } from '../../../../src-shared/formats/step-trace/types';
import { EvidenceText, citeKey, snippetOf } from './EvidenceText';
import {
  compactJson,
  isObj,
  normalisePath,
  spanOf,
  type Citation,
  type TraceEvent,
  type TraceModel,
} from './trace-model';

interface Props {
  doc: StepTraceDocument;
  model: TraceModel;
  focusedLine: number | null;
  activeCite: string | null;
  onCite: (cite: string, evidenceLine: number) => void;
  onJump: (line: number) => void;
}

export function TraceSteps(props: Props) {
  const { model } = props;
  return (
    <div className="st-steps">
      {model.header && (
        <EventShell event={model.header} label="header" {...props}>
          <span className="st-kv mono">{compactJson(model.header.obj)}</span>
        </EventShell>
      )}
      {model.steps.map((step, i) => (
        <section
          key={step.id ?? '\0none'}
          className={`st-step${step.violations ? ' has-violations' : ''}`}
          data-testid="trace-step"
          data-step-id={step.id ?? ''}
        >
          <header className="st-step-head">
            <span className="st-step-num">{step.id === null ? '—' : i + 1}</span>
            <span className="st-step-id mono">{step.id ?? 'Lines with no step_id'}</span>
            {step.outputType && <span className="chip chip-accent">{step.outputType}</span>}
            <span className="spacer" />
            {step.violations > 0 && (
              <span className={`chip ${step.rejecting ? 'chip-refuted' : 'chip-warning'}`}>
                {step.violations} violation{step.violations === 1 ? '' : 's'}
              </span>
            )}
            <span className="faint st-lines mono">
              {lineRange(step.events[0]!.line, step.events[step.events.length - 1]!.line)}
            </span>
          </header>
          <div className="st-step-body">
            {step.events
              .filter((e) => !model.pairedResults.has(e.line))
              .map((e) => (
                <EventItem key={e.line} event={e} {...props} />
              ))}
          </div>
        </section>
      ))}
      {model.steps.length === 0 && !model.header && <div className="st-none">This trace has no events.</div>}
    </div>
  );
}

function lineRange(first: number, last: number): string {
  return first === last ? `line ${first}` : `lines ${first}–${last}`;
}

function EventItem(props: Props & { event: TraceEvent }) {
  const { event, model } = props;
  const obj = event.obj;
  if (!obj)
    return (
      <EventShell {...props} label="unreadable line">
        <code className="st-raw">{event.text}</code>
      </EventShell>
    );
  switch (event.kind) {
    case 'step_started':
      return <EventShell {...props} label="step started" compact />;
    case 'step_finished': {
      const output = isObj(obj['output']) ? obj['output'] : null;
      const { type, ...rest } = output ?? {};
      return (
        <EventShell {...props} label="step finished" compact>
          {typeof type === 'string' && <span className="chip chip-accent">{type}</span>}
          {Object.keys(rest).length > 0 && <span className="st-kv mono">{compactJson(rest)}</span>}
        </EventShell>
      );
    }
    case 'tool_called': {
      const c = isObj(obj['call']) ? obj['call'] : {};
      const results = model.resultsByCallLine.get(event.line) ?? [];
      return (
        <EventShell {...props} label="tool call" className="st-call">
          <div className="st-call-line">
            <span className="st-tool mono">{String(c['tool'] ?? c['name'] ?? '?')}</span>
            <span className="st-kv mono">{compactJson(c['args'] ?? c['arguments'] ?? {})}</span>
            <span className="faint mono">id {String(c['id'] ?? '—')}</span>
          </div>
          {results.map((r) => (
            <ResultRow key={r.line} {...props} event={r} />
          ))}
          {results.length === 0 && <div className="st-pending faint">no result in this trace</div>}
        </EventShell>
      );
    }
    case 'tool_returned':
      return <ResultRow {...props} event={event} standalone />;
    case 'evidence_registered':
      return <EvidenceCard {...props} event={event} />;
    case 'claim_emitted':
      return <ClaimCard {...props} event={event} />;
    default:
      return (
        <EventShell {...props} label={event.kind ?? 'no kind'}>
          <span className="st-kv mono">{compactJson(obj)}</span>
        </EventShell>
      );
  }
}

function ResultRow(props: Props & { event: TraceEvent; standalone?: boolean }) {
  const { event, standalone } = props;
  const r = isObj(event.obj?.['result']) ? (event.obj['result'] as Record<string, unknown>) : {};
  const { call_id: callId, ...rest } = r;
  const failed = r['ok'] === false || 'error' in r;
  const body = (
    <div className="st-result-line">
      <span className={`st-arrow ${failed ? 'text-refuted' : 'text-verified'}`}>↳</span>
      <span className="st-kv mono">{compactJson(rest)}</span>
      <span className="faint mono">call {String(callId ?? '—')}</span>
    </div>
  );
  if (standalone)
    return (
      <EventShell {...props} label="tool result">
        {body}
      </EventShell>
    );
  return (
    <EventShell {...props} label="result" nested>
      {body}
    </EventShell>
  );
}

function EvidenceCard(props: Props & { event: TraceEvent }) {
  const { event, doc, model, activeCite } = props;
  const ev = isObj(event.obj?.['evidence']) ? (event.obj['evidence'] as Record<string, unknown>) : {};
  const path = normalisePath(ev['content_path']);
  const file: StepTraceEvidenceFile | undefined = path ? doc.files[path] : undefined;
  const span = spanOf(ev['span']);
  const citations = model.citationsByEvidenceLine.get(event.line) ?? [];
  return (
    <EventShell {...props} label="evidence" className="st-evidence" testId="evidence-card">
      <div className="st-evidence-meta">
        <span className="st-evidence-id mono">{String(ev['id'] ?? '?')}</span>
        <span className="st-meta-item mono" title="content_path">
          {String(ev['content_path'] ?? '—')}
        </span>
        {span && (
          <span className="st-meta-item mono">
            [{span.start}, {span.end})
          </span>
        )}
        {ev['chunk_id'] !== undefined && <span className="st-meta-item mono">{String(ev['chunk_id'])}</span>}
        {typeof ev['uri'] === 'string' && (
          <span className="st-meta-item st-uri ellipsis" title={ev['uri']}>
            {ev['uri']}
          </span>
        )}
      </div>
      {file?.status === 'ok' ? (
        <>
          <EvidenceText file={file} span={span} citations={citations} activeCite={activeCite} />
          {file.lossy && (
            <div className="st-pending faint">Not valid UTF-8: highlighting is approximate.</div>
          )}
        </>
      ) : (
        <div className="st-pending text-warning">
          {file ? `Content not shown: ${file.reason ?? file.status}` : 'Content not available.'}
        </div>
      )}
    </EventShell>
  );
}

function ClaimCard(props: Props & { event: TraceEvent }) {
  const { event, doc, model, activeCite, onCite } = props;
  const claim = isObj(event.obj?.['claim']) ? (event.obj['claim'] as Record<string, unknown>) : {};
  const citations = model.citationsByClaimLine.get(event.line) ?? [];
  return (
    <EventShell {...props} label="claim" className="st-claim" testId="claim-card">
      <div className="st-claim-text">
        {typeof claim['text'] === 'string' ? claim['text'] : <span className="faint">(no text)</span>}
        {claim['id'] !== undefined && <span className="faint mono st-claim-id">{String(claim['id'])}</span>}
      </div>
      <ul className="st-citations">
        {citations.map((c) => (
          <CitationRow
            key={c.field}
            citation={c}
            file={fileOf(doc, c)}
            active={activeCite === citeKey(c)}
            onCite={onCite}
          />
        ))}
      </ul>
    </EventShell>
  );
}

function CitationRow({
  citation: c,
  file,
  active,
  onCite,
}: {
  citation: Citation;
  file: StepTraceEvidenceFile | undefined;
  active: boolean;
  onCite: (cite: string, evidenceLine: number) => void;
}) {
  const snippet = snippetOf(file, c.span);
  const broken = c.violations.length > 0;
  const evidence = c.evidence;
  return (
    <li
      className={`st-citation${active ? ' is-active' : ''}${broken ? ' is-broken' : ''}`}
      data-cite-field={c.field}
      data-testid="claim-support"
    >
      <button
        type="button"
        className="st-cite-link"
        disabled={!evidence}
        onClick={() => evidence && onCite(citeKey(c), evidence.line)}
        title={
          evidence ? `Show the cited span in evidence ${c.evidenceId} (line ${evidence.line})` : undefined
        }
      >
        <span className="mono">{c.evidenceId ?? '?'}</span>
        {c.span && (
          <span className="mono faint">
            [{c.span.start}, {c.span.end})
          </span>
        )}
      </button>
      {snippet !== null ? (
        <q className="st-snippet">{snippet}</q>
      ) : (
        <span className="faint">{evidence ? 'span not in the evidence file' : 'unknown evidence'}</span>
      )}
      {broken ? (
        c.violations.map((v, i) => (
          <span key={i} className="badge mono tone-warning" title={v.message}>
            {v.rule}
          </span>
        ))
      ) : (
        <span className="badge tone-verified" title="span and snippet hash check out">
          ✓ matches
        </span>
      )}
    </li>
  );
}

function fileOf(doc: StepTraceDocument, c: Citation): StepTraceEvidenceFile | undefined {
  const ev = c.evidence?.obj?.['evidence'];
  const path = isObj(ev) ? normalisePath(ev['content_path']) : null;
  return path ? doc.files[path] : undefined;
}

function EventShell({
  event,
  label,
  children,
  className,
  compact,
  nested,
  testId,
  focusedLine,
}: Props & {
  event: TraceEvent;
  label: string;
  children?: ReactNode;
  className?: string;
  compact?: boolean;
  nested?: boolean;
  testId?: string;
}) {
  const cls = ['st-event'];
  if (className) cls.push(className);
  if (compact) cls.push('is-compact');
  if (nested) cls.push('is-nested');
  if (event.violations.length)
    cls.push(event.violations.some((v) => isRejectingRule(v.rule)) ? 'is-rejecting' : 'is-invalid');
  if (focusedLine === event.line) cls.push('is-focused');
  return (
    <div
      className={cls.join(' ')}
      data-testid={testId ?? 'trace-event'}
      data-line={event.line}
      data-kind={event.kind ?? ''}
      data-focused={focusedLine === event.line ? 'true' : undefined}
    >
      <div className="st-event-head">
        <span className="st-kind">{label}</span>
        {children && compact && <span className="st-inline">{children}</span>}
        <span className="spacer" />
        {event.violations.map((v, i) => (
          <ViolationBadge key={i} v={v} />
        ))}
        <span className="st-pos mono faint">
          {event.idx !== null ? `#${event.idx}` : ''} L{event.line}
        </span>
      </div>
      {children && !compact && <div className="st-event-body">{children}</div>}
    </div>
  );
}

function ViolationBadge({ v }: { v: Violation }) {
  return (
    <span
      className={`badge mono ${isRejectingRule(v.rule) ? 'tone-refuted' : 'tone-warning'}`}
      title={`${v.field ?? ''} ${v.message}`}
    >
      {v.rule}
    </span>
  );
}
