// A generated 12k-event session (the bench's generator: the corpus's event mix) read the way serve
// reads it; its snapshot encoded in slices must be the snapshot encoded in one go.
import { describe, expect, it } from 'vitest';
import { sessionLines } from '../../../bench/generate-session.mjs';
import { decodeEdges, decodeNodes } from '../../../src-shared/bridge/graph-columns';
import {
  decodeTimeline,
  type TimelineColumns,
  type TimelineRow,
} from '../../../src-shared/bridge/timeline-columns';
import { ChunkParser } from '../../../src-shared/formats/sciagent/chunk-parser';
import { LiveSession } from './live-session';

function readSession(): LiveSession {
  const bytes = new TextEncoder().encode([...sessionLines('gen', 12_000)].join('\n') + '\n');
  const records = new ChunkParser().parse({ fileKey: 'f', bytes, fromOffset: 0, reset: true, final: true });
  const session = new LiveSession('f', 'gen', () => true);
  session.apply(records.records, records.committedOffset, bytes.length);
  session.markReady();
  return session;
}

const rows = (cols: TimelineColumns) => {
  const out: TimelineRow[] = [];
  decodeTimeline(cols, (row) => out.push(row));
  return out;
};
const byId = <T extends { id: string }>(xs: T[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : 1));

describe('LiveSession snapshots', () => {
  it('encodes the same snapshot in slices as in one go (nodes, edges, timeline)', async () => {
    const whole = readSession().snapshot().snapshot;
    let pauses = 0;
    const sliced = (
      await readSession().snapshotInSlices(async () => {
        pauses++;
      })
    ).snapshot;
    expect(whole.nodes.length).toBeGreaterThan(5000); // more than one slice of nodes
    expect(pauses).toBeGreaterThan(3);
    expect(byId(decodeNodes(sliced.nodes))).toEqual(byId(decodeNodes(whole.nodes)));
    expect(decodeEdges(sliced.edges)).toEqual(decodeEdges(whole.edges));
    expect(rows(sliced.timeline)).toEqual(rows(whole.timeline));
    expect(rows(whole.timeline).length).toBeGreaterThanOrEqual(12_000);
    expect(sliced.summary).toEqual({ ...whole.summary });
    expect(sliced.version).toBe(whole.version);
  });
});
