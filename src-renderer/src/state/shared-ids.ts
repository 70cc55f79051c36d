/**
 * One string per id in the page. JSON.parse makes a new string for every occurrence of an id, and
 * a session's ids arrive several times: a tool node's id again in its timeline rows and in its
 * edges, an event id in its node's `eventIds` and in its timeline row, a node's ids again each time
 * the node is sent anew. A UUID is a 57-byte string and a `tool:toolu_…` node id ~46 bytes, so the
 * copies were about a quarter of the page's heap (12 of 50 MB with the bench's 100k-event log
 * shown). Where an id arrives again, it is swapped for the string the page already holds: the
 * node (looked up by its id anyway) is where they live.
 */
import type { LineageNode } from '../../../src-shared/lineage/types';

export type NodeLookup = (id: string) => LineageNode | undefined;

/** `eventId` as the string `node` holds it, if it holds it (a node has one to a few events). */
export function eventIdOf(node: LineageNode, eventId: string): string {
  for (const id of node.eventIds) if (id === eventId) return id;
  return eventId;
}

/** In place: a node sent again takes its id and event ids from the copy it replaces. */
export function shareIdsWith(node: LineageNode, prev: LineageNode): void {
  node.id = prev.id;
  const ids = node.eventIds;
  for (let i = 0; i < ids.length; i++) ids[i] = eventIdOf(prev, ids[i]!);
}
