/**
 * The canvas's dot grid, moving and scaling with the viewport as React Flow's own `<Background>`
 * does, but drawn as a CSS background on a plain box instead of an SVG pattern.
 *
 * Why not `<Background>`: its SVG is laid out again whenever anything in the graph is (a live
 * append changes a node's text every frame), and each time its full-size pattern rect is painted
 * anew — Chromium re-rasterized the whole canvas for it on every frame of a live session: ~12
 * tiles, ~1 s of a raster thread in 4 s of appends, on a 2-core machine where that time is taken
 * from serve and the page (measured with a Chromium trace; hiding the SVG cut raster to a fifth).
 * A box with a background is repainted only when the viewport moves (what it draws changes).
 */
import { type ReactFlowState, useStore } from '@xyflow/react';

/** Distance between dots at zoom 1 (px), and their radius (React Flow's Dots: size 1). */
const GAP = 20;
const RADIUS = 0.5;

const transformOf = (s: ReactFlowState) => s.transform;

export function DotGrid() {
  const [x, y, zoom] = useStore(transformOf);
  const gap = GAP * zoom || 1;
  const r = RADIUS * zoom;
  // Where React Flow puts them: a dot every `gap`, centred `r − gap / 2` past the pan offset.
  const left = (x % gap) + r;
  const top = (y % gap) + r;
  // At least ~1 device pixel across, or a zoomed-out grid vanishes (the SVG's anti-aliasing kept it).
  const dot = Math.max(r, 0.6);
  return (
    <div
      className="dot-grid"
      aria-hidden
      data-testid="dot-grid"
      style={{
        backgroundSize: `${gap}px ${gap}px`,
        backgroundPosition: `${left}px ${top}px`,
        backgroundImage: `radial-gradient(circle at center, var(--dot-grid-color) ${dot}px, transparent ${dot + 0.6}px)`,
      }}
    />
  );
}
