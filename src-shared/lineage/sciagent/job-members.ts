/**
 * A compute job's members sorted out by kind, kept between the job node's rebuilds.
 *
 * Sciagent's cluster mode reuses one `job_id` (the cluster's name) for every launch of a session,
 * so a long session has one job with tens of thousands of launches, status changes and expected
 * artifacts, and the job is rebuilt from all of them whenever it gains one (once per chunk read,
 * once per live append). Sorting every member and normalising every expected path again on each
 * rebuild made reading such a session grow with the square of its length (400k events: 14.9 s,
 * against 3.8 s for as many events spread over many jobs). Kept here, a rebuild looks only at the
 * members it has not seen, as long as the ones it has are still the first, unchanged (same view,
 * same body: a correction gives a view a new body, and moving an event out of the job changes the
 * list); anything else sorts them all again.
 */
import { bodiesSetCount, type EventView } from '../../formats/sciagent/session-log';
import { type JsonObject, num, str } from '../../formats/sciagent/types';
import { GrownCopies } from '../../collections/grown-copies';
import { KeptKeys, type BuildContext, type Key } from '../reactive-graph';

export interface ExpectedPattern {
  pattern: string;
  /** The normalised paths an artifact may be found by (the pattern, and under the mount). */
  keys: string[];
}

export class JobMembers {
  /**
   * `kept`: these are kept between the job's rebuilds (a big job: lineage-builder's
   * KEPT_JOB_MEMBERS). A one-off sort-out (most jobs: a few launches) looks its expected keys up
   * as any build does, and notes no copies: the kept list's bookkeeping was ~10 bytes an event of
   * the many-jobs log's memory.
   */
  constructor(private readonly kept = false) {
    this.idsCopies = new GrownCopies<string>(kept);
    this.keysCopies = new GrownCopies<Key>(kept);
  }

  private seen: EventView[] = [];
  private bodies: JsonObject[] = [];
  /** The members' event ids, in order. */
  eventIds: string[] = [];
  /** Their lowest seq. */
  minSeq: number | null = null;
  /** Whether any of them has a correction (a correction gives its view a new body). */
  corrected = false;
  launches: EventView[] = [];
  statuses: EventView[] = [];
  clusterDowns: EventView[] = [];
  /** Costs stated by status changes (their highest is the job's cost without observed costs). */
  statusCostMax: number | null = null;
  /** Costs observed (summed in member order). */
  observedCostSum = 0;
  observedCostCount = 0;
  /** Expected artifacts of every launch, each pattern once, with the keys of its first launch. */
  expected: ExpectedPattern[] = [];
  /** What the job publishes: an `expect` key for each key of each expected pattern, in order. */
  publishes: Key[] = [];
  private expectedSeen = new Set<string>();
  /** `bodiesSetCount()` when these were last brought up to date. */
  private bodiesSetAt = -1;
  /** Kept: the keys of the expected patterns checked so far, kept watched (see checkExpected). */
  private watches: KeptKeys | null = null;
  /** Kept: whether each pattern checked so far was found (1: a key of it is published). */
  private found: Uint8Array | null = null;
  /** Kept: patterns checked so far. */
  private checked = 0;
  /** One-off: the patterns never seen. */
  private missingList: string[] = [];
  /** The copies of the event ids and keys handed out (noted as grown from each other when kept). */
  private readonly idsCopies: GrownCopies<string>;
  private readonly keysCopies: GrownCopies<Key>;

  /** Brings these up to `views` (the job's members in reading order) and returns them. */
  update(views: readonly EventView[]): this {
    const n = this.seen.length;
    let unchanged = n <= views.length;
    if (unchanged && n > 0 && this.bodiesSetAt === bodiesSetCount()) {
      // No body was set anywhere since: the members seen are still the first (an event joins a
      // job last, in reading order; only a correction moves one into or out of the middle, and a
      // correction sets bodies). The last one in place says the list is the one seen, grown. Each
      // member checked on every rebuild — a cluster job's tens of thousands, on every launch
      // appended — was most of a live append's cost in the worker (issue 8).
      unchanged = views[n - 1] === this.seen[n - 1];
    } else {
      for (let i = 0; unchanged && i < n; i++)
        unchanged = views[i] === this.seen[i] && views[i]!.body === this.bodies[i];
    }
    this.bodiesSetAt = bodiesSetCount();
    if (!unchanged) this.clear();
    for (let i = this.seen.length; i < views.length; i++) this.add(views[i]!);
    return this;
  }

  /**
   * The members' event ids, a copy a node may keep: the same copy as the last time while no
   * member was added (the graph then compares the job's node with its last one at a glance).
   */
  eventIdsCopy(): string[] {
    return this.idsCopies.of(this.eventIds);
  }

  /** What the job publishes, a copy a build may hand out (as `eventIdsCopy`). */
  publishesCopy(): Key[] {
    return this.keysCopies.of(this.publishes);
  }

  /** Expected patterns never seen (no key of theirs published), as of the last `checkExpected`. */
  missingCount = 0;

