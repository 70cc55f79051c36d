/**
 * The Compare view (main area): the two sides, the summary counts, the aligned steps with
 * unchanged runs collapsed, and the graph differences. Opened by "Compare…" in the top bar or by
 * `openCompare(a, b)` from another view.
 */
import type { CompareResult, CompareSideRef } from '../../../../src-shared/bridge/contract';
import type { CompareSideInfo } from '../../../../src-shared/lineage/compare/compare-types';
import { selectSessions } from '../../state/selectors';
import { useAppStore } from '../../state/store';
import { AlignedStepsList } from './AlignedStepsList';
import { ComparePicker } from './ComparePicker';
import { closeCompare, openCompare, openComparePicker, useCompare } from './compare-store';
import { GraphDiffList } from './GraphDiffList';
import './compare.css';

function SideBadge({
  name,
  side,
  info,
}: {
  name: string;
  side: CompareSideRef;
  info: CompareSideInfo | null;
}) {
  const sessions = useAppStore(selectSessions);
  const id = info?.sessionId ?? sessions.find((s) => s.key === side.sessionKey)?.sessionId ?? side.sessionKey;
  return (
    <span
      className="compare-side"
      title={side.sessionKey}
      data-testid={`compare-side-badge-${name.toLowerCase()}`}
    >
      <span className="compare-side-name">{name}</span>
      <span className="mono">{id}</span>
      <span className="faint">{side.uptoSeq === null ? '@ end' : `@ seq ${side.uptoSeq}`}</span>
      {info && (
        <span className="faint">
          · {info.events} events · {info.nodes} nodes
        </span>
      )}
    </span>
  );
}

function Count(props: { kind: string; label: string; value: number; tone?: 'add' | 'del' | 'mod' }) {
  return (
    <span
      className={`compare-count${props.tone ? ` tone-${props.tone}` : ''}${props.value === 0 ? ' is-zero' : ''}`}
      data-testid="compare-count"
      data-kind={props.kind}
      data-value={props.value}
    >
      <b>{props.value}</b> {props.label}
    </span>
  );
}

function Summary({ result }: { result: CompareResult }) {
  const s = result.summary;
  return (
    <div className="compare-summary" data-testid="compare-summary">
      <span className="compare-summary-group">
        <span className="compare-summary-title">Nodes</span>
        <Count kind="nodes-added" label="added" value={s.nodes.added} tone="add" />
        <Count kind="nodes-removed" label="removed" value={s.nodes.removed} tone="del" />
        <Count kind="nodes-changed" label="changed" value={s.nodes.changed} tone="mod" />
      </span>
      <span className="compare-summary-group">
        <span className="compare-summary-title">Edges</span>
        <Count kind="edges-added" label="added" value={s.edges.added} tone="add" />
        <Count kind="edges-removed" label="removed" value={s.edges.removed} tone="del" />
      </span>
      <span className="compare-summary-group">
        <Count kind="verdict-flips" label="verdict flips" value={s.verdictFlips} tone="mod" />
        <Count kind="corrections-added" label="corrections added" value={s.corrections.added} tone="add" />
        {s.corrections.removed > 0 && (
          <Count
            kind="corrections-removed"
            label="corrections removed"
            value={s.corrections.removed}
            tone="del"
          />
        )}
      </span>
      <span className="compare-summary-group">
        <span className="compare-summary-title">Steps</span>
        <Count kind="steps-same" label="unchanged" value={s.steps.same} />
        <Count kind="steps-changed" label="changed" value={s.steps.changed} tone="mod" />
        <Count kind="steps-added" label="added" value={s.steps.added} tone="add" />
        <Count kind="steps-removed" label="removed" value={s.steps.removed} tone="del" />
      </span>
    </div>
  );
}

export function CompareView() {
  const { a, b, status, result, error, picking } = useCompare();
  const matched =
    result?.mode === 'same-session'
      ? 'One session at two points: steps matched by event id, nodes by id.'
      : 'Two sessions: steps aligned by kind and subject (tool, job, path, gate…), nodes by meaning (job id, path, tool name and order…).';
  return (
    <div className="compare" data-testid="compare-view" data-status={status}>
      <header className="compare-head">
        <h2>Compare</h2>
        {a && b && !picking && (
          <span className="compare-sides">
            <SideBadge name="A" side={a} info={result?.a ?? null} />
            <span aria-hidden>→</span>
            <SideBadge name="B" side={b} info={result?.b ?? null} />
          </span>
        )}
        <span className="spacer" />
        {!picking && a && b && (
          <>
            <button
              type="button"
              className="button"
              onClick={() => void openCompare(b, a)}
              title="Swap A and B"
            >
              Swap
            </button>
            <button
              type="button"
              className="button"
              onClick={() => openComparePicker()}
              data-testid="compare-change"
            >
              Change…
            </button>
          </>
        )}
        <button type="button" className="button" onClick={closeCompare} data-testid="compare-close">
          Close
        </button>
      </header>
      {picking || !a || !b ? (
        <ComparePicker />
      ) : status === 'loading' ? (
        <div className="compare-note" role="status">
          Comparing…
        </div>
      ) : status === 'error' ? (
        <div className="compare-error" role="alert" data-testid="compare-error">
          Could not compare: {error}
        </div>
      ) : result ? (
        <>
          <Summary result={result} />
          <div className="compare-mode faint">{matched}</div>
          <div className="compare-body">
            <AlignedStepsList result={result} />
            <GraphDiffList result={result} />
          </div>
        </>
      ) : null}
    </div>
  );
}
