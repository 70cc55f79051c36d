/**
 * The steps of both sides, aligned: A on the left, B on the right, one row per pair (or per step
 * only one side has). Runs of unchanged steps are collapsed into "… N unchanged steps"; a click
 * expands one. Clicking a step shows it in its session.
 *
 * Up to 3 000 rows (and expanded runs): the list is windowed (VirtualList), so only the rows in
 * view are mounted. The keyboard works on the list itself, not on row buttons that come and go
 * as it scrolls: the list takes the focus and keeps an active item (aria-activedescendant) —
 * ↑/↓, Page Up/Down, Home/End move it, ←/→ pick side A or B of a step, Enter or Space opens the
 * step in its session or expands/collapses the run.
 */
import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { CompareResult, StepRef, StepRow } from '../../../../src-shared/lineage/compare/compare-types';
import { VirtualList, type VirtualListHandle } from '../../shared/VirtualList';
import { toggleRun, useCompare } from './compare-store';
import { showInSession } from './navigate';
import {
  isFocusable,
  itemHeight,
  nearestFocusable,
  stepItemsOf,
  STEP_ROW_HEIGHT,
  type StepItem,
} from './step-items';

const MARK: Record<StepRow['change'], string> = { same: '', changed: '~', added: '+', removed: '−' };

type Side = 'a' | 'b';

/** The keyboard's place in the list: an item, and for a step row which side's step. */
interface Cursor {
  index: number;
  side: Side;
}

const itemId = (index: number) => `compare-item-${index}`;

/** The side a step row can show (a row with one side only has no step on the other). */
function sideOf(item: StepItem | undefined, wanted: Side): Side {
  if (item?.type !== 'row') return wanted;
  return item.row[wanted] ? wanted : wanted === 'a' ? 'b' : 'a';
}

function open(item: StepItem | undefined, side: Side, result: CompareResult): void {
  if (item?.type === 'run') toggleRun(item.index);
  else if (item?.type === 'row') {
    const step = item.row[side];
    const key = side === 'a' ? result.a.sessionKey : result.b.sessionKey;
    if (step) void showInSession(key, step.nodeId, step.eventId);
  }
}

/** Row buttons never keep the focus (they unmount when scrolled away): the list takes it. */
const keepFocusOnList = (e: MouseEvent) => e.preventDefault();

function StepCell(props: { step: StepRef | null; active: boolean; onOpen(e: MouseEvent): void }) {
  const { step } = props;
  if (!step) return <div className="compare-step-cell is-empty" />;
  return (
    <button
      type="button"
      tabIndex={-1}
      className={`compare-step-cell${props.active ? ' is-active' : ''}`}
      title={`Show event ${step.eventId} in its session`}
      onMouseDown={keepFocusOnList}
      onClick={props.onOpen}
    >
      <span className="compare-seq mono">{step.seq ?? '—'}</span>
      <span className="compare-step-label ellipsis">{step.label}</span>
    </button>
  );
}

function ItemView(props: {
  item: StepItem;
  index: number;
  cursor: Cursor | null;
  result: CompareResult;
  onOpen(index: number, side: Side, e: MouseEvent): void;
}) {
  const { item, index, cursor, result } = props;
  const active = cursor?.index === index;
  const common = {
    id: itemId(index),
    role: 'option',
    'aria-selected': active,
    'data-item-index': index,
    style: { height: itemHeight(item) },
  };
  switch (item.type) {
    case 'row': {
      const { row } = item;
      return (
        <div
          {...common}
          className={`compare-step change-${row.change}${item.run !== null ? ' in-run' : ''}${active ? ' is-active' : ''}`}
          data-testid="compare-step"
          data-change={row.change}
          data-run={item.run ?? undefined}
        >
          <span className="compare-mark" aria-label={row.change}>
            {MARK[row.change]}
          </span>
          <StepCell
            step={row.a}
            active={active && cursor.side === 'a'}
            onOpen={(e) => props.onOpen(index, 'a', e)}
          />
          <StepCell
            step={row.b}
            active={active && cursor.side === 'b'}
            onOpen={(e) => props.onOpen(index, 'b', e)}
          />
          {row.note && <span className="compare-note-chip">{row.note}</span>}
        </div>
      );
    }
    case 'run': {
      const { block, expanded } = item;
      const first = block.rows[0];
      const last = block.rows.at(-1);
      const span = (side: Side) => `${first?.[side]?.seq ?? '—'}–${last?.[side]?.seq ?? '—'}`;
      // One log: the same seqs on both sides; two logs: each side's own.
      const range = result.mode === 'same-session' ? `seq ${span('a')}` : `seq ${span('a')} ↔ ${span('b')}`;
      return (
        <div
          {...common}
          className={`compare-run${active ? ' is-active' : ''}`}
          data-testid="compare-run"
          data-count={block.count}
          data-expanded={expanded}
        >
          <button
            type="button"
            tabIndex={-1}
            className="compare-run-toggle"
            aria-expanded={expanded}
            onMouseDown={keepFocusOnList}
            onClick={(e) => props.onOpen(index, 'a', e)}
          >
            <span aria-hidden>{expanded ? '▾' : '▸'}</span> … {block.count} unchanged step
            {block.count === 1 ? '' : 's'}
            <span className="faint"> {range}</span>
          </button>
        </div>
      );
    }
    case 'omitted':
      return (
        <div {...common} className="compare-omitted in-run faint">
          … {item.count} more unchanged steps not listed …
        </div>
      );
    case 'not-listed':
      return (
        <div {...common} className="compare-omitted faint">
          … {item.count} more steps not listed
        </div>
      );
  }
}

