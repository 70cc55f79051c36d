/**
 * Plain windowing for long lists: only the rows in view (plus a margin) are mounted. Rows have a
 * fixed height, or one per row given by a function (the Compare view's steps: a changed step's
 * note takes a second line); then each row's top is a prefix sum, found by binary search.
 * Appending rows never changes scrollTop, so live growth does not move the reader.
 */
import {
  useCallback,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { useElementSize } from './use-element-size';

const OVERSCAN = 8;

export interface VirtualListHandle {
  /** Scrolls the least needed to show row `index`. */
  reveal(index: number): void;
}

export function VirtualList(props: {
  count: number;
  /** Every row's height, or each row's (keep the function stable: a new one re-sums the rows). */
  rowHeight: number | ((index: number) => number);
  renderRow(index: number): ReactNode;
  className?: string;
  ref?: Ref<VirtualListHandle>;
  ariaLabel?: string;
  /** More attributes of the scrolling element (a list that takes the focus itself: tabIndex, keys). */
  listProps?: Omit<HTMLAttributes<HTMLDivElement>, 'className' | 'onScroll' | 'aria-label'>;
}) {
  const { count, rowHeight, renderRow, className, ariaLabel, ref, listProps } = props;
  const box = useRef<HTMLDivElement | null>(null);
  const [measure, { height }] = useElementSize<HTMLDivElement>();
  const setBox = useCallback(
    (el: HTMLDivElement | null) => {
      box.current = el;
      measure(el);
    },
    [measure],
  );
  const [scrollTop, setScrollTop] = useState(0);
  const frame = useRef(0);

  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(box.current?.scrollTop ?? 0));
  }, []);

  // Row tops (count + 1 entries: the last is the total height) when heights vary; null when fixed.
  const tops = useMemo(
    () => (typeof rowHeight === 'number' ? null : rowTops(count, rowHeight)),
    [count, rowHeight],
  );
  const fixed = typeof rowHeight === 'number' ? rowHeight : 0;
  const topOf = useCallback((i: number) => (tops ? tops[i]! : i * fixed), [tops, fixed]);
  const indexAt = (y: number) => (tops ? Math.max(0, upperBound(tops, y) - 1) : Math.floor(y / fixed));

  useImperativeHandle(
    ref,
    () => ({
      reveal(index: number) {
        const el = box.current;
        if (!el) return;
        const top = topOf(index);
        const bottom = topOf(index + 1);
        if (top < el.scrollTop) el.scrollTop = top;
        else if (bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight;
      },
    }),
    [topOf],
  );

  const first = Math.max(0, indexAt(scrollTop) - OVERSCAN);
  const last = Math.min(count, indexAt(scrollTop + (height || 600)) + 1 + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) rows.push(renderRow(i));

  return (
    <div
      {...listProps}
      ref={setBox}
      className={`vlist ${className ?? ''}`}
      onScroll={onScroll}
      role={listProps?.role ?? 'list'}
      aria-label={ariaLabel}
    >
      <div className="vlist-inner" style={{ height: topOf(count) }}>
        <div className="vlist-window" style={{ transform: `translateY(${topOf(first)}px)` }}>
          {rows}
        </div>
      </div>
    </div>
  );
}

function rowTops(count: number, heightOf: (index: number) => number): Float64Array {
  const tops = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) tops[i + 1] = tops[i]! + heightOf(i);
  return tops;
}

/** First index whose value is > y. */
function upperBound(xs: Float64Array, y: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
