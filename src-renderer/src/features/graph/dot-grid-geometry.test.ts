import { describe, expect, it } from 'vitest';
import { dotGridGeometry, GAP, MIN_GAP_PX } from './dot-grid-geometry';

describe("the canvas's dot grid (dot-grid-geometry.ts)", () => {
  it('places a dot every GAP × zoom px as React Flow does while they are far enough apart', () => {
    expect(dotGridGeometry(0, 0, 1)).toEqual({ gap: GAP, left: 0.5, top: 0.5, dot: 0.6 });
    const g = dotGridGeometry(37, -12, 2);
    expect(g.gap).toBe(2 * GAP);
    expect(g.left).toBe(37 + 1);
    expect(g.top).toBe(-12 + 1);
    expect(g.dot).toBe(1);
  });

  it('zoomed far out, draws every 2nd, 4th… dot of the grid, never closer than MIN_GAP_PX', () => {
    for (const zoom of [0.4, 0.2, 0.05, 0.01, 0.001]) {
      const { gap } = dotGridGeometry(0, 0, zoom);
      expect(gap).toBeGreaterThanOrEqual(MIN_GAP_PX);
      expect(gap).toBeLessThan(2 * MIN_GAP_PX);
      // Still on the zoom-1 grid's points: a power-of-two multiple of its spacing.
      expect(Math.log2(gap / (GAP * zoom)) % 1).toBeCloseTo(0, 9);
    }
    // A pan moves the drawn dots by the pan modulo their own spacing.
    const { gap, left } = dotGridGeometry(1000, 0, 0.01);
    expect(left).toBeCloseTo((1000 % gap) + 0.005, 9);
  });
});
