/**
 * A small incremental graph engine: nodes are built from their member events by a pure
 * `build` function that may look up other nodes by key. Lookups are recorded as watches, so
 * when a node's publication changes, exactly the nodes that read it are rebuilt. This is what
 * makes appending one event cost work for that event (and its few dependents), not the session.
 *
 * Written by hand because no library does incremental derivation over an append-only event
 * stream with retractable contributions (corrections move events between nodes).
 *
 * Cost per node matters more than elegance here: a 1M-event log builds ~500k nodes, nearly all of
 * them tool calls that nobody looks up. So everything the engine keeps about a node lives in one
 * `NodeState` (one map lookup, not one per map), a node's existence is a flag rather than a
 * published `node:<id>` key (no key string, no index entry), keys are (space, name) pairs (no
 * joined strings to hash), and what a rebuild finds unchanged it does not index again.
 */
import { grewFrom } from '../collections/grown-copies';
import { jsonEqual } from './json-equal';
import { asSet, forEachId, type IdSet, type Key, KeyIndex, movedToEnd, withId, withoutId } from './key-index';
import type { LineageDelta, LineageEdge, LineageNode } from './types';

export type { Key } from './key-index';

export interface BuildContext {
  /** Node ids that publish the key, in no set order (recorded as a dependency of the build). */
  lookup(space: string, name: string): ReadonlySet<string>;
  /** Whether any node publishes the key: `lookup(…).size > 0` without making a set of them. */
  published(space: string, name: string): boolean;
  /**
   * Whether node `id` exists: its last build had members (recorded as a dependency, and changes
   * like a publication of that node). Every built node exists; it need not publish a key for it.
   */
  exists(id: string): boolean;
  node(id: string): LineageNode | undefined;
  /**
   * Watches every key of `list` (see KeptKeys): the keys a builder keeps between the builds of
   * one node. Its keys are not looked up again here: the builder answers them with `peek`, once
   * each, and again for those `list.changed` names.
   */
  watchKept(list: KeptKeys): void;
  /** Whether any node publishes the key, not recorded as a dependency (for KeptKeys' keys). */
  peek(space: string, name: string): boolean;
}

/**
 * Keys a node's builder keeps watched from one build to the next (space, name, space, name…),
 * only ever added to: a cluster job watches the paths tens of thousands of launches expect, and
 * looking every one of them up and recording it again on every rebuild (on each launch or status
 * change appended) made a live append's cost grow with the job — ~20 ms a job event at 400k
 * events. Passed to `watchKept` build after build (the same object), only the keys added since
 * are recorded; a key whose publishers change is put in `changed` (its space and name) for the
 * next build to look up again. A new object (the builder started over) records them all afresh.
 * A key should not be watched both this way and by `lookup`/`published` from one node.
 */
export class KeptKeys {
  readonly keys: string[] = [];
  /** Keys whose publishers changed since the builder last took them (space, name, …). */
  changed: string[] = [];
  /** The graph's: how many of `keys` it has recorded as watched (a list serves one node). */
  recorded = 0;

  add(space: string, name: string): void {
    this.keys.push(space, name);
  }

  /** The keys changed since the last call, and none since. */
  takeChanged(): string[] {
    const changed = this.changed;
    if (changed.length) this.changed = [];
    return changed;
  }
}

export interface BuildResult {
  /** The node itself, or null when it has nothing to show (it still exists, and may publish keys). */
  node: LineageNode | null;
  /** Extra nodes this node owns (e.g. expected-but-missing artifacts); shared ones are ref-counted. */
  extras: readonly LineageNode[];
  edges: readonly LineageEdge[];
  /** Keys others may look up (besides the node's existence, which is implicit). */
  publishes: readonly Key[];
}

/**
 * Builds node `id` from its members (in the order they were added; do not keep the list). `M`:
 * what nodes are made of (the sciagent graph's members are its events' views).
 */
export type NodeBuilder<M> = (id: string, members: readonly M[], ctx: BuildContext) => BuildResult;
/**
 * What dependents of a node react to besides its publications (e.g. existence, corrections):
 * when it changes they are rebuilt. Asked only of nodes someone watches.
 */
export type SignatureOf = (result: BuildResult) => string;

const MAX_REBUILDS_PER_FLUSH = 8;
/**
 * A node of more members than this is rebuilt after the others of its round: its build costs time
 * in proportion to its members, and what it looks up (a cluster job: whether the artifacts its
 * launches expect were produced — mostly in the same chunk) is then up to date, so it is rebuilt
 * once a flush rather than twice. The few small nodes it then tells are rebuilt again instead.
 */
