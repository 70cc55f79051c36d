/**
 * A time axis with idle gaps compressed: runs of activity keep a linear scale, and any gap longer
 * than the threshold is drawn as a fixed-width break labelled with its length. A log that idles
 * for an hour between two bursts still shows both bursts legibly.
 */
import { upperBound } from '../../../../src-shared/collections/sorted-search';

export interface Segment {
  start: number;
  end: number;
  x0: number;
  x1: number;
}

export interface Break {
  x0: number;
  x1: number;
  gapMs: number;
}

export interface TimeScale {
  segments: Segment[];
  breaks: Break[];
  width: number;
  thresholdMs: number;
  toX(t: number): number;
}

/** Width of one compressed gap; many gaps share at most a third of the axis. */
export const BREAK_PX = 20;
const MAX_BREAK_SHARE = 1 / 3;
/** A burst of one instant still gets a few pixels. */
const MIN_SEGMENT_PX = 6;
/**
 * The narrowest a break is drawn: beyond the breaks that fit in the axis's third at this width,
 * only the longest gaps are breaks (the threshold rises to the next one). A real session idles
 * between most bursts (the corpus's logs: a gap over the threshold every 7–10 events): a 10k-event
 * one had ~1,000 breaks of 0.3 px each, and every append laid out and painted them all — the page
 * was 98% busy and a line took 310 ms (p95) to be painted.
 */
const MIN_BREAK_PX = 8;

/** Gaps above ~1/20 of the span count as idle, but never below 15 s nor above 2 min. */
export function idleThreshold(spanMs: number): number {
  return Math.max(15_000, Math.min(120_000, spanMs / 20));
}

export function buildTimeScale(
  sortedTimes: readonly number[],
  width: number,
  thresholdMs?: number,
): TimeScale {
  const first = sortedTimes[0];
  const last = sortedTimes.at(-1);
  if (first === undefined || last === undefined || width <= 0)
    return { segments: [], breaks: [], width, thresholdMs: thresholdMs ?? 0, toX: () => 0 };
  const idle = thresholdMs ?? idleThreshold(last - first);
  const maxBreaks = Math.max(1, Math.floor((width * MAX_BREAK_SHARE) / MIN_BREAK_PX));
  // The found runs are kept for the next call (runsOf): merged here into a list of our own.
  const { runs, threshold } = longestGapsOnly(runsOf(sortedTimes, idle), idle, maxBreaks);

  const breakCount = runs.length - 1;
  const breakPx = breakCount ? Math.min(BREAK_PX, (width * MAX_BREAK_SHARE) / breakCount) : 0;
  const segmentPx = Math.min(MIN_SEGMENT_PX, (width * MAX_BREAK_SHARE) / runs.length);
  const active = runs.reduce((a, r) => a + (r.end - r.start), 0);
  const free = Math.max(0, width - breakCount * breakPx - runs.length * segmentPx);
  const pxPerMs = active > 0 ? free / active : 0;
  const evenExtra = active > 0 ? 0 : free / runs.length;

  const segments: Segment[] = [];
  const breaks: Break[] = [];
  let x = 0;
  runs.forEach((r, i) => {
    if (i > 0) {
      breaks.push({ x0: x, x1: x + breakPx, gapMs: r.start - runs[i - 1]!.end });
      x += breakPx;
    }
    const w = segmentPx + (r.end - r.start) * pxPerMs + evenExtra;
    segments.push({ start: r.start, end: r.end, x0: x, x1: x + w });
    x += w;
  });

  function toX(t: number): number {
    // Binary search for the last segment starting at or before t.
    let lo = 0;
    let hi = segments.length - 1;
    if (t <= segments[0]!.start) return segments[0]!.x0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segments[mid]!.start <= t) lo = mid;
      else hi = mid - 1;
    }
    const s = segments[lo]!;
    if (t <= s.end)
      return s.end === s.start
        ? (s.x0 + s.x1) / 2
        : s.x0 + ((t - s.start) / (s.end - s.start)) * (s.x1 - s.x0);
    // Inside a gap: proportionally across its break.
    const b = breaks[lo];
    if (!b) return s.x1;
    return b.x0 + ((t - s.end) / b.gapMs) * (b.x1 - b.x0);
  }

  return { segments, breaks, width, thresholdMs: threshold, toX };
}

interface Run {
  start: number;
  end: number;
}

/**
 * `runs` (split by gaps over `threshold`) with at most `maxBreaks` gaps between them: when there
 * are more, the threshold rises to the longest gap not kept, and runs closer than it are one.
 */
