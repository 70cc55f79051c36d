/**
 * Places the events read from events.jsonl on a timeline: lanes (branches), each event's lineage
 * parent, snapshots and bookmarks as markers on their events, merges joining lanes, rollups and
 * the raw events they compose. Pure and synchronous; rebuilt whole when the ledger grows (O(n)).
 *
 * - An event's lane is its `branch`; without one, a `branch` or `rewind` event opens a lane named
 *   after itself, and any other event stays on the lane of the event before it (`main` first).
 * - Its parent is `parent_event_id` when that names an earlier event, else the last event of its
 *   lane, else (the first event of a new lane) the event before it in the file.
 * - A snapshot sits on its `base_event_id`, else on an event whose `snapshot_ref` names it, else
 *   after its first `event_offset` events.
 */
import type { ReadEvent } from './event-reader';
import {
  CHANGE_ACTIONS,
  EVENTS_FILE,
  stringOrNull,
  type LedgerBookmark,
  type LedgerEvent,
  type LedgerLane,
  type LedgerMerge,
  type LedgerRollup,
  type LedgerSnapshot,
  type LedgerViolation,
  type MergeRef,
} from './types';

export interface Timeline {
  events: LedgerEvent[];
  snapshots: LedgerSnapshot[];
  bookmarks: LedgerBookmark[];
  lanes: LedgerLane[];
  merges: LedgerMerge[];
  rollups: LedgerRollup[];
  /** dangling-ref, duplicate-bookmark and duplicate snapshot ids. */
  violations: LedgerViolation[];
}

export const DEFAULT_LANE = 'main';

