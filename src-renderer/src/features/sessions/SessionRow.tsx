/** One sidebar row: status, id, counts, verdicts, models, times and load progress. */
import { memo } from 'react';
import type { SessionListItem } from '../../../../src-shared/bridge/contract';
import {
  formatAgo,
  formatBytes,
  formatCount,
  formatDateTime,
  formatDuration,
  parseTs,
  shortModel,
} from '../../shared/format';
import { Chip, ProgressBar, StatusDot, VerdictChips } from '../../shared/ui';
import { ROW_LINE_PX, rowParts, sessionRowHeight } from './session-row-layout';

function dotState(s: SessionListItem) {
  if (s.status === 'error') return 'error' as const;
  if (s.closed) return 'idle' as const;
  if (s.status === 'loading') return 'loading' as const;
  return s.live ? ('live' as const) : ('idle' as const);
}

function span(s: SessionListItem): string | null {
  const a = parseTs(s.firstTs);
  const b = parseTs(s.lastTs);
  return a !== null && b !== null ? formatDuration(b - a) : null;
}

/** "3m ago" helps for the last week; older rows already show their date. */
function recent(ts: string | null): boolean {
  const t = parseTs(ts);
  return t !== null && Date.now() - t < 7 * 86_400_000;
}

export const SessionRow = memo(function SessionRow(props: {
  item: SessionListItem;
  selected: boolean;
  onOpen(key: string): void;
  onClose(key: string): void;
}) {
  const { item: s, selected } = props;
  const state = dotState(s);
  const duration = span(s);
  // Only a session serve holds in memory can be closed (not one listed from a cache, or closed).
  const closable = !s.closed && !s.estimated;
  // Every line has its height from session-row-layout (the windowed list places rows by it).
  const parts = rowParts(s);
  return (
    <div className="session-row-wrap" role="listitem">
      <button
        type="button"
        className={`session-row${selected ? ' is-selected' : ''}`}
        data-testid="session-row"
        data-session-id={s.sessionId}
        data-session-key={s.key}
        data-status={s.status}
        data-closed={s.closed ? 'true' : undefined}
        aria-current={selected ? 'true' : undefined}
        title={s.path}
        style={{ height: sessionRowHeight(s) }}
        onClick={() => props.onOpen(s.key)}
      >
        <div className="session-row-head" style={{ height: ROW_LINE_PX.head }}>
          <StatusDot state={state} title={state === 'live' ? 'live — growing' : state} />
          <span className="session-id mono">{s.sessionId}</span>
          <span
            className="session-events"
            data-estimated={s.estimated ? 'true' : undefined}
            title={
              s.estimated
                ? `about ${s.events} events (the last event's seq) — read in full when opened`
                : `${s.events} events`
            }
          >
            {s.estimated ? '~' : ''}
            {formatCount(s.events)}
          </span>
        </div>
        {parts.chips && (
          <div className="session-row-chips" style={{ height: ROW_LINE_PX.chips }}>
            <VerdictChips counts={s.verdicts} />
            {s.parseErrors > 0 && (
              <Chip tone="refuted" title={`${s.parseErrors} line(s) could not be parsed`}>
                {s.parseErrors} parse error{s.parseErrors === 1 ? '' : 's'}
              </Chip>
            )}
            {s.models.slice(0, 2).map((m) => (
              <Chip key={m} tone="muted" title={m}>
                {shortModel(m)}
              </Chip>
            ))}
            {s.models.length > 2 && <Chip tone="muted">+{s.models.length - 2}</Chip>}
          </div>
        )}
        <div
          className="session-row-meta"
          style={{ height: ROW_LINE_PX.meta }}
          title={`first ${s.firstTs ?? '—'}\nlast ${s.lastTs ?? '—'}`}
        >
          <span className="ellipsis">{formatDateTime(s.firstTs)}</span>
          {duration && <span className="faint nowrap">· {duration}</span>}
          <span className="spacer" />
          {recent(s.lastTs) && <span className="faint nowrap">{formatAgo(s.lastTs)}</span>}
        </div>
        {parts.progress && (
          <div className="session-row-progress" style={{ height: ROW_LINE_PX.progress }}>
            <ProgressBar value={s.bytesRead} total={s.fileBytes} label="bytes read" />
            <span className="faint">
              {formatBytes(s.bytesRead)} / {formatBytes(s.fileBytes)}
            </span>
          </div>
        )}
        {parts.notice && (
          <div
            className="session-row-notice"
            style={{ height: ROW_LINE_PX.notice }}
            title={s.notice ?? undefined}
          >
            {s.notice}
          </div>
        )}
        {parts.closed && (
          <div
            className="session-row-closed faint"
            style={{ height: ROW_LINE_PX.closed }}
            data-testid="session-closed"
          >
            closed — open to read it again
          </div>
        )}
      </button>
      {closable && (
        <button
          type="button"
          className="session-row-close"
          data-testid="session-close"
          aria-label={`Close ${s.sessionId}`}
          title="Close: let go of this session's memory and stop following it (open it to read it again)"
          onClick={() => props.onClose(s.key)}
        >
          ×
        </button>
      )}
    </div>
  );
});
