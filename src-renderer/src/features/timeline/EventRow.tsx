/** One event of the timeline: seq, time, kind, what it is about, its duration and where it sits in time. */
import { memo } from 'react';
import type { TimelineEntry } from '../../../../src-shared/bridge/contract';
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { formatDuration } from '../../shared/format';
import { useAppStore } from '../../state/store';
import { describeEntry } from './describe-entry';
import type { TimeScale } from './time-scale';
import type { Span } from './timeline-model';

export const ROW_HEIGHT = 24;

export function formatOffset(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `+${h}:${pad(m)}:${pad(sec)}` : `+${pad(m)}:${pad(sec)}`;
}

export const EventRow = memo(function EventRow(props: {
  index: number;
  entry: TimelineEntry;
  node: LineageNode | undefined;
  span: Span | undefined;
  scale: TimeScale;
  first: number | null;
  selected: boolean;
  related: boolean;
  isNew: boolean;
}) {
  const { entry: e, node, span, scale } = props;
  const t = e.t;
  const text = describeEntry(e, node);
  const isCall = e.kind === 'tool_call';
  const durationMs =
    isCall && span?.end != null
      ? span.end - span.start
      : isCall && node
        ? (node.data['durationMs'] as number | null)
        : null;

  let bar = null;
  if (t !== null) {
    if (isCall && span) {
      const x0 = scale.toX(span.start);
      const x1 = span.end !== null ? scale.toX(span.end) : x0;
      bar = (
        <div
          className={`tl-bar${span.end === null ? ' is-open' : ''}`}
          style={{ left: x0, width: Math.max(3, x1 - x0) }}
        />
      );
    } else bar = <div className={`tl-tick tone-${text.tone}`} style={{ left: scale.toX(t) - 3 }} />;
  }

  return (
    <div
      className={`tl-row${props.selected ? ' is-selected' : props.related ? ' is-related' : ''}${props.isNew ? ' is-new' : ''}`}
      data-testid="timeline-row"
      data-event-id={e.eventId}
      data-seq={e.seq ?? undefined}
      role="listitem"
      style={{ height: ROW_HEIGHT }}
      onClick={() => useAppStore.getState().selectEvent(e.eventId, e.nodeId)}
    >
      <span className="tl-seq faint">{e.seq ?? '—'}</span>
      <span className="tl-time faint" title={t !== null ? new Date(t).toISOString() : 'no timestamp'}>
        {t !== null && props.first !== null ? formatOffset(t - props.first) : '—'}
      </span>
      <span className="tl-kind mono">{e.kind}</span>
      <span className={`tl-label text-${text.tone}`} title={text.detail ?? text.label}>
        <span className="mono">{text.label}</span>
        {text.detail && <span className="faint"> {text.detail}</span>}
      </span>
      <span className="tl-dur faint">{durationMs != null ? formatDuration(durationMs) : ''}</span>
      <span className="tl-track">
        {scale.breaks.map((b) => (
          <span key={b.x0} className="tl-break-band" style={{ left: b.x0, width: b.x1 - b.x0 }} />
        ))}
        {bar}
      </span>
    </div>
  );
});
