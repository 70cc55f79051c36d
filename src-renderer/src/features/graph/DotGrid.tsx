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
import { dotGridGeometry } from './dot-grid-geometry';

const transformOf = (s: ReactFlowState) => s.transform;

export function DotGrid() {
  const [x, y, zoom] = useStore(transformOf);
  const { gap, left, top, dot } = dotGridGeometry(x, y, zoom);
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
