/**
 * Where a session's graph first opens: fitted when that keeps text readable, else at a readable
 * zoom aligned to the top-left (the minimap shows the rest). A tall star of tool groups fitted
 * whole would open at a zoom where nothing can be read.
 */
import type { Rect, Viewport } from '@xyflow/react';

export const MIN_READABLE_ZOOM = 0.7;
const PAD = 24;
/** Room left for the toolbar that floats over the top of the canvas. */
const TOP = 48;

export function initialViewport(bounds: Rect, pane: { width: number; height: number }): Viewport {
  const fit = Math.min((pane.width - 2 * PAD) / bounds.width, (pane.height - TOP - PAD) / bounds.height);
  const zoom = Math.min(1, Math.max(MIN_READABLE_ZOOM, fit));
  const w = bounds.width * zoom;
  const h = bounds.height * zoom;
  const x = w <= pane.width - 2 * PAD ? (pane.width - w) / 2 - bounds.x * zoom : PAD - bounds.x * zoom;
  const y =
    h <= pane.height - TOP - PAD
      ? TOP + (pane.height - TOP - PAD - h) / 2 - bounds.y * zoom
      : TOP - bounds.y * zoom;
  return { x, y, zoom };
}
