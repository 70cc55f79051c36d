/**
 * The row count a list that follows its end draws: new rows at once after a quiet spell, then at
 * most every `everyMs` while more keep coming. A writer appending every 10 ms adds ~100 rows a
 * second; drawn one at a time (a row mounted, the list scrolled), they cost the page a fifth more
 * of its main thread in the live bench with 50 logs written at once, for motion nobody can read.
 * The count shown elsewhere (the summary) is not paced. A count that shrinks, or a list that is
 * not following, is drawn as it is.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export function usePacedCount(count: number, enabled: boolean, everyMs: number): number {
  const drawn = useRef(count);
  /** Rows were drawn less than `everyMs` ago: the next ones wait for the timer. */
  const pacing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [, redraw] = useState(0);
  // Read in render on purpose: what was drawn last decides what this render draws (a state would
  // cost a second render per append, the very cost this avoids).
  /* eslint-disable react-hooks/refs */
  const shown = enabled && count > drawn.current && pacing.current ? drawn.current : count;
  /* eslint-enable react-hooks/refs */
  useLayoutEffect(() => {
    if (shown === drawn.current) return;
    const grew = shown > drawn.current;
    drawn.current = shown;
    if (!grew || timer.current !== null) return;
    pacing.current = true;
    timer.current = setTimeout(() => {
      timer.current = null;
      pacing.current = false;
      // Whatever came meanwhile is drawn now (a render that finds nothing new changes nothing).
      redraw((n) => n + 1);
    }, everyMs);
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return shown;
}
