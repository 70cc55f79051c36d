/**
 * A value as it was at most every `ms`: a newer one is taken once `ms` has passed since the last
 * was taken (on a timer: the newest given meanwhile), or at once when `urgent` says it cannot wait
 * (a reader's own action). The same object is returned between takes, so a memoized child given
 * it does not render again in between.
 *
 * For what a live log changes on every append but nobody reads at that pace (a cluster job's lane
 * of thousands of marks, drawn again with each of ~100 appends a second).
 */
import { useEffect, useRef, useState } from 'react';

export function useThrottled<T>(value: T, ms: number, urgent?: (shown: T, next: T) => boolean): T {
  const [shown, setShown] = useState(value);
  const shownAt = useRef(Number.NEGATIVE_INFINITY);
  // Taken in this render (React renders again at once with it, before anything is drawn).
  if (shown !== value && urgent?.(shown, value)) setShown(value);
  useEffect(() => {
    shownAt.current = performance.now();
  }, [shown]);
  useEffect(() => {
    if (shown === value) return;
    const timer = setTimeout(
      () => setShown(() => value),
      Math.max(0, shownAt.current + ms - performance.now()),
    );
    return () => clearTimeout(timer);
  }, [value, shown, ms]);
  return shown;
}
