// A session lets go of the bodies of settled tool calls and results and reads one back from the
// file when a correction needs it: what it shows must be what a session that kept every body shows.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionLines } from '../../../bench/generate-session.mjs';
import { decodeEdges, decodeNodes, nodeIdsOf } from '../../../src-shared/bridge/graph-columns';
import { decodeTimeline, type TimelineRow } from '../../../src-shared/bridge/timeline-columns';
import { ChunkParser } from '../../../src-shared/formats/sciagent/chunk-parser';
import { compactedExpansions } from '../../../src-shared/formats/sciagent/compacted-events';
import { idColumnStringsMade } from '../../../src-shared/formats/columns/id-column';
import type { LoggedEvent } from '../../../src-shared/formats/sciagent/session-log';
import { LiveSession } from './live-session';
import { readRange } from './read-range';

type Json = Record<string, unknown>;

/** The generator's session, then corrections of tool events settled long before them. */
function lines(): string[] {
  const base = [...sessionLines('d', 3000)].map((l) => JSON.parse(l) as Json);
  const of = (kind: string) => base.filter((e) => e['event_kind'] === kind);
  const calls = of('tool_call');
  const results = of('tool_result');
  let seq = base.length;
  const correction = (target: Json, replacement: Json, reason: string): Json => ({
    schema_version: '2',
    event_id: `corr-${++seq}`,
    event_kind: 'correction',
    session_id: 'd',
    seq,
    ts: '2026-06-09T00:00:00.000000+00:00',
    corrects_event_id: target['event_id'],
    reason,
    replacement,
  });
  const extra = [
    correction(calls[3]!, { tool_name: 'renamed_tool' }, 'wrong tool recorded'),
    correction(results[10]!, { success: false, error: 'it had failed' }, 'outcome was wrong'),
    // Moves a result to another call's node (both nodes are built again from their events).
    correction(
      results[20]!,
      { tool_call_id: calls[40]!['tool_call_id'] },
      'result filed under the wrong call',
    ),
    correction(
      calls[50]!,
      { ts: '2026-06-09T01:00:00.000000+00:00', actor: 'someone-else' },
      'clock was off',
    ),
  ];
  return [...base, ...extra].map((e) => JSON.stringify(e));
}

let dir: string;
let file: string;
let bytes: Uint8Array;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'le-dropped-'));
  file = path.join(dir, 'provenance.jsonl');
  bytes = new TextEncoder().encode(lines().join('\n') + '\n');
  await writeFile(file, bytes);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The file read in 64 KiB chunks, as a live log arrives: the corrections come long after their targets. */
function read(session: LiveSession): LiveSession {
  const parser = new ChunkParser();
  const CHUNK = 64 * 1024;
  for (let at = 0; at < bytes.length; at += CHUNK) {
    const r = parser.parse({
      fileKey: 'f',
      bytes: bytes.subarray(at, at + CHUNK),
      fromOffset: at,
      reset: at === 0,
      final: at + CHUNK >= bytes.length,
    });
    session.apply(r.records, r.committedOffset, bytes.length);
  }
  session.markReady();
  return session;
}

const rows = (s: LiveSession) => {
  const out: TimelineRow[] = [];
  const snapshot = s.snapshot().snapshot;
  decodeTimeline(snapshot.timeline, (row) => out.push(row), nodeIdsOf(snapshot.nodes));
  return out;
};

describe('dropped tool bodies', () => {
  it('show the same graph, corrections and timeline as bodies kept, and are read back only when needed', () => {
    const kept = read(new LiveSession(file, 'd', () => false));
    const expansionsBefore = compactedExpansions();
    const dropping = read(
      new LiveSession(
        file,
        'd',
        () => false,
        (o, n) => readRange(file, o, n),
      ),
    );
    // Reading made settled events objects again only for the four corrections of them (their
    // nodes' events, read back): a call and its result read in one chunk are let go of with the
    // first of them, and the second is not asked about again (which made both anew: 3,744 here).
    expect(compactedExpansions() - expansionsBefore).toBeLessThanOrEqual(4 * 4);
    const expansionsBeforeSnapshot = compactedExpansions();
    const idsBeforeSnapshot = idColumnStringsMade();
    const a = dropping.snapshot().snapshot;
    // A snapshot makes each event kept as a number an object once, for its timeline row — not
    // again for its tool row's node and that node's events (which made each ~5 times more).
    expect(compactedExpansions() - expansionsBeforeSnapshot).toBeLessThanOrEqual(a.timeline.length);
    // Nor their ids for its tool rows' nodes, which it writes from the events' ordinals (3,812
    // made here when each row's node made its events' ids too).
    expect(idColumnStringsMade() - idsBeforeSnapshot).toBeLessThanOrEqual(a.timeline.length);
    const b = kept.snapshot().snapshot;
    expect(decodeNodes(a.nodes, a.timeline.eventId)).toEqual(decodeNodes(b.nodes, b.timeline.eventId));
    expect(decodeEdges(a.edges, nodeIdsOf(a.nodes))).toEqual(decodeEdges(b.edges, nodeIdsOf(b.nodes)));
    expect(rows(dropping)).toEqual(rows(kept));
    // The corrections took: renamed tool, failed result, moved result, new time and actor.
    const nodes = decodeNodes(a.nodes, a.timeline.eventId);
    expect(nodes.some((n) => n.kind === 'tool_call' && n.label === 'renamed_tool')).toBe(true);
    expect(rows(dropping).some((r) => r.actor === 'someone-else')).toBe(true);
    // A settled tool call's body was let go; a corrected one is held (its corrected view).
    const events = lines().map((l) => JSON.parse(l) as Json);
    const call = (i: number) =>
      events.filter((e) => e['event_kind'] === 'tool_call')[i]!['event_id'] as string;
    const held = (id: string) => (dropping.locate(id) as LoggedEvent).bodyHeld;
    expect(held(call(100))).toBe(false);
    expect(held(call(3))).toBe(true);
    expect((kept.locate(call(100)) as LoggedEvent).bodyHeld).toBe(true);
    // A settled call of a plain tool row is not even kept as an object: it is made anew when
    // read (the same fields each time); a corrected one is the log's one object.
    expect(dropping.locate(call(100))).not.toBe(dropping.locate(call(100)));
    expect(dropping.locate(call(100))).toEqual(dropping.locate(call(100)));
    expect(dropping.locate(call(3))).toBe(dropping.locate(call(3)));
    // Read back, a dropped body is the slim body it was.
    expect(dropping.locate(call(100))!.body).toEqual(kept.locate(call(100))!.body);
  });

  it('reads as empty, and says so, when the file no longer holds the line', () => {
    const session = read(
      new LiveSession(
        file,
        'd',
        () => false,
        () => new TextEncoder().encode('{"x":1}'),
      ),
    );
    const events = lines().map((l) => JSON.parse(l) as Json);
    const id = events.filter((e) => e['event_kind'] === 'tool_call')[100]!['event_id'] as string;
    expect(session.locate(id)!.body).toEqual({});
  });
});
