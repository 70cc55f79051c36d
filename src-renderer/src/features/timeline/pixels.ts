/**
 * Positions on the time track at the screen's pixel precision. A live append moves the end of the
 * time axis, so every x on a scale built afresh differs a little from the last one — on a 10k-event
 * session by ~0.03 px — and every row and lane on screen re-rendered (and was laid out and painted
 * again) for each appended line, to land on the same pixels. Snapped to device pixels (what the
 * browser paints: it snaps box edges itself), equal positions say "draws the same", and rows
 * compare their props and skip the render.
 */
import type { Break, TimeScale } from './time-scale';

let deviceRatio: number | null = null;

/**
 * The device pixel ratio, read once until it changes (another screen, a zoom): reading it is a
 * call into the browser, and a lane of a cluster job snaps thousands of positions per render.
 */
function ratio(): number {
  if (typeof window === 'undefined') return 1;
  if (deviceRatio === null) {
    deviceRatio = window.devicePixelRatio || 1;
    window
      .matchMedia(`(resolution: ${deviceRatio}dppx)`)
      .addEventListener('change', () => (deviceRatio = null), { once: true });
  }
  return deviceRatio;
}

/** `x` rounded to the nearest device pixel. */
export function snap(x: number): number {
  const r = ratio();
  return Math.round(x * r) / r;
}

/** A bar from x0 to x1 (at least `min` wide) as its snapped left edge and width. */
export function snapSpan(x0: number, x1: number, min: number): { left: number; width: number } {
  const left = snap(x0);
  return { left, width: snap(x0 + Math.max(min, x1 - x0)) - left };
}

/** Whether two scales draw the same axis and break bands (clock labels, gaps), to the pixel. */
export function sameAxis(a: TimeScale, b: TimeScale): boolean {
  if (a === b) return true;
  if (a.segments.length !== b.segments.length || !sameBreaks(a.breaks, b.breaks)) return false;
  return a.segments.every(
    (s, i) => s.start === b.segments[i]!.start && snap(s.x0) === snap(b.segments[i]!.x0),
  );
}

export function sameBreaks(a: readonly Break[], b: readonly Break[]): boolean {
  return (
    a === b ||
    (a.length === b.length &&
      a.every((x, i) => {
        const y = b[i]!;
        return x.gapMs === y.gapMs && snap(x.x0) === snap(y.x0) && snap(x.x1) === snap(y.x1);
      }))
  );
}

let lastBreaks: readonly Break[] = [];

/** `breaks`, or the array last given when it draws the same (one timeline is shown at a time). */
export function keptBreaks(breaks: readonly Break[]): readonly Break[] {
  if (!sameBreaks(lastBreaks, breaks)) lastBreaks = breaks;
  return lastBreaks;
}
