/** One event of the timeline: seq, time, kind, what it is about, its duration and where it sits in time. */
import { memo } from 'react';
import type { TimelineEntry } from '../../../../src-shared/bridge/contract';
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { formatDuration } from '../../shared/format';
import { useAppStore } from '../../state/store';
import { describeEntry } from './describe-entry';
import { snap, snapSpan } from './pixels';
import type { Break, TimeScale } from './time-scale';
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

/**
 * Where a row draws on the time track, snapped to device pixels (./pixels): a bar from a tool
 * call to its result, or a tick at the event's time.
 */
export type RowMark =
  { bar: true; left: number; width: number; open: boolean } | { bar: false; left: number } | null;

export function rowMark(e: TimelineEntry, span: Span | undefined, scale: TimeScale): RowMark {
  if (e.t === null) return null;
  if (e.kind === 'tool_call' && span) {
    const x0 = scale.toX(span.start);
    const x1 = span.end !== null ? scale.toX(span.end) : x0;
    return { bar: true, ...snapSpan(x0, x1, 3), open: span.end === null };
  }
  return { bar: false, left: snap(scale.toX(e.t) - 3) };
}

interface RowProps {
  index: number;
  entry: TimelineEntry;
  node: LineageNode | undefined;
  /** A tool call's call → result time (ms), when both are known. */
  spanMs: number | null;
  mark: RowMark;
  first: number | null;
  selected: boolean;
  related: boolean;
  isNew: boolean;
}

const sameMark = (a: RowMark, b: RowMark) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.left === b.left &&
    (a.bar && b.bar ? a.width === b.width && a.open === b.open : a.bar === b.bar));

/**
 * The rows on screen are rendered again on every live append (the list's length changed); a row
 * whose event, node and pixels are the same skips its render. Entries are made afresh per render
 * (Timeline keeps columns), so they are compared by the fields a row shows; a node object is
 * replaced whenever it changes (session-data), so it compares by reference.
 */
function sameRow(a: RowProps, b: RowProps): boolean {
  return (
    a.index === b.index &&
    a.entry.eventId === b.entry.eventId &&
    a.entry.kind === b.entry.kind &&
    a.entry.seq === b.entry.seq &&
    a.entry.t === b.entry.t &&
    a.entry.nodeId === b.entry.nodeId &&
    a.node === b.node &&
    a.spanMs === b.spanMs &&
    sameMark(a.mark, b.mark) &&
    a.first === b.first &&
    a.selected === b.selected &&
    a.related === b.related &&
    a.isNew === b.isNew
  );
}

export const EventRow = memo(function EventRow(props: RowProps) {
  const { entry: e, node, mark } = props;
  const t = e.t;
  const text = describeEntry(e, node);
  const isCall = e.kind === 'tool_call';
  const durationMs = isCall
    ? (props.spanMs ?? (node ? (node.data['durationMs'] as number | null) : null))
    : null;

  let bar = null;
  if (mark?.bar)
    bar = (
      <div
        className={`tl-bar${mark.open ? ' is-open' : ''}`}
        style={{ left: mark.left, width: mark.width }}
      />
    );
  else if (mark) bar = <div className={`tl-tick tone-${text.tone}`} style={{ left: mark.left }} />;

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
      <span className="tl-track">{bar}</span>
    </div>
  );
}, sameRow);

/**
 * The compressed gaps across the rows' time track, drawn once over the rows in view (the list's
 * overlay: it does not scroll with them), as one element with a background layer per gap. They
 * were a span per gap in every row: a session of the corpus's real logs repeated had 31 gaps,
 * ~1,700 striped spans on screen, and each appended row laid out and painted 31 more (with the
 * list scrolling a row per append, the stripes were most of the timeline's paint).
 */
export function BreakBands({ breaks }: { breaks: readonly Break[] }) {
  if (!breaks.length) return null;
  const background = breaks
    .map((b) => {
      const { left, width } = snapSpan(b.x0, b.x1, 0);
      return `var(--tl-break-stripes) ${left}px 0 / ${width}px 100% no-repeat`;
    })
    .join(', ');
  return (
    <div className="tl-bands" aria-hidden="true">
      <span className="tl-track" style={{ background }} />
    </div>
  );
}
