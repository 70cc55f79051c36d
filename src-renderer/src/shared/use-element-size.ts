/**
 * The live size of an element (ResizeObserver), for views that lay out in pixels. Returns a
 * callback ref, so an element that mounts later (after an empty state) is still observed.
 */
import { useCallback, useEffect, useState } from 'react';

export function useElementSize<T extends HTMLElement>(): [
  ref: (el: T | null) => void,
  size: { width: number; height: number },
] {
  const [el, setEl] = useState<T | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((s) => (s.width === width && s.height === height ? s : { width, height }));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  const ref = useCallback((node: T | null) => setEl(node), []);
  return [ref, size];
}
