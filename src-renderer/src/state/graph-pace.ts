/**
 * How often the graph view takes a new shape while a log streams in. Drawing a shape that gives
 * React Flow new node or edge lists (a node placed, an edge drawn) is costly: React Flow's props
 * and store, its nodes' and edges' selectors, the minimap, then style, layout, paint and raster of
 * the canvas — half of the page's main-thread time and more than half of its raster time when it
 * was done for every append of a writer appending every 10 ms (issue 8 bench). So after such a
 * drawing the next shape waits until GRAPH_EVERY_MS after it (the changes meanwhile are shown
 * together). Most appends are cheaper: a call joining a collapsed tool group leaves React Flow's
 * lists as they were and redraws one group node (shown-graph.ts); after such a drawing the next
 * shape is taken at once. A change after a quiet spell is always taken at once.
 */

/** Three frames: a burst's costly shapes reach the graph within it, a few changes at a time. */
export const GRAPH_EVERY_MS = 50;

let shownAt = -Infinity;
/** Whether the shape drawn last gave React Flow new lists. */
let lastWasCostly = false;
let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * Whether the graph may take its new shape now. When it may not, `later` is called once the
 * pace allows (one call for however many changes came meanwhile).
 */
export function graphMayChange(later: () => void): boolean {
  const wait = lastWasCostly ? shownAt + GRAPH_EVERY_MS - performance.now() : 0;
  if (wait <= 0 && timer === null) {
    graphChanged();
    return true;
  }
  timer ??= setTimeout(
    () => {
      timer = null;
      shownAt = performance.now();
      later();
    },
    Math.max(0, wait),
  );
  return false;
}

/** The graph took a new shape now by other means (a snapshot, a reset): restart the pace. */
export function graphChanged(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  shownAt = performance.now();
}

/** The graph view drew a shape; `costly` when React Flow was given new node or edge lists. */
export function graphDrawn(costly: boolean): void {
  lastWasCostly = costly;
}
