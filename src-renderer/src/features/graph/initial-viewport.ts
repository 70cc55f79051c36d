/**
 * Where a session's graph first opens: fitted whole whenever the fit zoom is at least
 * MIN_FIT_ZOOM (a real 54-event session's tall column of groups fits at ~0.55 and used to open cut
 * off at the bottom), else — a graph several screens big — at a readable zoom aligned to the
 * top-left (the minimap shows the rest).
 */
import type { Rect, Viewport } from '@xyflow/react';

/** Below this zoom node text is too small to read: nodes are drawn without it (graph.css `data-lod`). */
export const TEXT_MIN_ZOOM = 0.45;
export const MIN_READABLE_ZOOM = 0.7;
/**
 * A graph is opened fitted only where its nodes still show their text: fitted at 0.4 (below
 * TEXT_MIN_ZOOM), the 27 groups of a 100k-event session built from the corpus's real logs opened
 * as blank boxes.
 */
export const MIN_FIT_ZOOM = TEXT_MIN_ZOOM;
const PAD = 24;
/** Room left for the toolbar that floats over the top of the canvas (one row of it). */
const DEFAULT_TOP = 48;

/** `pane.top`: where the toolbar ends (it wraps to two rows on a narrow canvas); one row's room if not given. */
export function initialViewport(
  bounds: Rect,
  pane: { width: number; height: number; top?: number },
): Viewport {
  const top = Math.max(pane.top ?? 0, DEFAULT_TOP);
  const fit = Math.min((pane.width - 2 * PAD) / bounds.width, (pane.height - top - PAD) / bounds.height);
  const zoom = fit >= MIN_FIT_ZOOM ? Math.min(1, fit) : MIN_READABLE_ZOOM;
  const w = bounds.width * zoom;
  const h = bounds.height * zoom;
  const x = w <= pane.width - 2 * PAD ? (pane.width - w) / 2 - bounds.x * zoom : PAD - bounds.x * zoom;
  const y =
    h <= pane.height - top - PAD
      ? top + (pane.height - top - PAD - h) / 2 - bounds.y * zoom
      : top - bounds.y * zoom;
  return { x, y, zoom };
}