export function AlignedStepsList({ result }: { result: CompareResult }) {
  const { steps } = result;
  const expanded = useCompare((s) => s.expanded);
  const items = useMemo(() => stepItemsOf(steps, expanded), [steps, expanded]);
  const heightOf = useCallback((i: number) => itemHeight(items[i]!), [items]);
  const list = useRef<VirtualListHandle>(null);

  // The cursor belongs to one result: a new comparison starts without one.
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const [cursorOf, setCursorOf] = useState(result);
  if (cursorOf !== result) {
    setCursorOf(result);
    setCursor(null);
  }
  const active = cursor && isFocusable(items[cursor.index]) ? cursor : null;

  const moveTo = (index: number, side: Side = active?.side ?? 'a') => {
    if (index < 0) return;
    setCursor({ index, side: sideOf(items[index], side) });
    list.current?.reveal(index);
  };

  /** The first focusable item at the top of the list's scrolled view (where a cursor starts). */
  const firstInView = (scroller: HTMLElement): number => {
    let top = 0;
    let i = 0;
    while (i < items.length - 1 && top + itemHeight(items[i]!) <= scroller.scrollTop)
      top += itemHeight(items[i++]!);
    return nearestFocusable(items, i, 1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const at = active?.index ?? -1;
    const page = Math.max(1, Math.floor(e.currentTarget.clientHeight / STEP_ROW_HEIGHT) - 1);
    const start = () => firstInView(e.currentTarget);
    switch (e.key) {
      case 'ArrowDown':
        moveTo(at < 0 ? start() : nearestFocusable(items, at + 1, 1));
        break;
      case 'ArrowUp':
        moveTo(at < 0 ? start() : nearestFocusable(items, at - 1, -1));
        break;
      case 'PageDown':
        moveTo(nearestFocusable(items, Math.max(0, at) + page, 1));
        break;
      case 'PageUp':
        moveTo(nearestFocusable(items, at - page, -1));
        break;
      case 'Home':
        moveTo(nearestFocusable(items, 0, 1));
        break;
      case 'End':
        moveTo(nearestFocusable(items, items.length - 1, -1));
        break;
      case 'ArrowLeft':
      case 'ArrowRight':
        if (at >= 0) moveTo(at, e.key === 'ArrowLeft' ? 'a' : 'b');
        break;
      case 'Enter':
      case ' ':
        if (active) open(items[active.index], active.side, result);
        break;
      default:
        return;
    }
    // Handled here: not also j/k-style keys of the app, nor the page's own scrolling.
    e.preventDefault();
    e.stopPropagation();
  };

  const onOpen = useCallback(
    (index: number, side: Side, e: MouseEvent) => {
      // Focus first: a list focused without a cursor picks the first item in view, which this replaces.
      (e.currentTarget.closest('.vlist') as HTMLElement | null)?.focus({ preventScroll: true });
      setCursor({ index, side });
      open(items[index], side, result);
    },
    [items, result],
  );

  const renderRow = useCallback(
    (i: number) => (
      <ItemView key={i} item={items[i]!} index={i} cursor={active} result={result} onOpen={onOpen} />
    ),
    [items, active, result, onOpen],
  );

  return (
    <section
      className="compare-steps"
      aria-label="Aligned steps"
      data-testid="compare-steps"
      data-items={items.length}
    >
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
      {steps.blocks.length === 0 ? (
        <div className="compare-note">Neither side has any step.</div>
      ) : (
        <VirtualList
          ref={list}
          count={items.length}
          rowHeight={heightOf}
          renderRow={renderRow}
          className="compare-steps-body"
          ariaLabel="Aligned steps (↑/↓ move, ←/→ side, Enter opens)"
          listProps={{
            role: 'listbox',
            tabIndex: 0,
            onKeyDown,
            onFocus: (e) => {
              if (e.target === e.currentTarget && !active) moveTo(firstInView(e.currentTarget));
            },
            'aria-activedescendant': active ? itemId(active.index) : undefined,
          }}
        />
      )}
    </section>
  );
}
