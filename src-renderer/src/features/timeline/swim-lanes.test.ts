import { describe, expect, it } from 'vitest';
import { testNode } from '../../../../src-shared/lineage/test-support/lineage-fixtures';
import { laneView } from './SwimLanes';
import { snap } from './pixels';
import { buildTimeScale } from './time-scale';
import type { TimeScale } from './time-scale';
import type { Lane, LaneMark } from './timeline-model';

const WIDTH = 700;

/** A job's lane with a launch and a status change every `stepMs`, `n` of each. */
function clusterLane(n: number, stepMs: number) {
  const marks: LaneMark[] = [];
  const statusHistory: { eventId: string; status: string }[] = [];
  for (let i = 0; i < n; i++) {
    marks.push({ t: 2 * i * stepMs, kind: 'compute_job_launched', eventId: `l${i}` });
    marks.push({ t: (2 * i + 1) * stepMs, kind: 'compute_job_status_changed', eventId: `s${i}` });
    statusHistory.push({ eventId: `s${i}`, status: i % 2 ? 'running' : 'failed' });
  }
  const lane: Lane = { nodeId: 'job:c', kind: 'job', label: 'c', start: 0, end: marks.at(-1)!.t, marks };
  const node = testNode('job:c', { kind: 'job', data: { statusHistory, status: 'running' } });
  const scale = buildTimeScale(
    marks.map((m) => m.t),
    WIDTH,
    Number.POSITIVE_INFINITY, // one stretch of time: no gaps cut out
  );
  return { lane, node, scale };
}

describe('a job lane (SwimLanes laneView)', () => {
  it('draws at most a piece and a diamond every 2 px, however many launches a cluster job has', () => {
    const { lane, node, scale } = clusterLane(5000, 1000);
    const view = laneView(lane, node, scale);
    expect(view.segments.length).toBeGreaterThan(50);
    expect(view.segments.length).toBeLessThanOrEqual(WIDTH / 2 + 1);
    expect(view.diamonds.length).toBeLessThanOrEqual(WIDTH / 2 + 1);
    // …and still one every 2 px or so, across the whole track.
    expect(view.diamonds.length).toBeGreaterThan(WIDTH / 3);
    expect(view.diamonds[0]!.left).toBeLessThan(5);
    // The pieces still run from the first status to the last mark, in order, without overlapping.
    const first = view.segments[0]!;
    const last = view.segments.at(-1)!;
    expect(first.left).toBeCloseTo(scale.toX(lane.marks[1]!.t), 0);
    expect(Math.abs(last.left + last.width - scale.toX(lane.end))).toBeLessThanOrEqual(2);
    for (let i = 1; i < view.segments.length; i++)
      expect(view.segments[i]!.left).toBeGreaterThanOrEqual(view.segments[i - 1]!.left + 2);
    // The newest launch is the diamond shown at the end.
    expect(view.diamonds.at(-1)!.key).toBe('l4999');
  });

  it('keeps every piece and diamond of a job whose marks are far apart', () => {
    const { lane, node, scale } = clusterLane(4, 1000);
    const view = laneView(lane, node, scale);
    expect(view.diamonds.map((d) => d.key)).toEqual(['l0', 'l1', 'l2', 'l3']);
    // From each status to the next status: one piece each (the last status has no end yet).
    expect(view.segments.map((s) => s.title)).toEqual(['failed', 'running', 'failed']);
  });
});

/**
 * laneView as it was written first, one mark at a time: what the faster one (diamonds found a run
 * at a time, pieces only from the first listed status) must draw to the pixel.
 */
