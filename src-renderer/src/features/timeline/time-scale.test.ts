import { describe, expect, it } from 'vitest';
import { addToRuns, buildTimeScale } from './time-scale';

/** What a scale draws (its toX is a closure: compared by the positions it gives). */
function drawn(times: readonly number[], width: number, threshold?: number) {
  const scale = buildTimeScale(times, width, threshold);
  return {
    segments: scale.segments,
    breaks: scale.breaks,
    xs: times.map((t) => scale.toX(t)),
    between: times.slice(1).map((t, i) => scale.toX((t + times[i]!) / 2)),
  };
}

describe('buildTimeScale on a times array extended in place (a live session)', () => {
  it('draws what a fresh copy of the array draws, across new gaps and a changing threshold', () => {
    let seed = 11;
    const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const times: number[] = [];
    // The same times, always asked with one fixed threshold (a scale keeps one array's last runs).
    const fixed: number[] = [];
    let t = 1_000_000;
    for (let step = 0; step < 400; step++) {
      // Appends of one to a few events; now and then an idle gap (a new run) or a long one.
      const n = 1 + Math.floor(rand() * 4);
      for (let i = 0; i < n; i++) {
        t += rand() < 0.05 ? 60_000 + rand() * 3_600_000 : rand() * 2_000;
        times.push(t);
        fixed.push(t);
      }
      const width = 600 + (step % 3);
      expect(drawn(times, width)).toEqual(drawn(times.slice(), width));
      expect(drawn(fixed, width, 30_000)).toEqual(drawn(fixed.slice(), width, 30_000));
    }
  });

  it('finds the runs afresh when the array no longer starts as it did', () => {
    const times = [0, 1000, 2000, 500_000, 501_000];
    expect(drawn(times, 500).segments).toHaveLength(2);
    times.splice(0, 3); // not what the timeline does, but a scale must not trust a changed array
    expect(drawn(times, 500)).toEqual(drawn(times.slice(), 500));
  });
});

describe('buildTimeScale on a session that idles between most bursts (as real ones do)', () => {
  // 2,000 bursts of 5 events a second apart, each followed by an idle gap of 3 to 60 minutes.
  const times: number[] = [];
  const gaps: number[] = [];
  let t = 1_000_000;
  let seed = 5;
  const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let burst = 0; burst < 2000; burst++) {
    for (let i = 0; i < 5; i++) times.push((t += 1000));
    const gap = 180_000 + Math.floor(rand() * 3_420_000);
    gaps.push(gap + 1000);
    t += gap;
  }
  gaps.pop();

  it('draws only the longest gaps as breaks, each wide enough to see, and every time in order', () => {
    const width = 288;
    const scale = buildTimeScale(times, width);
    expect(scale.breaks.length).toBeGreaterThan(0);
    expect(scale.breaks.length).toBeLessThanOrEqual(Math.floor(width / 3 / 8));
    for (const b of scale.breaks) expect(b.x1 - b.x0).toBeGreaterThanOrEqual(8 - 1e-9);
    // The breaks are the longest gaps, and the threshold said is the longest gap drawn to scale.
    const longest = [...gaps].sort((a, b) => b - a);
    expect(scale.breaks.map((b) => b.gapMs).sort((a, b) => b - a)).toEqual(
      longest.slice(0, scale.breaks.length),
    );
    expect(scale.thresholdMs).toBe(longest[scale.breaks.length]);
    const xs = times.map((x) => scale.toX(x));
    for (let i = 1; i < xs.length; i++) expect(xs[i]!).toBeGreaterThanOrEqual(xs[i - 1]!);
    expect(xs.at(-1)!).toBeLessThanOrEqual(width + 1e-6);
  });

  it('leaves a scale with few gaps as it was', () => {
    const few = [0, 1000, 2000, 500_000, 501_000, 900_000];
    expect(buildTimeScale(few, 600).breaks).toHaveLength(2);
  });
});

describe('addToRuns: times put among the others (a session two processes write)', () => {
  it('draws what a fresh copy draws after every insertion, into a run, a gap, or joining two runs', () => {
    let seed = 23;
    const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const times: number[] = [];
    let t = 5_000_000;
    for (let i = 0; i < 200; i++)
      times.push((t += rand() < 0.1 ? 60_000 + rand() * 600_000 : rand() * 3_000));
    for (let step = 0; step < 300; step++) {
      buildTimeScale(times, 600); // the runs it finds are kept for the array
      const was = times.length;
      const added = Array.from({ length: 1 + Math.floor(rand() * 3) }, () =>
        rand() < 0.3 ? (t += rand() * 200_000) : times[0]! + rand() * (t - times[0]!),
      ).sort((a, b) => a - b);
      for (const x of added) {
        const at = times.findIndex((y) => y > x);
        if (at < 0) times.push(x);
        else times.splice(at, 0, x);
      }
      addToRuns(times, was, added);
      expect(drawn(times, 600)).toEqual(drawn(times.slice(), 600));
    }
  });
});
