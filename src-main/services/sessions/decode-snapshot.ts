/**
 * A snapshot's JSON parts (LiveSession.snapshotJson) decoded, its edges' and timeline's parts
 * joined, for readers in this process (tests, `SessionStore.snapshot`); clients get the JSON as
 * it is.
 */
import {
  snapshotEdgeParts,
  snapshotTimeline,
  type SessionSnapshot,
} from '../../../src-shared/bridge/contract';
import { joinEdgeParts } from '../../../src-shared/bridge/graph-columns';
import { joinParts } from './utf8-parts';

export function decodeSnapshotJson(json: readonly Uint8Array[]): SessionSnapshot {
  const snapshot = JSON.parse(new TextDecoder().decode(joinParts(json))) as SessionSnapshot;
  snapshot.timeline = snapshotTimeline(snapshot);
  snapshot.edges = joinEdgeParts(snapshotEdgeParts(snapshot));
  delete snapshot.timelineMore;
  delete snapshot.edgesMore;
  return snapshot;
}
