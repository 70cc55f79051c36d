/**
 * A small incremental graph engine: nodes are built from their member events by a pure
 * `build` function that may look up other nodes by key. Lookups are recorded as watches, so
 * when a node's publication changes, exactly the nodes that read it are rebuilt. This is what
 * makes appending one event cost work for that event (and its few dependents), not the session.
 *
 * Written by hand because no library does incremental derivation over an append-only event
 * stream with retractable contributions (corrections move events between nodes).
 */
import { jsonEqual } from './json-equal';
import type { LineageDelta, LineageEdge, LineageNode } from './types';

export interface BuildContext {
  /** Node ids that publish `key` (recorded as a dependency of the node being built). */
  lookup(key: string): ReadonlySet<string>;
  node(id: string): LineageNode | undefined;
  members(id: string): ReadonlySet<string>;
}

export interface BuildResult {
  /** The node itself, or null when it has nothing to show (it may still publish keys). */
  node: LineageNode | null;
  /** Extra nodes this node owns (e.g. expected-but-missing artifacts); shared ones are ref-counted. */
  extras: LineageNode[];
  edges: LineageEdge[];
  publishes: string[];
  /** Changes when dependents must be rebuilt (e.g. existence, corrections). */
  signature: string;
}

export type NodeBuilder = (id: string, ctx: BuildContext) => BuildResult;

const MAX_REBUILDS_PER_FLUSH = 8;

/**
 * Key → ids. Almost every key has exactly one id (each node publishes `node:<id>`, each edge has
 * one owner), so a lone id is stored as the string itself and a Set only made for the second:
 * on a 100k-event session this saves ~100k Sets and a good part of the load time in GC.
 */
type MultiMap = Map<string, string | Set<string>>;

export class ReactiveGraph {
  readonly nodes = new Map<string, LineageNode>();
  readonly edges = new Map<string, LineageEdge>();
  private readonly memberSets = new Map<string, Set<string>>();
  private readonly publishers: MultiMap = new Map();
  private readonly nodePublishes = new Map<string, string[]>();
  private readonly watchers: MultiMap = new Map();
  private readonly nodeWatches = new Map<string, string[]>();
  private readonly signatures = new Map<string, string>();
  private readonly ownedExtras = new Map<string, string[]>();
  private readonly extraOwners: MultiMap = new Map();
  private readonly ownedEdges = new Map<string, string[]>();
  private readonly edgeOwners: MultiMap = new Map();
  private dirty = new Set<string>();
  /** Last state of every node and edge touched since the last flush (null = removed). */
  private pendingNodes = new Map<string, LineageNode | null>();
  private pendingEdges = new Map<string, LineageEdge | null>();
  /** Keys looked up by the node being built (one context for every build: no per-build closures). */
  private watched: string[] = [];
  private readonly ctx: BuildContext = {
    lookup: (key) => {
      this.watched.push(key);
      return asSet(this.publishers.get(key));
    },
    node: (nodeId) => this.nodes.get(nodeId),
    members: (nodeId) => this.memberSets.get(nodeId) ?? EMPTY,
  };

  constructor(private readonly build: NodeBuilder) {}

  addMember(nodeId: string, eventId: string): void {
    let set = this.memberSets.get(nodeId);
    if (!set) this.memberSets.set(nodeId, (set = new Set()));
    set.add(eventId);
    this.dirty.add(nodeId);
  }

  removeMember(nodeId: string, eventId: string): void {
    const set = this.memberSets.get(nodeId);
    if (!set) return;
    set.delete(eventId);
    if (set.size === 0) this.memberSets.delete(nodeId);
    this.dirty.add(nodeId);
  }

  markDirty(nodeId: string): void {
    this.dirty.add(nodeId);
  }

  /** Rebuilds every node that looked up `key` (for facts kept outside the graph). */
  touch(key: string): void {
    forEach(this.watchers.get(key), (watcher) => this.dirty.add(watcher));
  }

