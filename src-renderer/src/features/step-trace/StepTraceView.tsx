/**
 * A step trace: the verdict at a glance (valid / invalid but parseable / rejected), the violations
 * beside it — each jumps to its line — and the trace as steps, each with its tool calls and
 * results, its evidence (the file's text with the evidence span and its citations marked) and its
 * claims linked to the spans they cite.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StepTraceDocument } from '../../../../src-shared/bridge/services/step-trace-service';
import type { Violation } from '../../../../src-shared/formats/step-trace/types';
import { call } from '../../host';
import { useDocument } from '../documents/use-document';
import { TraceSteps } from './TraceSteps';
import { VerdictSummary } from './VerdictSummary';
import { ViolationList } from './ViolationList';
import { buildModel } from './trace-model';
import './step-trace.css';

const load = (key: string) => call('stepTrace', 'report', key);

export interface Focus {
  line: number;
  /** A citation (`claim.supports[0]`) within the line, when the jump is to one. */
  field: string | null;
  /** Bumped on every jump, so jumping to the same place again scrolls again. */
  seq: number;
}

export function StepTraceView({ docKey }: { docKey: string }) {
  const doc = useDocument(docKey, load);
  if (doc.status !== 'ready')
    return <div className="document-empty">{doc.status === 'loading' ? 'Loading…' : doc.message}</div>;
  const { value } = doc;
  if (!value.report)
    return (
      <div className="document-empty" data-testid="step-trace-view">
        This trace could not be read: {value.error}
      </div>
    );
  return <StepTraceBody doc={value} />;
}

function StepTraceBody({ doc }: { doc: StepTraceDocument }) {
  const report = doc.report!;
  const model = useMemo(() => buildModel(doc), [doc]);
  const [focus, setFocus] = useState<Focus | null>(null);
  const [activeCite, setActiveCite] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  const jumpTo = useCallback((line: number, field: string | null = null) => {
    setFocus((f) => ({ line, field, seq: (f?.seq ?? 0) + 1 }));
  }, []);
  const jumpToViolation = useCallback(
    (v: Violation) => {
      const m = v.field ? /^claim\.supports\[\d+\]/.exec(v.field) : null;
      setActiveCite(m ? `${v.line}:${m[0]}` : null);
      jumpTo(v.line, m ? m[0] : null);
    },
    [jumpTo],
  );

  useEffect(() => {
    if (!focus || !scroller.current) return;
    const root = scroller.current;
    const byLine = root.querySelector<HTMLElement>(`[data-line="${focus.line}"]`);
    const within = focus.field
      ? byLine?.querySelector<HTMLElement>(`[data-cite-field="${focus.field}"]`)
      : null;
    (within ?? byLine)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [focus]);

  return (
    <div className="st-view" data-testid="step-trace-view" data-verdict={report.verdict}>
      <VerdictSummary doc={doc} model={model} />
      <div className="st-split">
        <div className="st-main" ref={scroller} data-testid="step-trace-steps">
          {report.verdict === 'rejected' && (
            <div className="st-note tone-refuted" role="note">
              Rejected traces are not processed further by a verifier. What could be read is shown below for
              diagnosis; the content checks of a rejected trace are still listed.
            </div>
          )}
          {doc.truncatedLines > 0 && (
            <div className="st-note tone-warning" role="note">
              Showing the first {doc.lines.length} lines; {doc.truncatedLines} more are validated but not
              shown.
            </div>
          )}
          <TraceSteps
            doc={doc}
            model={model}
            focusedLine={focus?.line ?? null}
            activeCite={activeCite}
            onCite={(cite, evidenceLine) => {
              setActiveCite(cite);
              jumpTo(evidenceLine);
            }}
            onJump={jumpTo}
          />
        </div>
        <ViolationList
          violations={report.violations}
          focusedLine={focus?.line ?? null}
          onJump={jumpToViolation}
        />
      </div>
    </div>
  );
}