const BIG_NODE_MEMBERS = 1000;
/**
 * While a log is first read (`flush(true)`), a big node that grew is rebuilt only once it has this
 * many times the members it had when last built: a cluster job gets a launch in every chunk, and
 * rebuilding it (and what it looks up: every artifact each launch expects) on every flush made a
 * first read quadratic in its launches — 260 rebuilds of up to 85k launches for the bench's 850k
 * log. Geometric steps cost ~5 builds of its final size in all. Whatever else changed about it
 * meanwhile (a correction of one of its launches, an artifact it expected appearing) waits with it;
 * a big node that did not grow is rebuilt at once. `flush()` rebuilds what waited.
 */
const WAIT_GROWTH = 1.25;

const NONE: readonly never[] = Object.freeze([]);

/**
 * What few nodes have: publications, lookups, watchers, extras. Tens of thousands of tool calls
 * have none of it, so it lives apart and their NodeState stays small (~40 bytes less each).
 */
class NodeLinks<M> {
  /** Members after the first two (a job's launches and status changes…). */
  more: M[] | undefined = undefined;
  publishes: readonly Key[] = NONE;
  watchedKeys: string[] | undefined = undefined;
  /** Keys kept watched from build to build (KeptKeys). */
  kept: KeptKeys | undefined = undefined;
  watchedNodes: string[] | undefined = undefined;
  existenceWatchers: IdSet = undefined;
  signature: string | undefined = undefined;
  extras: readonly string[] = NONE;
}

/**
 * What a pass over every node reads of one (a snapshot): its node, its members, and a position
 * the pass gives it. The position lives on the engine's own record of the node, so that a pass
 * over ~600,000 nodes needs no map of their ids to find it again (and no lookup by id to find a
 * node's members).
 */
export interface NodeEntry<M> {
  readonly id: string;
  readonly node: LineageNode | undefined;
  /** Its node's kind (without making the node, where a node is made when read). */
  readonly kind: LineageNode['kind'] | undefined;
  /**
   * Set by a pass that places every node (`ReactiveGraph.nodeEntries`); means nothing after it:
   * the next pass sets it again on every node it reads.
   */
  position: number;
  membersInto(out: M[]): void;
  /**
   * Where an entry knows them without making its events (a tool row): the log ordinals of its
   * node's events, in the order of the node's `eventIds`.
   */
  ordinals?(): number[];
  /**
   * Where an entry has `ordinals`: its node with `eventIds` left empty, for a pass that writes its
   * events from them (a snapshot). A tool row's event ids are made from the log's columns when
   * read: 564k strings an 850k-event snapshot made only to drop them.
   */
  nodeWithoutIds?(): LineageNode;
}

/** The `flushNo` of a forgotten state. */
const DROPPED = -1;

/**
 * Everything the engine keeps about one node id (it exists while any of it is set). A class with
 * every field set at construction, so that its fields stay inside the object; the rarely set ones
 * are accessors onto `links`, made on the first write of something other than the default.
 */
class NodeState<M> implements NodeEntry<M> {
  /**
   * Members in the order they were added: the first two in fields (most nodes have one or two:
   * a call and its result — no list for them), any others in `links.more`.
   */
  first: M | undefined = undefined;
  second: M | undefined = undefined;
  /** Whether its last build had members: what `ctx.exists` answers. */
  exists = false;
  private links: NodeLinks<M> | undefined = undefined;
  /** Edges it owned after its last build: most nodes own one, kept as itself (no list). */
  edges: LineageEdge | readonly LineageEdge[] | undefined = undefined;
  /** The last flush that rebuilt it (see `rebuiltAgain`); DROPPED once forgotten. */
  flushNo = 0;
  /** Its node as last built (or as an extra, for extras), when it has one. */
  node: LineageNode | undefined = undefined;
  /** See NodeEntry: for a pass over every node, not kept meaningful between passes. */
  position = -1;

  constructor(readonly id: string) {}

  get kind(): LineageNode['kind'] | undefined {
    return this.node?.kind;
  }

  /** Forgotten (it had nothing left); a later one for the same id is another object. */
  get dropped(): boolean {
    return this.flushNo === DROPPED;
  }

  drop(): void {
    this.flushNo = DROPPED;
  }

  /** Keys it published in its last build. */
  get publishes(): readonly Key[] {
    return this.links === undefined ? NONE : this.links.publishes;
  }
  set publishes(value: readonly Key[]) {
    if (this.links !== undefined || value.length) this.linked().publishes = value;
  }

  /** What it looked up in its last build: keys (as space, name, space, name…), nodes' existence. */
  get watchedKeys(): string[] | undefined {
    return this.links?.watchedKeys;
  }
  set watchedKeys(value: string[] | undefined) {
    if (this.links !== undefined || value !== undefined) this.linked().watchedKeys = value;
  }

