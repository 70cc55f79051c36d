/**
 * Makes the shown timeline's index of event ids while the page is idle, when its rows are out of
 * the order they came in (two processes wrote the session).
 *
 * The index is otherwise made whole on its first use (`Timeline.indexOf`), in that frame: for a
 * 300k-event session ~150 ms. Rows one process wrote seldom need it (a tool call's result is a
 * few rows from its call, found by looking near); rows two processes wrote do, from the first
 * live append on, when a call and its result sort thousands of rows apart. Only those sessions
 * are indexed ahead: the index costs 8–16 bytes a row of the page's memory (a RowIndex's slots;
 * ~30 as a Map) for as long as the session is shown.
 */
import { useAppStore } from './store';
import type { Timeline } from './timeline';

/** Rows indexed per slice (~2 ms in Chromium here) — at least one slice per callback. */
const ROWS_PER_SLICE = 4_096;
/** A slice runs by then even if the page never goes idle (a log written 100 lines a second). */
const IDLE_TIMEOUT_MS = 500;

/** Starts indexing each out-of-order timeline the store shows; returns a disposer. */
export function indexTimelinesAhead(): () => void {
  let pending: number | null = null;
  const wanted = (): Timeline | null => {
    const timeline = useAppStore.getState().data?.timeline;
    return timeline && timeline.outOfOrder ? timeline : null;
  };
  const slice = (deadline: IdleDeadline) => {
    pending = null;
    const timeline = wanted();
    if (!timeline) return;
    do if (timeline.indexAhead(ROWS_PER_SLICE)) return;
    while (deadline.timeRemaining() > 2);
    pending = requestIdleCallback(slice, { timeout: IDLE_TIMEOUT_MS });
  };
  const check = () => {
    if (pending === null && wanted()?.indexAhead(0) === false)
      pending = requestIdleCallback(slice, { timeout: IDLE_TIMEOUT_MS });
  };
  const unsubscribe = useAppStore.subscribe(check);
  check();
  return () => {
    unsubscribe();
    if (pending !== null) cancelIdleCallback(pending);
  };
}