  /**
   * Finds which expected patterns were never seen (no key of theirs published). The keys of each
   * pattern are looked up once, and again only when their publishers change (`KeptKeys.changed`):
   * checking all of a cluster job's expected artifacts on each of its rebuilds made a live append
   * cost more as the job grew (the graph keeps them watched: `ctx.watchKept`).
   */
  checkExpected(ctx: BuildContext): void {
    const { expected } = this;
    if (!this.kept) {
      const missing: string[] = [];
      for (const e of expected) {
        let seen = false;
        for (const k of e.keys) if ((seen = ctx.published('akey', k))) break;
        if (!seen) missing.push(e.pattern);
      }
      this.missingList = missing;
      this.missingCount = missing.length;
      return;
    }
    const watches = (this.watches ??= new KeptKeys());
    const changed = watches.takeChanged();
    if (changed.length > 2 * FEW_CHANGED_KEYS) {
      // Many at once (a first read rebuilds a big job seldom): all of them again.
      for (let at = 0; at < this.checked; at++) this.setFound(at, this.seenAny(ctx, expected[at]!));
    } else if (changed.length) {
      // A few (an artifact appended): the patterns with those keys. A scan of the patterns, not a
      // map of their keys kept for good (memory for every big job, for a lookup now and then).
      for (let at = 0; at < this.checked; at++)
        for (const k of expected[at]!.keys)
          if (isChangedKey(changed, k)) {
            this.setFound(at, this.seenAny(ctx, expected[at]!));
            break;
          }
    }
    let found = this.found;
    if (!found || found.length < expected.length) {
      const grown = new Uint8Array(Math.max(64, expected.length, (found?.length ?? 0) * 2));
      if (found) grown.set(found);
      this.found = found = grown;
    }
    for (; this.checked < expected.length; this.checked++) {
      const e = expected[this.checked]!;
      for (const k of e.keys) watches.add('akey', k);
      found[this.checked] = 1;
      this.setFound(this.checked, this.seenAny(ctx, e));
    }
    ctx.watchKept(watches);
  }

  /** The last `n` of the patterns never seen (see checkExpected), in order. */
  missingLast(n: number): string[] {
    if (!this.kept) return n >= this.missingList.length ? this.missingList : this.missingList.slice(-n);
    const last: string[] = [];
    for (let at = this.checked - 1; at >= 0 && last.length < n; at--)
      if (!this.found![at]) last.push(this.expected[at]!.pattern);
    return last.reverse();
  }

  private setFound(at: number, found: boolean): void {
    const now = found ? 1 : 0;
    if (this.found![at] !== now) this.missingCount += found ? -1 : 1;
    this.found![at] = now;
  }

  private seenAny(ctx: BuildContext, e: ExpectedPattern): boolean {
    for (const k of e.keys) if (ctx.peek('akey', k)) return true;
    return false;
  }

  private add(view: EventView): void {
    const body = view.body;
    this.seen.push(view);
    this.bodies.push(body);
    this.eventIds.push(view.event.eventId);
    const seq = view.event.seq;
    if (seq !== null && (this.minSeq === null || seq < this.minSeq)) this.minSeq = seq;
    if (view.corrections.length) this.corrected = true;
    switch (view.event.kind) {
      case 'compute_job_launched':
        this.launches.push(view);
        for (const e of patternsOfLaunch(body)) {
          if (this.expectedSeen.has(e.pattern)) continue;
          this.expectedSeen.add(e.pattern);
          this.expected.push(e);
          for (const k of e.keys) this.publishes.push(['expect', k]);
        }
        break;
      case 'compute_job_status_changed': {
        this.statuses.push(view);
        const cost = num(body['cost_usd']);
        if (cost !== null)
          this.statusCostMax = this.statusCostMax === null ? cost : Math.max(this.statusCostMax, cost);
        break;
      }
      case 'compute_cluster_down':
        this.clusterDowns.push(view);
        break;
      case 'compute_cost_observed': {
        const cost = num(body['cost_usd']);
        if (cost !== null) {
          this.observedCostSum += cost;
          this.observedCostCount++;
        }
        break;
      }
    }
  }

  private clear(): void {
    this.seen = [];
    this.bodies = [];
    this.eventIds = [];
    this.minSeq = null;
    this.corrected = false;
    this.launches = [];
    this.statuses = [];
    this.clusterDowns = [];
    this.statusCostMax = null;
    this.observedCostSum = 0;
    this.observedCostCount = 0;
    this.expected = [];
    this.publishes = [];
    this.expectedSeen = new Set();
    this.watches = null; // the graph drops the old list's keys when it is given the new one
    this.found = null;
    this.checked = 0;
    this.missingCount = 0;
    this.missingList = [];
    // Copies made from here on did not grow from those handed out before.
    this.idsCopies.restart();
    this.keysCopies.restart();
  }
}

const NO_PATTERNS: readonly ExpectedPattern[] = Object.freeze([]);

/** Changed keys up to which a rebuild looks for the patterns that have them (see checkExpected). */
const FEW_CHANGED_KEYS = 8;

/** Whether `changed` (space, name, …) has the artifact key `name`. */
function isChangedKey(changed: readonly string[], name: string): boolean {
  for (let i = 0; i < changed.length; i += 2)
    if (changed[i + 1] === name && changed[i] === 'akey') return true;
  return false;
}

function patternsOfLaunch(body: JsonObject): readonly ExpectedPattern[] {
  const list = body['expected_artifacts'];
  if (!Array.isArray(list)) return NO_PATTERNS;
  const mount = str(body['mount_path']);
  const own = new Map<string, ExpectedPattern>();
  for (const p of list) {
    if (typeof p !== 'string' || own.has(p)) continue;
    const keys = new Set([normalizePath(p)]);
    if (mount && !p.startsWith('/') && !p.includes('://')) keys.add(normalizePath(`${mount}/${p}`));
    own.set(p, { pattern: p, keys: [...keys] });
  }
  return [...own.values()];
}

export function normalizePath(p: string): string {
  return p.replace(/^\.\//, '').replace(/\/{2,}/g, '/');
}