  /** Its builder's kept keys (KeptKeys). */
  get kept(): KeptKeys | undefined {
    return this.links?.kept;
  }
  set kept(list: KeptKeys | undefined) {
    if (this.links !== undefined || list !== undefined) this.linked().kept = list;
  }

  get watchedNodes(): string[] | undefined {
    return this.links?.watchedNodes;
  }
  set watchedNodes(value: string[] | undefined) {
    if (this.links !== undefined || value !== undefined) this.linked().watchedNodes = value;
  }

  /** Nodes that asked whether this one exists. */
  get existenceWatchers(): IdSet {
    return this.links?.existenceWatchers;
  }
  set existenceWatchers(value: IdSet) {
    if (this.links !== undefined || value !== undefined) this.linked().existenceWatchers = value;
  }

  /** Last signature, kept only while it exists and someone watches it. */
  get signature(): string | undefined {
    return this.links?.signature;
  }
  set signature(value: string | undefined) {
    if (this.links !== undefined || value !== undefined) this.linked().signature = value;
  }

  /** Extra node ids it owned in its last build. */
  get extras(): readonly string[] {
    return this.links === undefined ? NONE : this.links.extras;
  }
  set extras(value: readonly string[]) {
    if (this.links !== undefined || value.length) this.linked().extras = value;
  }

  hasMembers(): boolean {
    return this.first !== undefined;
  }

  addMember(member: M): void {
    if (this.first === undefined) this.first = member;
    else if (this.second === undefined) this.second = member;
    else (this.linked().more ??= []).push(member);
  }

  /** Removes one member (the first equal to it), keeping the others in order. */
  removeMember(member: M): void {
    const list: M[] = [];
    this.membersInto(list);
    const i = list.indexOf(member);
    if (i < 0) return;
    list.splice(i, 1);
    this.first = list[0];
    this.second = list[1];
    if (this.links !== undefined || list.length > 2)
      this.linked().more = list.length > 2 ? list.slice(2) : undefined;
  }

  /** Whether it has more than `n` members (n ≥ 2). */
  hasMoreMembersThan(n: number): boolean {
    return this.memberCount() > n;
  }

  /** How many members it has (for one with at least two: the count of one with fewer is not needed). */
  memberCount(): number {
    return (this.links?.more?.length ?? 0) + 2;
  }

  /** Appends the members, in order, to `out`. */
  membersInto(out: M[]): void {
    if (this.first === undefined) return;
    out.push(this.first);
    if (this.second === undefined) return;
    out.push(this.second);
    const more = this.links?.more;
    if (more !== undefined) for (const m of more) out.push(m);
  }

  private linked(): NodeLinks<M> {
    return (this.links ??= new NodeLinks<M>());
  }
}

export class ReactiveGraph<M> {
  /**
   * The nodes, in the order a Map of them would have (first upsert, again after a removal). Read
   * through the states: one map entry per node id, not one in a map of nodes and one of states.
   */
  readonly nodes: ReadonlyMap<string, LineageNode>;
  readonly edges = new Map<string, LineageEdge>();
  /**
   * Every node id's state, in two maps: those with a node (in node order: a state moves in when
   * its node appears and out when it goes, as a map of nodes would set and delete it), and the
   * others (no node yet, or only watched).
   */
  private readonly withNode = new Map<string, NodeState<M>>();
  private readonly withoutNode = new Map<string, NodeState<M>>();
  private readonly publishers = new KeyIndex();
  private readonly watchers = new KeyIndex();
  private readonly extraOwners = new Map<string, IdSet>();
  /**
   * Owner counts of edges owned by more than one node (an edge in `edges` and not here has one
   * owner): the ref count without an owner index that nearly every edge would sit in alone.
   */
  private readonly sharedEdges = new Map<string, number>();
  /** States, not ids: a rebuild finds its node without a lookup in `states`. */
  private dirty = new Set<NodeState<M>>();
  /** Big nodes whose rebuild waits (see WAIT_GROWTH), and how many members each had when built. */
  private readonly waiting = new Set<NodeState<M>>();
  private readonly builtMembers = new WeakMap<NodeState<M>, number>();
  private flushNo = 0;
  /** Rebuilds past the first of nodes rebuilt again in this flush (to stop a dependency cycle). */
  private rebuiltAgain = new Map<NodeState<M>, number>();
  /** Last state of every node and edge touched since the last flush (null = removed). */
  private pendingNodes = new Map<string, LineageNode | null>();
  private pendingEdges = new Map<string, LineageEdge | null>();
  /** What the node being built looks up (reused: one context for every build, no closures). */
  private readonly watchedKeys: string[] = [];
  private readonly watchedNodes: string[] = [];
  private readonly ctx: BuildContext = {
    lookup: (space, name) => {
      this.watchedKeys.push(space, name);
      return asSet(this.publishers.get(space, name));
    },
    published: (space, name) => {
      this.watchedKeys.push(space, name);
      return this.publishers.has(space, name);
    },
    exists: (nodeId) => {
      this.watchedNodes.push(nodeId);
      return this.stateGet(nodeId)?.exists ?? false;
    },
    node: (nodeId) => this.withNode.get(nodeId)?.node,
    watchKept: (list) => {
      this.keptKeys = list;
    },
    peek: (space, name) => this.publishers.has(space, name),
  };
  /** The kept keys the node being built watches (ctx.watchKept), if any. */
  private keptKeys: KeptKeys | undefined = undefined;
  /** Where updateEdges gathers a node's edges (copied out at the end; it never nests). */
  private readonly keptEdges: LineageEdge[] = [];
  /** The list of members handed to a build (builds never keep it, nor nest). */
  private readonly lone: M[] = [];
  /** The node an event was last added to: a call and its result usually follow each other. */
  private lastAdded: NodeState<M> | undefined;

