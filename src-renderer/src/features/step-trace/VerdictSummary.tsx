/** The verdict at a glance: valid / invalid but parseable / rejected, with counts and rules hit. */
import type { StepTraceDocument } from '../../../../src-shared/bridge/services/step-trace-service';
import { isRejectingRule, type Verdict } from '../../../../src-shared/formats/step-trace/types';
import type { TraceModel } from './trace-model';

const VERDICT: Record<Verdict, { label: string; tone: string; icon: string }> = {
  valid: { label: 'Valid', tone: 'tone-verified', icon: '✓' },
  invalid: { label: 'Invalid', tone: 'tone-warning', icon: '!' },
  rejected: { label: 'Rejected', tone: 'tone-refuted', icon: '✕' },
};

export function VerdictSummary({ doc, model }: { doc: StepTraceDocument; model: TraceModel }) {
  const report = doc.report!;
  const v = VERDICT[report.verdict];
  const rules = new Map<string, number>();
  for (const x of report.violations) rules.set(x.rule, (rules.get(x.rule) ?? 0) + 1);
  const rejecting = report.violations.filter((x) => isRejectingRule(x.rule)).length;
  const n = report.violations.length;
  const detail =
    report.verdict === 'valid'
      ? 'Every event is well-formed and every citation matches its evidence bytes.'
      : report.verdict === 'invalid'
        ? `Parseable, but ${n} violation${n === 1 ? '' : 's'} break${n === 1 ? 's' : ''} the trace's guarantees.`
        : `Rejected outright: ${rejecting} rejecting violation${rejecting === 1 ? '' : 's'}${n > rejecting ? `, ${n - rejecting} more` : ''}.`;
  const name = doc.key.split(/[/\\]/).pop();
  return (
    <header className="st-summary">
      <div className={`st-verdict ${v.tone}`} data-testid="step-trace-verdict" data-verdict={report.verdict}>
        <span className="st-verdict-icon" aria-hidden>
          {v.icon}
        </span>
        <span className="st-verdict-text">
          <span className="st-verdict-label">{v.label}</span>
          {report.verdict === 'invalid' && <span className="st-verdict-sub">but parseable</span>}
        </span>
      </div>
      <div className="st-summary-main">
        <div className="st-summary-title">
          <span className="st-file mono" title={doc.key}>
            {name}
          </span>
          <span className="chip chip-muted">step trace</span>
        </div>
        <div className="st-summary-detail">{detail}</div>
        {rules.size > 0 && (
          <div className="st-rules">
            {[...rules].map(([rule, count]) => (
              <span
                key={rule}
                className={`badge mono ${isRejectingRule(rule as never) ? 'tone-refuted' : 'tone-warning'}`}
              >
                {rule}
                {count > 1 && ` ×${count}`}
              </span>
            ))}
          </div>
        )}
      </div>
      <dl className="st-stats">
        <Stat label="Steps" value={report.steps} />
        <Stat label="Events" value={report.events} />
        <Stat label="Tool calls" value={model.toolCalls} />
        <Stat label="Evidence" value={report.evidence} />
        <Stat label="Claims" value={report.claims} />
        <Stat
          label="Violations"
          value={n}
          tone={n ? (rejecting ? 'text-refuted' : 'text-warning') : undefined}
        />
      </dl>
    </header>
  );
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: string | undefined }) {
  return (
    <div className="st-stat">
      <dt>{label}</dt>
      <dd className={tone}>{value}</dd>
    </div>
  );
}
