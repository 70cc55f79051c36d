/**
 * Subagent observations and produces-validations name their subagent only by `subagent_name`.
 * Each attaches to the subagent of that name spawned last at or before its seq (or, before any
 * spawn, the first one). A per-name index sorted by seq keeps this O(log n) per event; a spawn
 * arriving out of order re-attaches only the events in the seq range it now owns.
 */

interface Spawn {
  seq: number;
  nodeId: string;
}

interface Attached {
  seq: number;
  eventId: string;
}

export class SubagentAttachments {
  private readonly spawns = new Map<string, Spawn[]>();
  private readonly attached = new Map<string, Attached[]>();
  private readonly current = new Map<string, string | null>();
  /**
   * `name \0 nodeId` of every spawn recorded: a lookup instead of a scan of the name's list (a
   * long session spawns the same subagent tens of thousands of times; the scan made a 1M-event
   * read quadratic, 2.2 s of it).
   */
  private readonly spawnKeys = new Set<string>();

  /** Records a subagent node; returns the event ids whose attachment may have changed. */
  addSpawn(name: string, seq: number | null, nodeId: string): string[] {
    const list = this.spawns.get(name) ?? [];
    const key = `${name}\u0000${nodeId}`;
    if (this.spawnKeys.has(key)) return [];
    this.spawnKeys.add(key);
    const entry = { seq: seq ?? Number.POSITIVE_INFINITY, nodeId };
    list.splice(
      upperBound(list, entry.seq, (s) => s.seq),
      0,
      entry,
    );
    this.spawns.set(name, list);
    // Events from this spawn's seq on (and, if it is now the first, all before it) may move.
    const events = this.attached.get(name) ?? [];
    const from = list[0] === entry ? 0 : lowerBound(events, entry.seq, (e) => e.seq);
    const changed: string[] = [];
    for (let i = from; i < events.length; i++) {
      const e = events[i]!;
      const next = this.resolve(name, e.seq);
      if (next !== this.current.get(e.eventId)) {
        this.current.set(e.eventId, next);
        changed.push(e.eventId);
      }
    }
    return changed;
  }

  /** Attaches an observation or validation; returns its subagent node (null when none yet). */
  attach(name: string, seq: number | null, eventId: string): string | null {
    const s = seq ?? Number.POSITIVE_INFINITY;
    const list = this.attached.get(name) ?? [];
    if (!this.current.has(eventId))
      list.splice(
        upperBound(list, s, (e) => e.seq),
        0,
        { seq: s, eventId },
      );
    this.attached.set(name, list);
    const target = this.resolve(name, s);
    this.current.set(eventId, target);
    return target;
  }

  of(eventId: string): string | null {
    return this.current.get(eventId) ?? null;
  }

  private resolve(name: string, seq: number): string | null {
    const list = this.spawns.get(name);
    if (!list?.length) return null;
    const i = upperBound(list, seq, (s) => s.seq) - 1;
    return (i >= 0 ? list[i]! : list[0]!).nodeId;
  }
}

/** First index whose key is > value. */
function upperBound<T>(xs: T[], value: number, key: (x: T) => number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(xs[mid]!) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose key is >= value. */
function lowerBound<T>(xs: T[], value: number, key: (x: T) => number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(xs[mid]!) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
