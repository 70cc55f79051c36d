/**
 * Plain windowing for long lists: only the rows in view (plus a margin) are mounted. Rows have a
 * fixed height, or one per row given by a function (the Compare view's steps: a changed step's
 * note takes a second line); then each row's top is a prefix sum, found by binary search.
 * Appending rows never moves a reader who is not at the end; with `followEnd`, a list scrolled to
 * its end stays there as rows are appended (a live log's newest events, as `tail -f` shows them),
 * and scrolling up stops that until the reader comes back to the end.
 */
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { flushSync } from 'react-dom';
import { itself, upperBound } from '../../../src-shared/collections/sorted-search';
import { useElementSize } from './use-element-size';

const OVERSCAN = 8;
/**
 * While following, the list scrolls itself to its new end at most this often; between two
 * scrolls its last rows are drawn at its end all the same (see `lag`). Each scroll rendered the
 * list again, and under a resting pointer made the browser send the page a mouse move: at ~100
 * appends a second (400k events, traced) 460 scrolls became 37, mouse moves sent 949 → 103.
 */
const FOLLOW_SCROLL_MS = 250;
/** How close to the end (px) counts as at the end: a fraction of a row, for rounded scroll offsets. */
const END_SLACK_PX = 4;

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
  /** Stay at the end while rows are appended, when scrolled to it (see above). */
  followEnd?: boolean;
  /** With followEnd: be at the end — when the list mounts, or later, until the reader scrolls. */
  startAtEnd?: boolean;
  /**
   * Drawn over the rows in view, and not scrolled with them (pointer events go through): what is
   * the same for every row (the timeline's gap bands) drawn once instead of in each.
   */
  overlay?: ReactNode;
}) {
  const { count, rowHeight, renderRow, className, ariaLabel, ref, listProps, followEnd = false } = props;
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
  /** Whether the reader is at the end (followEnd): the rows shown are then the last ones. */
  const [atEnd, setAtEnd] = useState(Boolean(props.startAtEnd));
  const atEndNow = useRef(atEnd);
  /** Where the list last scrolled itself to, following the end (see `lag` below). */
  const [scrolledTo, setScrolledTo] = useState(0);
  const ownScrollTop = useRef(-1);
  const followFrame = useRef(0);
  const followTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const followedAt = useRef(Number.NEGATIVE_INFINITY);
  const endTopNow = useRef(0);

  const markAtEnd = useCallback((value: boolean, top?: number) => {
    if (atEndNow.current === value) return;
    atEndNow.current = value;
    const apply = () => {
      setAtEnd(value);
      if (top === undefined) return;
      setScrollTop(top);
      // Where the reader's scroll left it: following starts from there (no `lag` to make up).
      setScrolledTo(top);
    };
    // From a scroll, applied at once, not with the next render: an append rendered in between (a
    // store update goes before a scroll's) would otherwise pull a reader who has just scrolled up
    // back down. (From a layout effect, a state update is applied before the paint anyway.)
    if (top !== undefined) flushSync(apply);
    else apply();
  }, []);

  /** The reader has scrolled the list: `startAtEnd` no longer moves it. */
  const readerScrolled = useRef(false);

  const onScroll = useCallback(() => {
    const el = box.current;
    // Its own scroll to the end (following) needs no render of its own.
    if (!el || el.scrollTop === ownScrollTop.current) return;
    ownScrollTop.current = -1;
    readerScrolled.current = true;
    markAtEnd(el.scrollTop + el.clientHeight >= el.scrollHeight - END_SLACK_PX, el.scrollTop);
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(box.current?.scrollTop ?? 0));
  }, [markAtEnd]);

  const following = followEnd && atEnd && height > 0;

  // Row tops (count + 1 entries: the last is the total height) when heights vary; null when fixed.
  const tops = useMemo(
    () => (typeof rowHeight === 'number' ? null : rowTops(count, rowHeight)),
    [count, rowHeight],
  );
  const fixed = typeof rowHeight === 'number' ? rowHeight : 0;
  const topOf = useCallback((i: number) => (tops ? tops[i]! : i * fixed), [tops, fixed]);
  const indexAt = (y: number) =>
    tops ? Math.max(0, upperBound(tops, y, itself) - 1) : Math.floor(y / fixed);

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

  const endTop = Math.max(0, topOf(count) - height);
  // Following, the last rows are drawn in the render that adds them, bottom-aligned to where the
  // list is scrolled now (`lag` rows above their place), and a later frame (the next, or one
  // FOLLOW_SCROLL_MS after the last such scroll) scrolls to the new end and draws them in place:
  // nothing moves on screen between the two. Scrolling in the commit itself forced a layout per
  // append (interleaved runs, one session written: the page 3–5 points busier).
  const lag = following ? Math.max(0, endTop - scrolledTo) : 0;
  const top = following ? endTop : scrollTop;
  useLayoutEffect(() => {
    if (!followEnd) return;
    endTopNow.current = endTop;
    // A session that turns out to be live after it opened (its first append came just after):
    // to its end, unless the reader has scrolled meanwhile.
    if (props.startAtEnd && !atEndNow.current && !readerScrolled.current) markAtEnd(true);
    if (!following) {
      // Every row in view is at the end too: the next rows to come are followed.
      if (height > 0 && topOf(count) <= height + END_SLACK_PX) markAtEnd(true);
      return;
    }
    if (lag === 0 || followFrame.current || followTimer.current !== null) return;
    const scroll = () => {
      followFrame.current = 0;
      const el = box.current;
      if (!el || !atEndNow.current) return;
      el.scrollTop = ownScrollTop.current = endTopNow.current;
      followedAt.current = performance.now();
      setScrolledTo(endTopNow.current);
    };
    const wait = followedAt.current + FOLLOW_SCROLL_MS - performance.now();
    if (wait <= 0) followFrame.current = requestAnimationFrame(scroll);
    else
      followTimer.current = setTimeout(() => {
        followTimer.current = null;
        followFrame.current = requestAnimationFrame(scroll);
      }, wait);
  });
  useEffect(
    () => () => {
      cancelAnimationFrame(followFrame.current);
      if (followTimer.current !== null) clearTimeout(followTimer.current);
    },
    [],
  );

  const first = Math.max(0, indexAt(top) - OVERSCAN);
  const last = Math.min(count, indexAt(top + (height || 600)) + 1 + OVERSCAN);
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
        {props.overlay && (
          <div className="vlist-overlay" style={{ height: Math.min(height, topOf(count)) }}>
            {props.overlay}
          </div>
        )}
        <div className="vlist-window" style={{ transform: `translateY(${topOf(first) - lag}px)` }}>
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