export function buildTimeline(read: readonly ReadEvent[], manifests: readonly LedgerSnapshot[]): Timeline {
  const violations: LedgerViolation[] = [];
  const events: LedgerEvent[] = read.map((e) => ({
    ...e,
    lane: DEFAULT_LANE,
    parentKey: null,
    mergeParentKeys: [],
    snapshotIds: [],
    rollupOf: [],
    rolledUpBy: null,
    rules: [],
  }));
  const byId = new Map<string, LedgerEvent>();
  const byKey = new Map<string, LedgerEvent>();
  const bySnapshotRef = new Map<string, LedgerEvent>();
  for (const e of events) {
    byKey.set(e.key, e);
    if (e.id !== null && !byId.has(e.id)) byId.set(e.id, e);
    if (e.snapshotRef !== null && !bySnapshotRef.has(e.snapshotRef)) bySnapshotRef.set(e.snapshotRef, e);
  }
  const eventViolation = (e: LedgerEvent, rule: LedgerViolation['rule'], message: string, field: string) =>
    violations.push({
      eventId: e.id,
      rule,
      message,
      file: EVENTS_FILE,
      line: e.line,
      eventIndex: e.index,
      field,
    });

  // Bookmarks: the first event carrying a name owns it.
  const bookmarks: LedgerBookmark[] = [];
  const bookmarkByName = new Map<string, LedgerEvent>();
  for (const e of events) {
    if (e.bookmark === null) continue;
    const owner = bookmarkByName.get(e.bookmark);
    if (owner) {
      eventViolation(
        e,
        'duplicate-bookmark',
        `bookmark ${JSON.stringify(e.bookmark)} is already on event ${owner.id ?? owner.key} (line ${owner.line}); that one is the bookmark`,
        'bookmark',
      );
      continue;
    }
    bookmarkByName.set(e.bookmark, e);
  }

  // Lanes and parents.
  const lanes = new Map<string, LedgerLane>();
  const laneEvents = new Map<string, LedgerEvent[]>();
  let current: string | null = null;
  for (const e of events) {
    const explicit = stringOrNull(e.record['branch']);
    const opens = e.actionType === 'branch' || e.actionType === 'rewind';
    const name: string = explicit ?? (opens ? (e.id ?? e.key) : (current ?? DEFAULT_LANE));
    const lane = lanes.get(name);
    const parentId = stringOrNull(e.record['parent_event_id']);
    let parent: LedgerEvent | null = null;
    if (parentId !== null) {
      const named = byId.get(parentId);
      if (named && named.index < e.index) parent = named;
      else
        eventViolation(
          e,
          'dangling-ref',
          named === e
            ? `parent_event_id ${JSON.stringify(parentId)} names the event itself`
            : named
              ? `parent_event_id ${JSON.stringify(parentId)} names a later event (line ${named.line})`
              : `parent_event_id ${JSON.stringify(parentId)} names no event of the ledger`,
          'parent_event_id',
        );
    }
    if (!parent) parent = lane ? byKey.get(lane.lastKey)! : (events[e.index - 1] ?? null);
    e.lane = name;
    e.parentKey = parent?.key ?? null;
    if (lane) {
      lane.lastKey = e.key;
      lane.events += 1;
    } else {
      lanes.set(name, {
        name,
        column: lanes.size,
        openedBy: lanes.size === 0 ? 'root' : opens ? (e.actionType as 'branch' | 'rewind') : 'event',
        forkKey: lanes.size === 0 ? null : e.parentKey,
        firstKey: e.key,
        lastKey: e.key,
        events: 1,
        mergedInto: [],
      });
    }
    const list = laneEvents.get(name) ?? [];
    list.push(e);
    laneEvents.set(name, list);
    current = name;
  }

  // Snapshots: first manifest with an id owns it; each placed on its event.
  const snapshotById = new Map<string, LedgerSnapshot>();
  const snapshots = manifests.map((m) => ({ ...m }));
  for (const s of snapshots) {
    if (s.id !== null) {
      const owner = snapshotById.get(s.id);
      if (owner)
        violations.push({
          eventId: s.baseEventId,
          rule: 'duplicate-id',
          message: `${s.file}: snapshot id ${JSON.stringify(s.id)} is already used by ${owner.file}`,
          file: s.file,
          line: null,
          eventIndex: null,
          snapshotId: s.id,
          field: '/id',
        });
      else snapshotById.set(s.id, s);
    }
    const base = s.baseEventId !== null ? byId.get(s.baseEventId) : undefined;
    const referrer = s.id !== null ? bySnapshotRef.get(s.id) : undefined;
    const placed = base ?? referrer;
    if (placed) {
      s.eventKey = placed.key;
      s.eventIndex = placed.index;
    } else if (s.eventOffset !== null && s.eventOffset >= 0 && s.eventOffset <= events.length) {
      const at = events[s.eventOffset - 1];
      s.eventKey = at?.key ?? null;
      s.eventIndex = at?.index ?? -1;
    }
    if (s.baseEventId !== null && !base)
      violations.push({
        eventId: s.baseEventId,
        rule: 'dangling-ref',
        message: `${s.file}: base_event_id ${JSON.stringify(s.baseEventId)} names no event of the ledger`,
        file: s.file,
        line: null,
        eventIndex: s.eventIndex !== null && s.eventIndex >= 0 ? s.eventIndex : null,
        snapshotId: s.id,
        field: '/base_event_id',
      });
    if (s.eventIndex !== null && s.eventIndex >= 0 && s.id !== null)
      events[s.eventIndex]!.snapshotIds.push(s.id);
  }
  snapshots.sort(
    (a, b) => (a.eventIndex ?? Infinity) - (b.eventIndex ?? Infinity) || a.file.localeCompare(b.file),
  );
  for (const e of events) {
    if (e.snapshotRef === null) continue;
    if (!snapshotById.has(e.snapshotRef))
      eventViolation(
        e,
        'dangling-ref',
        `snapshot_ref ${JSON.stringify(e.snapshotRef)} names no manifest in snapshots/`,
        'snapshot_ref',
      );
    else if (!e.snapshotIds.includes(e.snapshotRef)) e.snapshotIds.push(e.snapshotRef);
  }

  const bookmarkList: LedgerBookmark[] = [...bookmarkByName].map(([name, e]) => ({
    name,
    eventKey: e.key,
    eventId: e.id,
    eventIndex: e.index,
    lane: e.lane,
  }));
  bookmarks.push(...bookmarkList.sort((a, b) => a.eventIndex - b.eventIndex));

  // Merges.
  const resolver = new RefResolver(events, byId, bookmarkByName, snapshotById, laneEvents);
  const merges: LedgerMerge[] = [];
  for (const e of events) {
    if (e.actionType !== 'merge') continue;
    const left = resolver.resolve(e.record['left'], e.index);
    const right = resolver.resolve(e.record['right'], e.index);
    const base = resolver.resolve(e.record['base'], e.index);
    const joins: string[] = [];
    for (const side of [left, right]) {
      if (
        side.eventKey !== null &&
        side.eventKey !== e.parentKey &&
        !e.mergeParentKeys.includes(side.eventKey)
      )
        e.mergeParentKeys.push(side.eventKey);
      if (side.lane !== null && side.lane !== e.lane && !joins.includes(side.lane)) {
        joins.push(side.lane);
        lanes.get(side.lane)?.mergedInto.push({ mergeKey: e.key, intoLane: e.lane });
      }
    }
    const post = postMerge(e, events, snapshotById);
    const choices = Array.isArray(e.record['binary_choices']) ? e.record['binary_choices'] : [];
    merges.push({
      eventKey: e.key,
      eventIndex: e.index,
      lane: e.lane,
      left,
      right,
      base,
      policy: stringOrNull(e.record['policy']),
      auto: stringOrNull(e.record['auto']),
      resolutions: Array.isArray(e.record['resolutions']) ? e.record['resolutions'].length : 0,
      binaryChoices: choices.map((c: unknown) => {
        const o = typeof c === 'object' && c !== null ? (c as Record<string, unknown>) : {};
        return {
          path: stringOrNull(o['path']),
          decision: stringOrNull(o['decision']),
          summary: stringOrNull(o['summary']),
        };
      }),
      joins,
      postMergeSnapshot: post.snapshot,
      postMergeBookmark: post.bookmark,
    });
  }

  // Rollups: the raw events of the same operation_id before them.
  const rollups: LedgerRollup[] = [];
  for (const e of events) {
    if (e.actionType !== 'rollup') continue;
    const raw =
      e.operationId === null
        ? []
        : events.filter(
            (x) => x.index < e.index && x.operationId === e.operationId && x.actionType !== 'rollup',
          );
    e.rollupOf = raw.map((x) => x.key);
    for (const x of raw) x.rolledUpBy = e.key;
    rollups.push({
      eventKey: e.key,
      eventIndex: e.index,
      operationId: e.operationId,
      rawEventKeys: e.rollupOf,
    });
  }

  return { events, snapshots, bookmarks, lanes: [...lanes.values()], merges, rollups, violations };
}

