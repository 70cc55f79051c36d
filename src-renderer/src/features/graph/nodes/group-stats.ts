/**
 * A group node's figures (failed, pending, verdicts…) are sums over all of its members, and a
 * store selector runs on every store change: recounting tens of thousands of members for every
 * live append was the most expensive part of it. So the sums are kept per group and, when the
 * session moved on by one batch, updated with just the nodes that batch changed (SessionData's
 * `nodeChanges`) and the members the group gained or lost (ToolGroup's `previous`). Anything
 * else (a first look, a skipped batch, another session) counts the members again.
 */
import type { LineageNode } from '../../../../../src-shared/lineage/types';
import type { AppState } from '../../../state/store';
import type { GroupChange, ToolGroup } from '../visible-graph';

export type Counts = Record<string, number>;

type Change = { added: readonly string[]; removed: readonly string[] };

interface Entry {
  key: string;
  revision: number;
  members: readonly string[];
  totals: Counts;
  /**
   * `members` as a set, made when first needed and then carried to the next entry of the group
   * with only the members gained and lost applied: while a big log is read its groups grow on
   * every apply, and a fresh set of a 100,000-member group each time cost the page ~1.2 s of a
   * 1.2M-event open. The entry it was carried from is dropped (entries hold one per group).
   */
  set: Set<string> | null;
}

/**
 * Who came and went since the group's members were `members` (a version of it an entry counted),
 * over its kept changes (a node drawn from a version or two after the last it drew), or null
 * when that version is not among them.
 */
export function changesSince(group: ToolGroup, members: readonly string[]): Change | null {
  const steps: GroupChange[] = [];
  for (let c = group.previous; c; c = c.previous) {
    steps.push(c);
    if (c.members === members) break;
  }
  if (steps.at(-1)?.members !== members) return null;
  if (steps.length === 1) return steps[0]!;
  // Oldest first: a member that came and went again within the steps did neither.
  const added = new Set<string>();
  const removed = new Set<string>();
  for (const step of steps.reverse()) {
    for (const id of step.added) if (!removed.delete(id)) added.add(id);
    for (const id of step.removed) if (!added.delete(id)) removed.add(id);
  }
  return { added: [...added], removed: [...removed] };
}

function add(totals: Counts, part: Counts, sign: 1 | -1): void {
  for (const k in part) totals[k] = (totals[k] ?? 0) + sign * part[k]!;
}

/**
 * A selector of `(state, group id, group)` → the sum of `contribution(node)` over the group's
 * members, plus `isNew` (1 when a member carries the "new" mark). The result object is reused
 * while nothing changed, so `useShallow` sees no change.
 */
export function groupTotals(contribution: (node: LineageNode) => Counts) {
  const entries = new Map<string, Entry>();
  const results = new WeakMap<Entry, { newNodes: ReadonlySet<string>; value: Counts }>();

  function recount(nodes: ReadonlyMap<string, LineageNode> | undefined, group: ToolGroup): Counts {
    const totals: Counts = {};
    for (const id of group.members) {
      const node = nodes?.get(id);
      if (node) add(totals, contribution(node), 1);
    }
    return totals;
  }

  function update(s: AppState, entry: Entry, group: ToolGroup, change: Change | null): Counts | null {
    const data = s.data;
    const changes = data?.nodeChanges;
    if (!data || !changes || changes.from !== entry.revision) return null;
    const same = group.members === entry.members;
    if (!same && !change) return null;
    if (changes.before.size === 0) return entry.totals;
    const added = same ? null : new Set(change!.added);
    const removed = same ? null : new Set(change!.removed);
    const totals = { ...entry.totals };
    for (const [id, prev] of changes.before) {
      // A node new in this revision (no earlier state) was no member before: it counts only if it
      // joined. While a log is read nearly every change is one, for every group on screen.
      if (!prev && !added) continue;
      const was = prev !== null && (entry.set ??= new Set(entry.members)).has(id);
      const is = was ? !removed?.has(id) : Boolean(added?.has(id));
      if (was && prev) add(totals, contribution(prev), -1);
      const now = is ? data.nodes.get(id) : undefined;
      if (now) add(totals, contribution(now), 1);
    }
    return totals;
  }

  /**
   * The same revision, the group grown or shrunk since: a selector run on the store change still
   * saw the group of the last render (React's closure) and took the revision's node changes; the
   * render then brings the new group. Only its gained and lost members remain to be counted —
   * without this, every live append that grew a group recounted all of its members.
   */
  function regroup(s: AppState, entry: Entry, change: Change | null): Counts | null {
    const nodes = s.data?.nodes;
    if (!nodes || !change) return null;
    const totals = { ...entry.totals };
    for (const member of change.added) {
      const node = nodes.get(member);
      if (node) add(totals, contribution(node), 1);
    }
    for (const member of change.removed) {
      const node = nodes.get(member);
      if (node) add(totals, contribution(node), -1);
    }
    return totals;
  }

  /** Whether any of `ids` is a member (through the entry's set, made only when there are ids). */
  function hasMemberIn(entry: Entry, ids: ReadonlySet<string>): boolean {
    if (ids.size === 0) return false;
    const set = (entry.set ??= new Set(entry.members));
    for (const id of ids) if (set.has(id)) return true;
    return false;
  }

  /** The old entry's member set, if it has one, made into the group's (see Entry.set). */
  function carriedSet(old: Entry, group: ToolGroup, change: Change | null): Set<string> | null {
    const set = old.set;
    if (!set || group.members === old.members) return set;
    for (const member of change!.added) set.add(member);
    for (const member of change!.removed) set.delete(member);
    return set;
  }

  return (s: AppState, id: string, group: ToolGroup): Counts => {
    const key = s.data?.key ?? '';
    const revision = s.data?.revision ?? -1;
    let entry = entries.get(id);
    if (!entry || entry.key !== key || entry.revision !== revision || entry.members !== group.members) {
      const change = entry && entry.members !== group.members ? changesSince(group, entry.members) : null;
      const carried =
        entry &&
        entry.key === key &&
        (entry.revision === revision ? regroup(s, entry, change) : update(s, entry, group, change));
      const totals = carried || recount(s.data?.nodes, group);
      entry = {
        key,
        revision,
        members: group.members,
        totals,
        set: carried ? carriedSet(entry!, group, change) : null,
      };
      entries.set(id, entry);
    }
    const hit = results.get(entry);
    if (hit && hit.newNodes === s.newNodes) return hit.value;
    const value = { ...entry.totals, isNew: hasMemberIn(entry, s.newNodes) ? 1 : 0 };
    results.set(entry, { newNodes: s.newNodes, value });
    return value;
  };
}
