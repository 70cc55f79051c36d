import { describe, expect, it } from 'vitest';
import { initialViewport, MIN_READABLE_ZOOM, TEXT_MIN_ZOOM } from './initial-viewport';

const bounds = { x: 0, y: 0, width: 800, height: 400 };
/** Where the graph's top edge lands on screen. */
const topEdge = (v: { y: number; zoom: number }) => v.y + bounds.y * v.zoom;

describe('initialViewport', () => {
  it('fits the graph below a toolbar of one row, or of two when it wrapped', () => {
    const pane = { width: 900, height: 600 };
    const oneRow = initialViewport(bounds, pane);
    const twoRows = initialViewport(bounds, { ...pane, top: 100 });
    expect(topEdge(oneRow)).toBeGreaterThanOrEqual(48);
    expect(topEdge(twoRows)).toBeGreaterThanOrEqual(100);
    // Still whole on screen in both.
    for (const v of [oneRow, twoRows]) {
      expect(v.y + bounds.height * v.zoom).toBeLessThanOrEqual(pane.height);
      expect(v.x + bounds.width * v.zoom).toBeLessThanOrEqual(pane.width);
    }
  });

  it('opens a graph too big to fit readably at the top-left, below the toolbar', () => {
    const v = initialViewport(
      { x: 0, y: 0, width: 8000, height: 6000 },
      { width: 600, height: 400, top: 90 },
    );
    expect(v.zoom).toBe(MIN_READABLE_ZOOM);
    expect(topEdge(v)).toBe(90);
  });

  it('never opens a graph fitted at a zoom that draws its nodes without their text', () => {
    const pane = { width: 740, height: 540, top: 48 };
    // Tall graphs whose fit zooms step from 0.3 to 1: each opens with its text drawn.
    for (let height = 460; height <= 1600; height += 20) {
      const v = initialViewport({ x: 0, y: 0, width: 560, height }, pane);
      expect(v.zoom).toBeGreaterThanOrEqual(TEXT_MIN_ZOOM);
    }
  });
});