/**
 * After a merge, before the next change on its lane: the window where the post-merge snapshot and
 * bookmark belong (on the merge itself, or on a `snapshot_create` / `checkpoint` right after it).
 */
function postMerge(
  merge: LedgerEvent,
  events: readonly LedgerEvent[],
  snapshotById: ReadonlyMap<string, LedgerSnapshot>,
): { snapshot: string | null; bookmark: string | null } {
  let snapshot: string | null = null;
  let bookmark: string | null = null;
  for (let i = merge.index; i < events.length; i++) {
    const e = events[i]!;
    if (e.lane !== merge.lane) continue;
    if (i > merge.index && e.actionType !== null && CHANGE_ACTIONS.includes(e.actionType)) break;
    snapshot ??= e.snapshotIds.find((id) => snapshotById.has(id)) ?? null;
    bookmark ??= e.bookmark;
    if (snapshot !== null && bookmark !== null) break;
  }
  return { snapshot, bookmark };
}

/** Understands a merge's `left` / `right` / `base`: a bookmark, an event id, a snapshot id or a branch. */
class RefResolver {
  constructor(
    private readonly events: readonly LedgerEvent[],
    private readonly byId: ReadonlyMap<string, LedgerEvent>,
    private readonly bookmarks: ReadonlyMap<string, LedgerEvent>,
    private readonly snapshots: ReadonlyMap<string, LedgerSnapshot>,
    private readonly laneEvents: ReadonlyMap<string, LedgerEvent[]>,
  ) {}

  resolve(value: unknown, before: number): MergeRef {
    const raw = stringOrNull(value);
    const none: MergeRef = { raw, resolvedAs: null, eventKey: null, lane: null };
    if (raw === null) return none;
    const prefixed = /^(bookmark|branch|snapshot|event)s?[/:](.+)$/.exec(raw);
    const kinds = ['bookmark', 'event', 'snapshot', 'branch'] as const;
    if (prefixed) {
      const kind = prefixed[1] as (typeof kinds)[number];
      const hit = this.as(kind, prefixed[2]!, before);
      if (hit) return { raw, ...hit };
    }
    for (const kind of kinds) {
      const hit = this.as(kind, raw, before);
      if (hit) return { raw, ...hit };
    }
    return none;
  }

  private as(
    kind: 'bookmark' | 'event' | 'snapshot' | 'branch',
    name: string,
    before: number,
  ): Omit<MergeRef, 'raw'> | null {
    let event: LedgerEvent | undefined;
    switch (kind) {
      case 'bookmark':
        event = this.bookmarks.get(name);
        break;
      case 'event':
        event = this.byId.get(name);
        break;
      case 'snapshot': {
        const s = this.snapshots.get(name);
        event = s?.eventIndex != null && s.eventIndex >= 0 ? this.events[s.eventIndex] : undefined;
        break;
      }
      case 'branch': {
        const list = this.laneEvents.get(name) ?? [];
        event = list.filter((e) => e.index < before).pop();
        if (event) return { resolvedAs: 'branch', eventKey: event.key, lane: name };
        return null;
      }
    }
    if (!event || event.index >= before) return null;
    return { resolvedAs: kind, eventKey: event.key, lane: event.lane };
  }
}
