/**
 * Plain windowing for long lists of fixed-height rows: only the rows in view (plus a margin) are
 * mounted. Appending rows never changes scrollTop, so live growth does not move the reader.
 */
import { useCallback, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { useElementSize } from './use-element-size';

const OVERSCAN = 8;

export interface VirtualListHandle {
  /** Scrolls the least needed to show row `index`. */
  reveal(index: number): void;
}

export function VirtualList(props: {
  count: number;
  rowHeight: number;
  renderRow(index: number): ReactNode;
  className?: string;
  ref?: Ref<VirtualListHandle>;
  ariaLabel?: string;
}) {
  const { count, rowHeight, renderRow, className, ariaLabel, ref } = props;
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

  useImperativeHandle(
    ref,
    () => ({
      reveal(index: number) {
        const el = box.current;
        if (!el) return;
        const top = index * rowHeight;
        if (top < el.scrollTop) el.scrollTop = top;
        else if (top + rowHeight > el.scrollTop + el.clientHeight)
          el.scrollTop = top + rowHeight - el.clientHeight;
      },
    }),
    [rowHeight],
  );

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + (height || 600)) / rowHeight) + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) rows.push(renderRow(i));

  return (
    <div
      ref={setBox}
      className={`vlist ${className ?? ''}`}
      onScroll={onScroll}
      role="list"
      aria-label={ariaLabel}
    >
      <div className="vlist-inner" style={{ height: count * rowHeight }}>
        <div className="vlist-window" style={{ transform: `translateY(${first * rowHeight}px)` }}>
          {rows}
        </div>
      </div>
    </div>
  );
}