  constructor(
    private readonly build: NodeBuilder<M>,
    private readonly signatureOf: SignatureOf,
  ) {
    this.nodes = new NodesOf(this.withNode);
  }

  private builds = 0;

  /** How many builds it has run (what a change cost, for tests). */
  get rebuilds(): number {
    return this.builds;
  }

  /** How many node ids the engine keeps a state for (it forgets those left with nothing). */
  get stateCount(): number {
    return this.withNode.size + this.withoutNode.size;
  }

  /**
   * Adds a member to a node (the caller adds each member to one node at most once: no set is
   * kept to check it) and returns the node's id as the engine keeps it, so that callers who
   * store it share one string per node.
   */
  addMember(nodeId: string, member: M): string {
    const last = this.lastAdded;
    const state = last && !last.dropped && last.id === nodeId ? last : this.stateOf(nodeId);
    this.lastAdded = state;
    state.addMember(member);
    this.dirty.add(state);
    return state.id;
  }

  /**
   * Every node's entry, in node order (as `nodes`): its node, its members and a position for the
   * pass to set and read back through `positionOf`.
   */
  nodeEntries(): IterableIterator<NodeEntry<M>> {
    return this.withNode.values();
  }

  /** The position a pass over `nodeEntries` gave node `id`; -1 when it has no node. */
  positionOf(id: string): number {
    return this.withNode.get(id)?.position ?? -1;
  }

  /**
   * Node `id` as last built and its members (in the order added, appended to `out`), in one
   * lookup; undefined when it has no node.
   */
  nodeWithMembers(id: string, out: M[]): LineageNode | undefined {
    const state = this.withNode.get(id);
    if (state === undefined) return undefined;
    state.membersInto(out);
    return state.node;
  }

  removeMember(nodeId: string, member: M): void {
    const state = this.stateGet(nodeId);
    if (!state || !state.hasMembers()) return;
    state.removeMember(member);
    this.dirty.add(state);
  }

  markDirty(nodeId: string): void {
    this.dirty.add(this.stateOf(nodeId));
  }

  /** Rebuilds every node that looked up the key (for facts kept outside the graph). */
  touch(space: string, name: string): void {
    this.notifyWatchers(space, name, undefined);
  }

  /** Marks every watcher of the key (but `except`) dirty, telling kept keys which one changed. */
  private notifyWatchers(space: string, name: string, except: string | undefined): void {
    forEachId(this.watchers.get(space, name), (watcher) => {
      if (watcher === except) return;
      const state = this.stateOf(watcher);
      this.dirty.add(state);
      state.kept?.changed.push(space, name);
    });
  }