function longestGapsOnly(
  runs: Run[],
  threshold: number,
  maxBreaks: number,
): { runs: Run[]; threshold: number } {
  if (runs.length - 1 <= maxBreaks) return { runs, threshold };
  // Kept while the runs are the same list of the same length: a live append between two gaps only
  // extends the last run, which changes no gap (5,000 gaps sorted and merged on every append of a
  // long idling session were ~0.3 ms).
  const kept = lastMerged.get(runs);
  if (kept && kept.length === runs.length && kept.maxBreaks === maxBreaks) {
    const last = kept.runs[kept.runs.length - 1]!;
    last.end = Math.max(last.end, runs[runs.length - 1]!.end);
    return { runs: kept.runs, threshold: kept.cut };
  }
  const gaps = new Float64Array(runs.length - 1);
  for (let i = 1; i < runs.length; i++) gaps[i - 1] = runs[i]!.start - runs[i - 1]!.end;
  gaps.sort();
  const cut = gaps[gaps.length - 1 - maxBreaks]!;
  const merged: Run[] = [{ ...runs[0]! }];
  for (let i = 1; i < runs.length; i++) {
    const r = runs[i]!;
    const last = merged[merged.length - 1]!;
    if (r.start - last.end > cut) merged.push({ ...r });
    else last.end = Math.max(last.end, r.end);
  }
  lastMerged.set(runs, { length: runs.length, maxBreaks, cut, runs: merged });
  return { runs: merged, threshold: cut };
}

/** What longestGapsOnly last made of a list of runs (its own copies: runsOf keeps the list). */
const lastMerged = new WeakMap<Run[], { length: number; maxBreaks: number; cut: number; runs: Run[] }>();

/** The runs last found in an array of times, to be extended when it has grown (see runsOf). */
const lastRuns = new WeakMap<
  readonly number[],
  { threshold: number; first: number; upTo: number; runs: Run[] }
>();

/** `times` changed before its end (a time put among the others): its runs are found afresh. */
export function forgetRuns(times: readonly number[]): void {
  lastRuns.delete(times);
}

/**
 * `times` (`was` long when its runs were last found) has had `added` put in their places, some
 * among the others (a session two processes write): its runs take them one by one — each joins
 * the run it falls in or next to, joins two, or starts one — instead of being found afresh by a
 * scan of every time (~1 ms an append at 100k events). Forgotten instead when they cannot be kept
 * (not found for `was` times, or a time before the first).
 */
export function addToRuns(times: readonly number[], was: number, added: readonly number[]): void {
  const kept = lastRuns.get(times);
  if (!kept || kept.upTo !== was || added.some((t) => t < kept.first)) {
    lastRuns.delete(times);
    return;
  }
  for (const t of added) addToRunList(kept.runs, t, kept.threshold);
  kept.upTo = times.length;
  // Runs changed in place (a gap may have shrunk with the count the same): merged afresh.
  lastMerged.delete(kept.runs);
}

/** Puts time `t` into `runs` (sorted, split by gaps over `threshold`), as a scan would have. */
function addToRunList(runs: Run[], t: number, threshold: number): void {
  // After the last run starting at or before t.
  const lo = upperBound(runs, t, (r) => r.start);
  const prev = lo > 0 ? runs[lo - 1]! : undefined;
  if (prev && t <= prev.end) return;
  const next = runs[lo];
  const joinsPrev = prev !== undefined && t - prev.end <= threshold;
  const joinsNext = next !== undefined && next.start - t <= threshold;
  if (joinsPrev && joinsNext) {
    prev.end = next.end;
    runs.splice(lo, 1);
  } else if (joinsPrev) prev.end = t;
  else if (joinsNext) next.start = t;
  else runs.splice(lo, 0, { start: t, end: t });
}

/**
 * The stretches of activity in `sortedTimes`: times closer than `threshold` to the last one are in
 * its run. A live append extends the timeline's times array in place (timeline-model), so the runs
 * found in it before are extended by the new times alone, while the threshold is the same (it is
 * for a span under 5 minutes or over 40: idleThreshold). Found afresh, a 100k-event session's axis
 * cost ~1 ms on every appended line (a 1M-event one ~10 ms).
 */
function runsOf(sortedTimes: readonly number[], threshold: number): Run[] {
  const first = sortedTimes[0]!;
  const kept = lastRuns.get(sortedTimes);
  let runs: Run[];
  let from: number;
  if (kept && kept.threshold === threshold && kept.first === first && kept.upTo <= sortedTimes.length) {
    runs = kept.runs;
    from = kept.upTo;
  } else {
    runs = [{ start: first, end: first }];
    from = 0;
  }
  for (let i = from; i < sortedTimes.length; i++) {
    const t = sortedTimes[i]!;
    const run = runs[runs.length - 1]!;
    if (t - run.end > threshold) runs.push({ start: t, end: t });
    else run.end = Math.max(run.end, t);
  }
  lastRuns.set(sortedTimes, { threshold, first, upTo: sortedTimes.length, runs });
  return runs;
}
