import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeTimeline, type TimelineRow } from '../../../src-shared/bridge/timeline-columns';
import type { SessionData } from './session-data';
import { useAppStore } from './store';
import { Timeline } from './timeline';
import { indexTimelinesAhead } from './timeline-index-ahead';

// Node has no idle callbacks: these give each callback 3 ms, as an idle page would.
const idle = globalThis as unknown as {
  requestIdleCallback?: (fn: (deadline: IdleDeadline) => void) => number;
  cancelIdleCallback?: (id: number) => void;
};
beforeAll(() => {
  idle.requestIdleCallback = (fn) => {
    const timer = setTimeout(() => {
      const end = performance.now() + 3;
      fn({ didTimeout: false, timeRemaining: () => Math.max(0, end - performance.now()) });
    }, 1);
    return timer as unknown as number;
  };
  idle.cancelIdleCallback = (id) => clearTimeout(id as unknown as NodeJS.Timeout);
});
afterAll(() => {
  delete idle.requestIdleCallback;
  delete idle.cancelIdleCallback;
});

/** Rows with `seq`s as given, one per line. */
function timelineOf(seqs: number[]): Timeline {
  const rows: TimelineRow[] = seqs.map((seq, i) => ({
    eventId: `e${i}`,
    kind: 'tool_call',
    seq,
    t: 1000 * i,
    lineNo: i + 1,
    byteOffset: 100 * i,
    byteLength: 99,
    nodeId: null,
    actor: null,
  }));
  return Timeline.fromColumns(encodeTimeline(rows));
}

const show = (timeline: Timeline) =>
  useAppStore.setState({ data: { key: 'k', timeline } as unknown as SessionData });

const until = async (done: () => boolean) => {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('indexTimelinesAhead', () => {
  it('indexes a timeline two processes wrote while idle, and leaves one in order alone', async () => {
    const stop = indexTimelinesAhead();
    try {
      // Two counters: 40,000 rows, the second writer's sorting among the first's.
      const twoWriters = timelineOf(Array.from({ length: 40_000 }, (_, i) => (i % 2 ? i : i + 7)));
      expect(twoWriters.outOfOrder).toBe(true);
      show(twoWriters);
      await until(() => twoWriters.indexedRows === twoWriters.length);
      expect(twoWriters.indexedRows).toBe(40_000);

      const inOrder = timelineOf(Array.from({ length: 40_000 }, (_, i) => i));
      show(inOrder);
      await new Promise((r) => setTimeout(r, 100));
      expect(inOrder.indexedRows).toBe(0);
    } finally {
      stop();
    }
  });

  it('stops with its disposer', async () => {
    const stop = indexTimelinesAhead();
    stop();
    const twoWriters = timelineOf(Array.from({ length: 40_000 }, (_, i) => (i % 2 ? i : i + 7)));
    show(twoWriters);
    await new Promise((r) => setTimeout(r, 100));
    expect(twoWriters.indexedRows).toBe(0);
  });
});