  /**
   * Rebuilds every dirty node (and what depends on it) and returns what changed. `bigMayWait`: a
   * log's first read, where a big node that only grew may wait (WAIT_GROWTH); without it, every
   * node that waited is rebuilt too.
   */
  flush(bigMayWait = false): LineageDelta {
    const flushNo = ++this.flushNo;
    if (!bigMayWait && this.waiting.size > 0) {
      for (const state of this.waiting) this.dirty.add(state);
      this.waiting.clear();
    }
    // In rounds: take the dirty set and start a new one for what the rebuilds mark. Taking one id
    // at a time off the front of a Set is quadratic-ish on a big first read (the iterator walks
    // the holes deletions leave). Same order and same result as one id at a time.
    while (this.dirty.size > 0) {
      const round = this.dirty;
      this.dirty = new Set();
      let big: NodeState<M>[] | undefined;
      for (const queued of round) {
        // Forgotten since it was queued (it had nothing left): whatever holds its id now.
        const state = queued.dropped ? this.stateOf(queued.id) : queued;
        if (bigMayWait && this.mayWait(state)) this.waiting.add(state);
        else if (round.size > 1 && state.hasMoreMembersThan(BIG_NODE_MEMBERS)) (big ??= []).push(state);
        else this.rebuildInFlush(state, flushNo);
      }
      if (big) for (const state of big) this.rebuildInFlush(state, flushNo);
    }
    const out = emptyLineageDelta();
    for (const [id, n] of this.pendingNodes) {
      if (n) out.upsertedNodes.push(n);
      else out.removedNodes.push(id);
    }
    for (const [id, e] of this.pendingEdges) {
      if (e) out.upsertedEdges.push(e);
      else out.removedEdges.push(id);
    }
    this.pendingNodes = new Map();
    this.pendingEdges = new Map();
    if (this.rebuiltAgain.size) this.rebuiltAgain = new Map();
    return out;
  }

  /** Whether a big node may wait for its rebuild: it grew, by less than WAIT_GROWTH (see flush). */
  private mayWait(state: NodeState<M>): boolean {
    if (!state.hasMoreMembersThan(BIG_NODE_MEMBERS)) return false;
    const built = this.builtMembers.get(state);
    const members = state.memberCount();
    return built !== undefined && members > built && members < built * WAIT_GROWTH;
  }

  /** Whether some node's rebuild waits (a flush without `bigMayWait` does it). */
  get hasWaiting(): boolean {
    return this.waiting.size > 0;
  }

  private rebuildInFlush(state: NodeState<M>, flushNo: number): void {
    // Marked again before its turn in this round: this rebuild covers that mark.
    if (this.dirty.size > 0) this.dirty.delete(state);
    if (state.flushNo !== flushNo) state.flushNo = flushNo;
    else {
      const again = (this.rebuiltAgain.get(state) ?? 0) + 1;
      this.rebuiltAgain.set(state, again);
      if (again >= MAX_REBUILDS_PER_FLUSH) return; // a dependency cycle: stop, never hang
    }
    this.rebuild(state);
  }

  private rebuild(state: NodeState<M>): void {
    this.builds++;
    const id = state.id;
    const members = this.lone;
    state.membersInto(members);
    if (members.length > BIG_NODE_MEMBERS) {
      this.builtMembers.set(state, members.length);
      if (this.waiting.size > 0) this.waiting.delete(state);
    }
    const result = members.length ? this.build(id, members, this.ctx) : null;
    members.length = 0;
    // A build reads no watcher: what the last one watched is replaced only now.
    this.rewatch(state);

    // The node itself.
    if (result?.node) this.upsertNode(result.node, result.node.id === id ? state : undefined);
    else this.removeNode(id);

    if (result?.extras.length || state.extras.length) this.updateExtras(state, result?.extras ?? NONE);
    if (result?.edges.length || state.edges) this.updateEdges(state, result?.edges ?? NONE);

    // Publications: notify readers when what we publish (or our signature) changed.
    const oldExists = state.exists;
    const oldPublishes = state.publishes;
    const newPublishes = result?.publishes ?? NONE;
    // Re-publishing the same keys would only reorder their publishers (which builders sort or
    // count: lookups have no order), at two index updates a key for jobs and artifacts.
    const samePublishes = sameKeys(oldPublishes, newPublishes);
    // Only the keys that came or went change the index (and, below, what others look up): a
    // cluster job publishes a key per expected artifact of every launch, tens of thousands.
    const changed = samePublishes ? NO_CHANGE : keyChanges(oldPublishes, newPublishes);
    for (const [space, name] of changed.removed) this.publishers.remove(space, name, id);
    for (const [space, name] of changed.added) this.publishers.add(space, name, id);
    state.publishes = newPublishes.length ? newPublishes : NONE;
    state.exists = result !== null;
    // Nobody reads what this node publishes (most nodes: tens of thousands of tool calls):
    // nothing to notify. A node that publishes nothing remembers nothing either: someone who
    // starts reading it later (its existence) is told on its next change, changed or not.
    const watched =
      ((oldExists || result !== null) && state.existenceWatchers !== undefined) ||
      this.anyWatched(oldPublishes) ||
      this.anyWatched(newPublishes);
    if (!watched) {
      // A node that publishes keys keeps its signature all the same (a few: jobs, artifacts): a
      // reader who starts looking it up later read it as it is now, and is not told of a change
      // that was none. (A cluster job that had just started to watch the artifacts its new
      // launches expect was otherwise rebuilt again, from all its launches, on every flush.)
      state.signature = result && newPublishes.length ? this.signatureOf(result) : undefined;
      this.dropIfEmpty(state);
      return;
    }
    // Dependents are told when the node stops or starts existing, its signature changes, or it
    // publishes other keys. `state.signature` is kept only while the node exists and is watched:
    // without one to compare with, they are told.
    const signature = result ? this.signatureOf(result) : undefined;
    const notify = (watcher: string) => {
      if (watcher !== id) this.markDirty(watcher);
    };
    if (signature === undefined || signature !== state.signature) {
      state.signature = signature;
      // In the order the published keys were once listed: existence first, then the others.
      if (oldExists) forEachId(state.existenceWatchers, notify);
      for (const [space, name] of oldPublishes) this.notifyWatchers(space, name, id);
      if (result) forEachId(state.existenceWatchers, notify);
      for (const [space, name] of newPublishes) this.notifyWatchers(space, name, id);
    } else if (!samePublishes) {
      // Same node, same signature, other keys: a lookup of a key it still publishes gives what it
      // gave, so only the readers of keys that came or went are told. (Telling every reader of
      // every key made a cluster job's artifacts rebuild whenever a launch expected a new one.)
      for (const [space, name] of changed.removed) this.notifyWatchers(space, name, id);
      for (const [space, name] of changed.added) this.notifyWatchers(space, name, id);
    }
    this.dropIfEmpty(state);
  }