  /** Rebuilds every dirty node (and what depends on it) and returns what changed. */
  flush(): LineageDelta {
    const rebuilds = new Map<string, number>();
    // In rounds: take the dirty set and start a new one for what the rebuilds mark. Taking one id
    // at a time off the front of a Set is quadratic-ish on a big first read (the iterator walks
    // the holes deletions leave). Same order and same result as one id at a time.
    while (this.dirty.size > 0) {
      const round = this.dirty;
      this.dirty = new Set();
      for (const id of round) {
        // Marked again before its turn in this round: this rebuild covers that mark.
        this.dirty.delete(id);
        const n = (rebuilds.get(id) ?? 0) + 1;
        rebuilds.set(id, n);
        if (n > MAX_REBUILDS_PER_FLUSH) continue; // a dependency cycle: stop, never hang
        this.rebuild(id);
      }
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
    return out;
  }

  private rebuild(id: string): void {
    this.unwatch(id);
    this.watched = [];
    const result = this.memberSets.has(id) ? this.build(id, this.ctx) : null;
    const watched = this.watched;
    for (const key of watched) addTo(this.watchers, key, id);
    if (watched.length) this.nodeWatches.set(id, watched);

    // The node itself.
    if (result?.node) this.upsertNode(result.node);
    else this.removeNode(id);

    // Extras, ref-counted by owner.
    const newExtras = result?.extras ?? [];
    const oldExtraIds = this.ownedExtras.get(id) ?? [];
    const newExtraIds = newExtras.map((n) => n.id);
    for (const extra of newExtras) {
      addTo(this.extraOwners, extra.id, id);
      this.upsertNode(extra);
    }
    for (const old of oldExtraIds) {
      if (newExtraIds.includes(old)) continue;
      if (!removeFrom(this.extraOwners, old, id) && !this.memberSets.has(old)) this.removeNode(old);
    }
    if (newExtraIds.length) this.ownedExtras.set(id, newExtraIds);
    else this.ownedExtras.delete(id);

    // Edges, ref-counted by owner.
    const newEdges = result?.edges ?? [];
    const oldEdgeIds = this.ownedEdges.get(id) ?? [];
    const newEdgeIds = newEdges.map((e) => e.id);
    for (const edge of newEdges) {
      addTo(this.edgeOwners, edge.id, id);
      const prev = this.edges.get(edge.id);
      if (!prev || !jsonEqual(prev, edge)) {
        this.edges.set(edge.id, edge);
        this.pendingEdges.set(edge.id, edge);
      }
    }
    for (const old of oldEdgeIds) {
      if (newEdgeIds.includes(old)) continue;
      if (!removeFrom(this.edgeOwners, old, id) && this.edges.delete(old)) this.pendingEdges.set(old, null);
    }
    if (newEdgeIds.length) this.ownedEdges.set(id, newEdgeIds);
    else this.ownedEdges.delete(id);

    // Publications: notify readers when what we publish (or our signature) changed.
    const oldPublishes = this.nodePublishes.get(id) ?? [];
    const newPublishes = result?.publishes ?? [];
    for (const key of oldPublishes) removeFrom(this.publishers, key, id);
    for (const key of newPublishes) addTo(this.publishers, key, id);
    if (newPublishes.length) this.nodePublishes.set(id, newPublishes);
    else this.nodePublishes.delete(id);
    // Nobody reads what this node publishes (most nodes: tens of thousands of tool calls):
    // nothing to notify and nothing to remember. Someone who starts reading later is notified on
    // the next change whether it changed or not (no signature to compare with): harmless.
    if (!oldPublishes.some((k) => this.watchers.has(k)) && !newPublishes.some((k) => this.watchers.has(k))) {
      this.signatures.delete(id);
      return;
    }
    const signature = `${result?.signature ?? ''}|${newPublishes.join('\u0000')}`;
    if (signature !== this.signatures.get(id)) {
      if (result) this.signatures.set(id, signature);
      else this.signatures.delete(id);
      const notify = (watcher: string) => {
        if (watcher !== id) this.dirty.add(watcher);
      };
      for (const key of oldPublishes) forEach(this.watchers.get(key), notify);
      for (const key of newPublishes) forEach(this.watchers.get(key), notify);
    }
  }

  private upsertNode(node: LineageNode): void {
    const prev = this.nodes.get(node.id);
    if (prev && jsonEqual(prev, node)) return;
    this.nodes.set(node.id, node);
    this.pendingNodes.set(node.id, node);
  }

  private removeNode(id: string): void {
    if (this.extraOwners.has(id)) return; // still owned by someone as an extra
    if (this.nodes.delete(id)) this.pendingNodes.set(id, null);
  }

  private unwatch(id: string): void {
    const keys = this.nodeWatches.get(id);
    if (!keys) return;
    for (const key of keys) removeFrom(this.watchers, key, id);
    this.nodeWatches.delete(id);
  }
}

const EMPTY: ReadonlySet<string> = new Set();

function asSet(value: string | Set<string> | undefined): ReadonlySet<string> {
  if (value === undefined) return EMPTY;
  return typeof value === 'string' ? new Set([value]) : value;
}

function forEach(value: string | Set<string> | undefined, fn: (id: string) => void): void {
  if (value === undefined) return;
  if (typeof value === 'string') fn(value);
  else for (const id of value) fn(id);
}

function addTo(map: MultiMap, key: string, value: string): void {
  const current = map.get(key);
  if (current === undefined) map.set(key, value);
  else if (typeof current === 'string') {
    if (current !== value) map.set(key, new Set([current, value]));
  } else current.add(value);
}

/** Removes `value` under `key`; returns whether any value is left there. */
function removeFrom(map: MultiMap, key: string, value: string): boolean {
  const current = map.get(key);
  if (current === undefined) return false;
  if (typeof current === 'string') {
    if (current !== value) return true;
    map.delete(key);
    return false;
  }
  current.delete(value);
  if (current.size === 1) map.set(key, current.values().next().value!);
  else if (current.size === 0) map.delete(key);
  return current.size > 0;
}

export function emptyLineageDelta(): LineageDelta {
  return { upsertedNodes: [], removedNodes: [], upsertedEdges: [], removedEdges: [] };
}
