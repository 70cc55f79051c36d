/**
 * Tail health of the shown log: how much of the file has been read, which lines were skipped and
 * why (click one to see it raw), and notices such as "file replaced / truncated".
 */
import { useCallback, useMemo } from 'react';
import type { ProblemEntry } from '../../../../src-shared/bridge/contract';
import {
  selectHealth,
  selectProblems,
  selectSelectedProblem,
  selectViewKey,
  selectViewSummary,
} from '../../state/selectors';
import { useAppStore } from '../../state/store';
import { formatBytes, formatClock, formatCount, percent } from '../../shared/format';
import { EmptyState, ProgressBar } from '../../shared/ui';
import { VirtualList } from '../../shared/VirtualList';
import { RawLineView } from './RawLineView';
import './health.css';

const PROBLEM_ROW = 26;
const NO_PROBLEMS: readonly ProblemEntry[] = [];

export function HealthPanel() {
  const key = useAppStore(selectViewKey);
  const health = useAppStore(selectHealth);
  const summary = useAppStore(selectViewSummary);
  const problems = useAppStore(selectProblems) ?? NO_PROBLEMS;
  const selected = useAppStore(selectSelectedProblem);

  const counts = useMemo(() => {
    const c = new Map<string, number>();
    for (const p of problems) c.set(p.type, (c.get(p.type) ?? 0) + 1);
    return [...c];
  }, [problems]);

  const renderRow = useCallback(
    (i: number) => {
      const p = problems[i]!;
      const isSel = selected?.byteOffset === p.byteOffset && selected.type === p.type;
      return (
        <div
          key={`${p.byteOffset}:${p.type}`}
          className={`problem-row${isSel ? ' is-selected' : ''}`}
          data-testid="problem-row"
          data-line={p.lineNo}
          role="listitem"
          onClick={() => useAppStore.getState().selectProblem(p)}
          style={{ height: PROBLEM_ROW }}
        >
          <span className="problem-line mono">line {p.lineNo}</span>
          <span className={`badge tone-${p.type === 'parse-error' ? 'refuted' : 'warning'}`}>{p.type}</span>
          <span className="problem-message" title={p.message}>
            {p.message}
          </span>
          <span className="faint problem-offset">@{formatCount(p.byteOffset)}</span>
        </div>
      );
    },
    [problems, selected],
  );

  if (!key || !health) return <EmptyState title="No session selected" />;
  const notices = [...health.notices].reverse();
  const done = health.bytesRead >= health.fileBytes;

  return (
    <div className="health" data-testid="health-panel">
      <div className="health-summary">
        <div className="health-stat">
          <div className="health-stat-label">Read</div>
          <ProgressBar value={health.bytesRead} total={health.fileBytes} label="bytes read of file size" />
          <div className="health-stat-value" data-testid="bytes-read">
            {formatBytes(health.bytesRead)} of {formatBytes(health.fileBytes)}{' '}
            <span className="faint">({Math.floor(percent(health.bytesRead, health.fileBytes))}%)</span>
          </div>
          <div className="faint">
            offset {formatCount(health.bytesRead)} ·{' '}
            {done ? (summary?.live ? 'following' : 'at end of file') : 'reading…'}
          </div>
        </div>
        <div className="health-stat">
          <div className="health-stat-label">Lines skipped</div>
          <div
            className={`health-big${health.linesSkipped ? ' text-refuted' : ''}`}
            data-testid="lines-skipped"
          >
            {formatCount(health.linesSkipped)}
          </div>
          <div className="faint">
            {counts.map(([t, n]) => `${n} ${t}`).join(' · ') || 'every line was read'}
          </div>
        </div>
        <div className="health-stat health-notices">
          <div className="health-stat-label">Notices</div>
          {notices.length === 0 && !summary?.notice && (
            <div className="faint">No truncation or replacement seen.</div>
          )}
          {summary?.notice && !notices.some((n) => n.message === summary.notice) && (
            <div className="notice" data-testid="notice">
              {summary.notice}
            </div>
          )}
          {notices.map((n, i) => (
            <div key={`${n.at}:${i}`} className="notice" data-testid="notice">
              <span className="faint">{formatClock(n.at)}</span> {n.message}
            </div>
          ))}
        </div>
      </div>
      <div className="health-split">
        <div className="problem-list">
          {problems.length === 0 ? (
            <EmptyState title="No skipped lines" />
          ) : (
            <VirtualList
              count={problems.length}
              rowHeight={PROBLEM_ROW}
              renderRow={renderRow}
              ariaLabel="Skipped lines"
            />
          )}
        </div>
        <RawLineView sessionKey={key} problem={selected} />
      </div>
    </div>
  );
}