  private anyWatched(keys: readonly Key[]): boolean {
    for (const [space, name] of keys) if (this.watchers.has(space, name)) return true;
    return false;
  }

  /** Extras, ref-counted by owner. */
  private updateExtras(state: NodeState<M>, extras: readonly LineageNode[]): void {
    const id = state.id;
    const newIds = extras.map((n) => n.id);
    for (const extra of extras) {
      const owners = this.extraOwners.get(extra.id);
      const next = withId(owners, id);
      if (next !== owners) this.extraOwners.set(extra.id, next);
      // An extra keeps a state too: it holds the node.
      this.upsertNode(extra, this.stateOf(extra.id));
    }
    // A set beyond a few: a cluster job can expect tens of thousands of missing artifacts.
    const kept = newIds.length > SMALL ? new Set(newIds) : null;
    for (const old of state.extras) {
      if (kept ? kept.has(old) : newIds.includes(old)) continue;
      const owners = withoutId(this.extraOwners.get(old), id);
      if (owners !== undefined) this.extraOwners.set(old, owners);
      else {
        this.extraOwners.delete(old);
        // The last owner let go: gone, unless it is also a node of its own.
        const state = this.stateGet(old);
        if (state && !state.hasMembers()) {
          this.removeNode(old);
          this.dropIfEmpty(state);
        }
      }
    }
    state.extras = newIds.length ? newIds : NONE;
  }

  /**
   * Edges, ref-counted by owner. An edge the node owned before is found by id in its own short
   * list, and looked up by the id string it was stored with (already hashed).
   */
  private updateEdges(state: NodeState<M>, edges: readonly LineageEdge[]): void {
    const owned = state.edges;
    const oldEdges = owned === undefined ? NONE : isEdgeList(owned) ? owned : [owned];
    const oldIds = idIndex(oldEdges);
    const kept = this.keptEdges;
    let n = 0;
    const keptIds = edges.length > SMALL ? new Set<string>() : null;
    for (const edge of edges) {
      // Listed twice in one build: one owner still.
      if (keptIds ? keptIds.has(edge.id) : indexOfId(kept, n, edge.id) >= 0) {
        const prev = this.edges.get(edge.id);
        if (!prev || !jsonEqual(prev, edge)) this.setEdge(edge);
        continue;
      }
      const old = findById(oldEdges, oldIds, edge.id);
      // Ours already: look it up by the stored id (a hashed map key), not the new string.
      const prev = this.edges.get(old ? old.id : edge.id);
      if (!old && prev) this.sharedEdges.set(edge.id, (this.sharedEdges.get(edge.id) ?? 1) + 1);
      if (prev && jsonEqual(prev, edge)) kept[n++] = old ?? edge;
      else {
        this.setEdge(edge);
        kept[n++] = edge;
      }
      keptIds?.add(edge.id);
    }
    for (const old of oldEdges) {
      if (keptIds ? keptIds.has(old.id) : indexOfId(kept, n, old.id) >= 0) continue;
      const owners = this.sharedEdges.get(old.id);
      if (owners === undefined) {
        if (this.edges.delete(old.id)) this.pendingEdges.set(old.id, null);
      } else if (owners > 2) this.sharedEdges.set(old.id, owners - 1);
      else this.sharedEdges.delete(old.id);
    }
    state.edges = n === 0 ? undefined : n === 1 ? kept[0] : kept.slice(0, n);
    kept.length = 0;
  }

