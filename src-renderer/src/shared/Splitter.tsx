/**
 * A drag handle between two panes. It reports the new size of the pane it controls; the owner
 * keeps it (and clamps it), so panes never resize on their own.
 */
import { useRef, type PointerEvent } from 'react';

export function Splitter(props: {
  orientation: 'vertical' | 'horizontal';
  size: number;
  /** +1: dragging right/down grows the pane; -1: shrinks it. */
  sign: 1 | -1;
  onResize(size: number): void;
  label: string;
}) {
  const start = useRef<{ pos: number; size: number } | null>(null);
  const horizontal = props.orientation === 'horizontal';
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { pos: horizontal ? e.clientY : e.clientX, size: props.size };
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const delta = (horizontal ? e.clientY : e.clientX) - start.current.pos;
    props.onResize(start.current.size + props.sign * delta);
  };
  return (
    <div
      className={`splitter splitter-${props.orientation}`}
      role="separator"
      aria-orientation={horizontal ? 'horizontal' : 'vertical'}
      aria-label={props.label}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={() => (start.current = null)}
    />
  );
}