function laneViewMarkByMark(
  lane: Lane,
  statusHistory: { eventId: string; status: string }[],
  scale: TimeScale,
) {
  const statusOf = new Map<string, string>();
  for (const s of statusHistory) if (!statusOf.has(s.eventId)) statusOf.set(s.eventId, s.status);
  const segments: { left: number; width: number; title: string }[] = [];
  const diamonds: { key: string; left: number }[] = [];
  let pieceX = 0;
  let status: string | null = null;
  let diamondFrom = Number.NEGATIVE_INFINITY;
  for (const m of lane.marks) {
    const x = scale.toX(m.t);
    if (status !== null) {
      const left = snap(pieceX);
      const width = snap(pieceX + Math.max(2, x - pieceX)) - left;
      const last = segments[segments.length - 1];
      // Tones: statuses here are 'running' and 'failed', each its own tone.
      if (last && (left < last.left + 2 || (status === last.title && left <= last.left + last.width))) {
        last.width = Math.max(last.left + last.width, left + width) - last.left;
        last.title = status;
      } else segments.push({ left, width, title: status });
    }
    const s = statusOf.get(m.eventId) ?? null;
    if (s) status = s;
    pieceX = x;
    if (m.kind === 'compute_job_launched' || m.kind === 'subagent_spawned') {
      const d = { key: m.eventId, left: snap(x - 4) };
      if (d.left < diamondFrom + 2) diamonds[diamonds.length - 1] = d;
      else {
        diamondFrom = d.left;
        diamonds.push(d);
      }
    }
  }
  return { segments, diamonds };
}

describe('laneView draws what a mark-by-mark pass draws', () => {
  /** A seeded lane: launches and status changes at random gaps, the newest `listed` statuses listed. */
  function randomLane(seed: number, n: number, listed: number, idle: boolean) {
    let x = seed;
    const rand = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const marks: LaneMark[] = [];
    const statuses: { eventId: string; status: string }[] = [];
    let t = 0;
    for (let i = 0; i < n; i++) {
      t += idle && rand() < 0.01 ? 600_000 : Math.floor(rand() * 3000);
      const launch = rand() < 0.45;
      const id = `m${i}`;
      marks.push({ t, kind: launch ? 'compute_job_launched' : 'compute_job_status_changed', eventId: id });
      if (!launch) statuses.push({ eventId: id, status: rand() < 0.5 ? 'running' : 'failed' });
    }
    const lane: Lane = { nodeId: 'job:c', kind: 'job', label: 'c', start: 0, end: t, marks };
    const statusHistory = statuses.slice(-listed);
    const node = testNode('job:c', { kind: 'job', data: { statusHistory, status: 'running' } });
    return { lane, node, statusHistory };
  }

  it('for lanes of a few marks to tens of thousands, dense and sparse, with and without idle gaps', () => {
    let compared = 0;
    for (const [n, listed] of [
      [5, 3],
      [60, 200],
      [2_000, 200],
      [30_000, 200],
      [30_000, 0],
    ] as const)
      for (const idle of [false, true])
        for (const width of [120, 700]) {
          const { lane, node, statusHistory } = randomLane(n + width + (idle ? 1 : 0), n, listed, idle);
          const scale = buildTimeScale(
            lane.marks.map((m) => m.t),
            width,
          );
          const view = laneView(lane, node, scale);
          const ref = laneViewMarkByMark(lane, statusHistory, scale);
          expect(view.diamonds.map((d) => [d.key, d.left])).toEqual(ref.diamonds.map((d) => [d.key, d.left]));
          expect(view.segments.map((p) => [p.left, p.width, p.title])).toEqual(
            ref.segments.map((p) => [p.left, p.width, p.title]),
          );
          compared += ref.diamonds.length;
        }
    expect(compared).toBeGreaterThan(1000);
  });

  it('for a lane whose marks came out of time order (two writers)', () => {
    const { lane, node, statusHistory } = randomLane(7, 3_000, 200, false);
    const marks = lane.marks;
    for (let i = 10; i < marks.length; i += 37) [marks[i - 1], marks[i]] = [marks[i]!, marks[i - 1]!];
    lane.unsorted = true;
    const scale = buildTimeScale(
      marks.map((m) => m.t).sort((a, b) => a - b),
      500,
    );
    const view = laneView(lane, node, scale);
    const ref = laneViewMarkByMark(lane, statusHistory, scale);
    expect(view.diamonds.map((d) => [d.key, d.left])).toEqual(ref.diamonds.map((d) => [d.key, d.left]));
    expect(view.segments.map((p) => [p.left, p.width, p.title])).toEqual(
      ref.segments.map((p) => [p.left, p.width, p.title]),
    );
  });
});