  private setEdge(edge: LineageEdge): void {
    this.edges.set(edge.id, edge);
    this.pendingEdges.set(edge.id, edge);
  }

  /** Sets the node of `node.id` (on its state: `state`, when the caller has it). */
  private upsertNode(node: LineageNode, state = this.stateOf(node.id)): void {
    const id = node.id;
    const prev = state.node;
    if (prev && jsonEqual(prev, node)) return;
    if (!prev) {
      // Its first node (or again after a removal): last in node order, as Map.set would put it.
      this.withoutNode.delete(id);
      this.withNode.set(id, state);
    }
    state.node = node;
    this.pendingNodes.set(id, node);
  }

  private removeNode(id: string): void {
    if (this.extraOwners.has(id)) return; // still owned by someone as an extra
    const state = this.withNode.get(id);
    if (!state) return;
    this.withNode.delete(id);
    state.node = undefined;
    this.withoutNode.set(id, state);
    this.pendingNodes.set(id, null);
  }

  private stateGet(id: string): NodeState<M> | undefined {
    return this.withNode.get(id) ?? this.withoutNode.get(id);
  }

  /**
   * Records what the build just done looked up, in place of what the last one did. The same
   * lookups again (most rebuilds) only move this node to the end of each key's watchers — what
   * removing and adding it again did, and the order in which watchers are told of changes.
   */
  private rewatch(state: NodeState<M>): void {
    const id = state.id;
    const keys = this.watchedKeys;
    const oldKeys = state.watchedKeys;
    const kept = oldKeys ? prefixLength(oldKeys, keys) : 0;
    if (oldKeys && kept === oldKeys.length) {
      // The same lookups, maybe more after them (a cluster job's next launches expect more
      // artifacts): the same index as removing and adding them all, without emptying and
      // refilling tens of thousands of its entries on every rebuild.
      for (let i = 0; i < kept; i += 2) this.watchers.moveToEnd(keys[i]!, keys[i + 1]!, id);
      for (let i = kept; i < keys.length; i += 2) this.watchers.add(keys[i]!, keys[i + 1]!, id);
      if (kept < keys.length) state.watchedKeys = keys.slice();
    } else if (oldKeys || keys.length) {
      if (oldKeys)
        for (let i = 0; i < oldKeys.length; i += 2) this.watchers.remove(oldKeys[i]!, oldKeys[i + 1]!, id);
      for (let i = 0; i < keys.length; i += 2) this.watchers.add(keys[i]!, keys[i + 1]!, id);
      state.watchedKeys = keys.length ? keys.slice() : undefined;
    }
    keys.length = 0;

    // Kept keys: the same list again records only what was added to it since; another list (or
    // none) drops what the last one recorded first.
    const list = this.keptKeys;
    this.keptKeys = undefined;
    const oldList = state.kept;
    if (oldList && oldList !== list) {
      const old = oldList.keys;
      for (let i = 0; i < oldList.recorded; i += 2) this.watchers.remove(old[i]!, old[i + 1]!, id);
      oldList.recorded = 0;
    }
    if (list) {
      const kept = list.keys;
      for (let i = list.recorded; i < kept.length; i += 2) this.watchers.add(kept[i]!, kept[i + 1]!, id);
      list.recorded = kept.length;
    }
    if (list !== oldList) state.kept = list;

    const nodeIds = this.watchedNodes;
    const oldNodes = state.watchedNodes;
    if (oldNodes && sameStrings(oldNodes, nodeIds)) {
      for (const nodeId of nodeIds) {
        const watched = this.stateGet(nodeId)!;
        watched.existenceWatchers = movedToEnd(watched.existenceWatchers, id);
      }
    } else if (oldNodes || nodeIds.length) {
      if (oldNodes)
        for (const nodeId of oldNodes) {
          const watched = this.stateGet(nodeId);
          if (!watched) continue;
          watched.existenceWatchers = withoutId(watched.existenceWatchers, id);
          if (watched !== state) this.dropIfEmpty(watched);
        }
      for (const nodeId of nodeIds) {
        const watched = this.stateOf(nodeId);
        watched.existenceWatchers = withId(watched.existenceWatchers, id);
      }
      state.watchedNodes = nodeIds.length ? nodeIds.slice() : undefined;
    }
    nodeIds.length = 0;
  }

