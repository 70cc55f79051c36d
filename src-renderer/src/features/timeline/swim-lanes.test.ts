import { describe, expect, it } from 'vitest';
import { testNode } from '../../../../src-shared/lineage/test-support/lineage-fixtures';
import { laneView } from './SwimLanes';
import { buildTimeScale } from './time-scale';
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
