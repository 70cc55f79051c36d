/** Every violation with its rule, line, idx and field; clicking one jumps to its place in the trace. */
import { isRejectingRule, type Violation } from '../../../../src-shared/formats/step-trace/types';

export function ViolationList({
  violations,
  focusedLine,
  onJump,
}: {
  violations: Violation[];
  focusedLine: number | null;
  onJump: (v: Violation) => void;
}) {
  return (
    <aside className="st-violations" data-testid="violation-list">
      <div className="st-section-title">
        Violations <span className="tab-count">{violations.length}</span>
      </div>
      {violations.length === 0 ? (
        <div className="st-none">
          <span className="text-verified">✓</span> No violations.
        </div>
      ) : (
        <ol className="st-violation-items">
          {violations.map((v, i) => (
            <li key={i}>
              <button
                type="button"
                className={`st-violation${focusedLine === v.line ? ' is-selected' : ''}`}
                data-testid="violation-row"
                data-rule={v.rule}
                data-line={v.line}
                onClick={() => onJump(v)}
              >
                <span className="st-violation-head">
                  <span className={`badge mono ${isRejectingRule(v.rule) ? 'tone-refuted' : 'tone-warning'}`}>
                    {v.rule}
                  </span>
                  <span className="st-where mono">
                    line {v.line}
                    {v.idx !== null && ` · idx ${v.idx}`}
                  </span>
                </span>
                {v.field && <span className="st-field mono">{v.field}</span>}
                <span className="st-message">{v.message}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