  private stateOf(id: string): NodeState<M> {
    let state = this.stateGet(id);
    if (!state) {
      state = new NodeState<M>(id);
      this.withoutNode.set(id, state);
    }
    return state;
  }

  /** Forgets a node that has nothing left (as the separate maps it replaces emptied themselves). */
  private dropIfEmpty(state: NodeState<M>): void {
    if (
      !state.hasMembers() &&
      state.node === undefined &&
      !state.exists &&
      state.publishes.length === 0 &&
      state.watchedKeys === undefined &&
      state.kept === undefined &&
      state.watchedNodes === undefined &&
      state.existenceWatchers === undefined &&
      state.extras.length === 0 &&
      state.edges === undefined &&
      !state.dropped &&
      !this.dirty.has(state)
    ) {
      this.withoutNode.delete(state.id);
      state.drop();
    }
  }
}

/** The nodes of the states that have one, as a read-only map (in the states' order). */
class NodesOf implements ReadonlyMap<string, LineageNode> {
  constructor(private readonly states: ReadonlyMap<string, { node: LineageNode | undefined }>) {}

  get size(): number {
    return this.states.size;
  }

  get(id: string): LineageNode | undefined {
    return this.states.get(id)?.node;
  }

  has(id: string): boolean {
    return this.states.has(id);
  }

  *values(): MapIterator<LineageNode> {
    for (const state of this.states.values()) yield state.node!;
  }

  keys(): MapIterator<string> {
    return this.states.keys();
  }

  *entries(): MapIterator<[string, LineageNode]> {
    for (const [id, state] of this.states) yield [id, state.node!];
  }

  [Symbol.iterator](): MapIterator<[string, LineageNode]> {
    return this.entries();
  }

  forEach(fn: (node: LineageNode, id: string, map: ReadonlyMap<string, LineageNode>) => void): void {
    for (const [id, state] of this.states) fn(state.node!, id, this);
  }
}

/** Up to this many edges a node's own list is searched in place; beyond, through a Map. */
const SMALL = 8;

function isEdgeList(edges: LineageEdge | readonly LineageEdge[]): edges is readonly LineageEdge[] {
  return Array.isArray(edges);
}

function idIndex(edges: readonly LineageEdge[]): Map<string, LineageEdge> | null {
  if (edges.length <= SMALL) return null;
  return new Map(edges.map((e) => [e.id, e]));
}

function findById(
  edges: readonly LineageEdge[],
  index: Map<string, LineageEdge> | null,
  id: string,
): LineageEdge | undefined {
  if (index) return index.get(id);
  for (const e of edges) if (e.id === id) return e;
  return undefined;
}

/** How many of `a`'s first strings `b` starts with. */
function prefixLength(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameKeys(a: readonly Key[], b: readonly Key[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]![0] !== b[i]![0] || a[i]![1] !== b[i]![1]) return false;
  return true;
}

interface KeyChanges {
  readonly added: readonly Key[];
  readonly removed: readonly Key[];
}

const NO_CHANGE: KeyChanges = { added: NONE, removed: NONE };

/**
 * The keys of `next` not in `prev` and those of `prev` not in `next`, in list order. A node that
 * gained members usually publishes what it did and more after it (a job's launches add expected
 * artifacts at the end): that case is a prefix compare.
 */
function keyChanges(prev: readonly Key[], next: readonly Key[]): KeyChanges {
  if (grewFrom(next, prev)) return { added: next.slice(prev.length), removed: NONE };
  let same = 0;
  while (
    same < prev.length &&
    same < next.length &&
    prev[same]![0] === next[same]![0] &&
    prev[same]![1] === next[same]![1]
  )
    same++;
  if (same === prev.length) return { added: next.slice(same), removed: NONE };
  const inPrev = new KeyIndex();
  const inNext = new KeyIndex();
  // Whole lists: a key may be listed twice (two expected paths that normalise to one).
  for (const [space, name] of prev) inPrev.add(space, name, '');
  for (const [space, name] of next) inNext.add(space, name, '');
  return {
    added: next.slice(same).filter(([space, name]) => !inPrev.has(space, name)),
    removed: prev.slice(same).filter(([space, name]) => !inNext.has(space, name)),
  };
}

function indexOfId(edges: readonly LineageEdge[], n: number, id: string): number {
  for (let i = 0; i < n; i++) if (edges[i]!.id === id) return i;
  return -1;
}

export function emptyLineageDelta(): LineageDelta {
  return { upsertedNodes: [], removedNodes: [], upsertedEdges: [], removedEdges: [] };
}
