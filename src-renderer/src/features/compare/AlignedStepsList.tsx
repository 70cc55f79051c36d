/**
 * The steps of both sides, aligned: A on the left, B on the right, one row per pair (or per step
 * only one side has). Runs of unchanged steps are collapsed into "… N unchanged steps"; a click
 * expands one. Clicking a step shows it in its session.
 */
import type {
  AlignedBlock,
  CompareResult,
  StepRef,
  StepRow,
} from '../../../../src-shared/lineage/compare/compare-types';
import { toggleRun, useCompare } from './compare-store';
import { showInSession } from './navigate';

const MARK: Record<StepRow['change'], string> = { same: '', changed: '~', added: '+', removed: '−' };

function StepCell({ step, sessionKey }: { step: StepRef | null; sessionKey: string }) {
  if (!step) return <div className="compare-step-cell is-empty" />;
  return (
    <button
      type="button"
      className="compare-step-cell"
      title={`Show event ${step.eventId} in its session`}
      onClick={() => void showInSession(sessionKey, step.nodeId, step.eventId)}
    >
      <span className="compare-seq mono">{step.seq ?? '—'}</span>
      <span className="compare-step-label ellipsis">{step.label}</span>
    </button>
  );
}

function Row({ row, result }: { row: StepRow; result: CompareResult }) {
  return (
    <div className={`compare-step change-${row.change}`} data-testid="compare-step" data-change={row.change}>
      <span className="compare-mark" aria-label={row.change}>
        {MARK[row.change]}
      </span>
      <StepCell step={row.a} sessionKey={result.a.sessionKey} />
      <StepCell step={row.b} sessionKey={result.b.sessionKey} />
      {row.note && <span className="compare-note-chip">{row.note}</span>}
    </div>
  );
}

function Run({
  block,
  index,
  result,
}: {
  block: Extract<AlignedBlock, { type: 'unchanged' }>;
  index: number;
  result: CompareResult;
}) {
  const expanded = useCompare((s) => s.expanded[index] === true);
  const first = block.rows[0];
  const last = block.rows.at(-1);
  const span = (side: 'a' | 'b') => `${first?.[side]?.seq ?? '—'}–${last?.[side]?.seq ?? '—'}`;
  // One log: the same seqs on both sides; two logs: each side's own.
  const range = result.mode === 'same-session' ? `seq ${span('a')}` : `seq ${span('a')} ↔ ${span('b')}`;
  return (
    <div className="compare-run" data-testid="compare-run" data-count={block.count} data-expanded={expanded}>
      <button
        type="button"
        className="compare-run-toggle"
        aria-expanded={expanded}
        onClick={() => toggleRun(index)}
      >
        <span aria-hidden>{expanded ? '▾' : '▸'}</span> … {block.count} unchanged step
        {block.count === 1 ? '' : 's'}
        <span className="faint"> {range}</span>
      </button>
      {expanded && (
        <div className="compare-run-rows">
          {block.rows.map((row, i) => (
            <div key={i}>
              {block.omitted > 0 && i === block.omittedAt && (
                <div className="compare-omitted faint">
                  … {block.omitted} more unchanged steps not listed …
                </div>
              )}
              <Row row={row} result={result} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

export function AlignedStepsList({ result }: { result: CompareResult }) {
  const { steps } = result;
  return (
    <section className="compare-steps" aria-label="Aligned steps" data-testid="compare-steps">
      <div className="compare-steps-head">
        <span />
        <span>A — {result.a.sessionId}</span>
        <span>B — {result.b.sessionId}</span>
      </div>
      {steps.approximate && (
        <div className="compare-note">
          Too many differences to align exactly in time: steps were paired with the nearest match ahead
          (approximate).
        </div>
      )}
      <div className="compare-steps-body">
        {steps.blocks.map((block, i) =>
          block.type === 'row' ? (
            <Row key={i} row={block.row} result={result} />
          ) : (
            <Run key={i} block={block} index={i} result={result} />
          ),
        )}
        {steps.rowsNotListed > 0 && (
          <div className="compare-omitted faint">… {steps.rowsNotListed} more steps not listed</div>
        )}
        {steps.blocks.length === 0 && <div className="compare-note">Neither side has any step.</div>}
      </div>
    </section>
  );
}
