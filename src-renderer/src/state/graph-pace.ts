/**
 * How often the graph view takes a new shape while a log streams in. The graph used to be drawn
 * again for every batch of appended lines that grew it: React Flow's props and store, its nodes'
 * and edges' selectors, the minimap, then style, layout, paint and raster of the canvas — half of
 * the page's main-thread time and more than half of its raster time with a writer appending every
 * 10 ms (issue 8 bench). A change after a quiet GRAPH_EVERY_MS is shown at once, as before; the
 * changes that follow within a burst are shown together at most every GRAPH_EVERY_MS. The
 * timeline, counts and node details stay live on every append.
 */

/** Three frames: a burst's appends reach the graph within it, a few at a time. */
export const GRAPH_EVERY_MS = 50;

let shownAt = -Infinity;
let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * Whether the graph may take its new shape now. When it may not, `later` is called once the
 * pace allows (one call for however many changes came meanwhile).
 */
export function graphMayChange(later: () => void): boolean {
  const wait = shownAt + GRAPH_EVERY_MS - performance.now();
  if (wait <= 0) {
    graphChanged();
    return true;
  }
  timer ??= setTimeout(() => {
    timer = null;
    shownAt = performance.now();
    later();
  }, wait);
  return false;
}

/** The graph took a new shape now by other means (a snapshot, a reset): restart the pace. */
export function graphChanged(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  shownAt = performance.now();
}
