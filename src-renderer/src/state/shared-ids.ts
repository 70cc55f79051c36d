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
import { takeEventsKeptFrom } from '../../../src-shared/bridge/graph-columns';
import { RowIndex } from '../../../src-shared/lineage/sciagent/row-index';

export type NodeLookup = (id: string) => LineageNode | undefined;

/**
 * Up to this many events a node's ids are searched; a bigger node (a cluster job: every launch and
 * status change of the session, tens of thousands) gets an index of them, made when first asked.
 * Searched, a job of 10k events sent again cost 10k × 10k compares: 3 s of a 5 s live run.
 */
const SEARCHED_IDS = 16;
/**
 * A big node's event ids by id: row numbers into its `eventIds` (a RowIndex, not a Map — Chromium's
 * V8 internalizes every string used as a Map key, and a full GC of the page walks all of them:
 * timeline.ts).
 */
const idIndexes = new WeakMap<LineageNode, RowIndex>();

/** `eventId` as the string `node` holds it, if it holds it. */
export function eventIdOf(node: LineageNode, eventId: string): string {
  const ids = node.eventIds;
  if (ids.length <= SEARCHED_IDS) {
    for (const id of ids) if (id === eventId) return id;
    return eventId;
  }
  // A live append's rows are among its node's newest events (a launch and its status change).
  for (let i = ids.length - 1, stop = ids.length - SEARCHED_IDS; i >= stop; i--)
    if (ids[i] === eventId) return ids[i]!;
  let index = idIndexes.get(node);
  if (!index) {
    index = new RowIndex((row) => ids[row] ?? null);
    for (let i = 0; i < ids.length; i++) index.set(ids[i]!, i);
    idIndexes.set(node, index);
  }
  const row = index.get(eventId);
  return row < 0 ? eventId : ids[row]!;
}

/** In place: a node sent again takes its id and event ids from the copy it replaces. */
export function shareIdsWith(node: LineageNode, prev: LineageNode): void {
  node.id = prev.id;
  const ids = node.eventIds;
  const old = prev.eventIds;
  // Its events keep their places when a node is sent again (a job's new launches come after the
  // others): the same place is looked at first. Events past the old copy's length are new to the
  // node (or moved there): not looked for — a cluster job sent again with every launch otherwise
  // had an index of its tens of thousands of events made for each copy (~3 ms an append).
  // The ids it kept from the old copy (graph-columns' keptEvents) are those strings already: not
  // looked at. A cluster job's tens of thousands, compared again on each launch sent, were ~2 ms
  // of the page's time an append at 400k events (issue 8).
  const shared = Math.min(ids.length, old.length);
  for (let i = takeEventsKeptFrom(node, old); i < shared; i++) {
    const same = old[i]!;
    ids[i] = same === ids[i] ? same : eventIdOf(prev, ids[i]!);
  }
}
