/**
 * Where the canvas's dots go at a viewport (x, y, zoom): their spacing, offset and size, as React
 * Flow's own `<Background>` places them — except that zoomed far out only every 2nd, 4th, 8th…
 * dot is drawn, so they stay at least MIN_GAP_PX apart. A CSS background repeats its gradient once
 * per `gap`: a 20,000-node graph fitted to the view (zoom ~0.01) had a dot every 0.2 px, ~10
 * million gradient tiles a frame — the canvas drew as flat grey, and pan and zoom ran at 6–12
 * frames a second with the page's JavaScript idle (issue 8, a session of 20,000 subagents).
 */

/** Distance between dots at zoom 1 (px), and their radius (React Flow's Dots: size 1). */
export const GAP = 20;
const RADIUS = 0.5;
/** The closest drawn dots ever are (px). */
export const MIN_GAP_PX = 8;

export interface DotGridGeometry {
  /** Distance between drawn dots (px). */
  gap: number;
  /** Where the first dot's tile starts (px). */
  left: number;
  top: number;
  /** The dot's drawn radius (px). */
  dot: number;
}

export function dotGridGeometry(x: number, y: number, zoom: number): DotGridGeometry {
  let gap = GAP * zoom || 1;
  // Every 2^k-th dot of the zoom-1 grid: the ones drawn are still on its points.
  while (gap < MIN_GAP_PX) gap *= 2;
  const r = RADIUS * zoom;
  // Where React Flow puts them: a dot every `gap`, centred `r − gap / 2` past the pan offset.
  const left = (x % gap) + r;
  const top = (y % gap) + r;
  // At least ~1 device pixel across, or a zoomed-out grid vanishes (the SVG's anti-aliasing kept it).
  return { gap, left, top, dot: Math.max(r, 0.6) };
}
