/**
 * A small incremental graph engine: nodes are built from their member events by a pure
 * `build` function that may look up other nodes by key. Lookups are recorded as watches, so
 * when a node's publication changes, exactly the nodes that read it are rebuilt. This is what
 * makes appending one event cost work for that event (and its few dependents), not the session.
 *
 * Written by hand because no library does incremental derivation over an append-only event
 * stream with retractable contributions (corrections move events between nodes).
 */
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

export class ReactiveGraph {
  readonly nodes = new Map<string, LineageNode>();
  readonly edges = new Map<string, LineageEdge>();
  private readonly memberSets = new Map<string, Set<string>>();
  private readonly publishers = new Map<string, Set<string>>();
  private readonly nodePublishes = new Map<string, string[]>();
  private readonly watchers = new Map<string, Set<string>>();
  private readonly nodeWatches = new Map<string, string[]>();
  private readonly signatures = new Map<string, string>();
  private readonly ownedExtras = new Map<string, string[]>();
  private readonly extraOwners = new Map<string, Set<string>>();
  private readonly ownedEdges = new Map<string, string[]>();
  private readonly edgeOwners = new Map<string, Set<string>>();
  private readonly dirty = new Set<string>();
  /** Last state of every node and edge touched since the last flush (null = removed). */
  private pendingNodes = new Map<string, LineageNode | null>();
  private pendingEdges = new Map<string, LineageEdge | null>();

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
    for (const watcher of this.watchers.get(key) ?? EMPTY) this.dirty.add(watcher);
  }

  /** Rebuilds every dirty node (and what depends on it) and returns what changed. */
  flush(): LineageDelta {
    const rebuilds = new Map<string, number>();
    while (this.dirty.size > 0) {
      const [id] = this.dirty;
      this.dirty.delete(id!);
      const n = (rebuilds.get(id!) ?? 0) + 1;
      rebuilds.set(id!, n);
      if (n > MAX_REBUILDS_PER_FLUSH) continue; // a dependency cycle: stop, never hang
      this.rebuild(id!);
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
    const watched: string[] = [];
    const ctx: BuildContext = {
      lookup: (key) => {
        watched.push(key);
        return this.publishers.get(key) ?? EMPTY;
      },
      node: (nodeId) => this.nodes.get(nodeId),
      members: (nodeId) => this.memberSets.get(nodeId) ?? EMPTY,
    };
    const result = this.memberSets.has(id) ? this.build(id, ctx) : null;
    for (const key of watched) addTo(this.watchers, key, id);
    this.nodeWatches.set(id, watched);

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
      const owners = this.extraOwners.get(old);
      owners?.delete(id);
      if (!owners || owners.size === 0) {
        this.extraOwners.delete(old);
        if (!this.memberSets.has(old)) this.removeNode(old);
      }
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
      if (!prev || JSON.stringify(prev) !== JSON.stringify(edge)) {
        this.edges.set(edge.id, edge);
        this.pendingEdges.set(edge.id, edge);
      }
    }
    for (const old of oldEdgeIds) {
      if (newEdgeIds.includes(old)) continue;
      const owners = this.edgeOwners.get(old);
      owners?.delete(id);
      if (!owners || owners.size === 0) {
        this.edgeOwners.delete(old);
        if (this.edges.delete(old)) this.pendingEdges.set(old, null);
      }
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
    const signature = `${result?.signature ?? ''}|${newPublishes.join('\u0000')}`;
    if (signature !== this.signatures.get(id)) {
      if (result) this.signatures.set(id, signature);
      else this.signatures.delete(id);
      for (const key of new Set([...oldPublishes, ...newPublishes])) {
        for (const watcher of this.watchers.get(key) ?? EMPTY) if (watcher !== id) this.dirty.add(watcher);
      }
    }
  }

  private upsertNode(node: LineageNode): void {
    const prev = this.nodes.get(node.id);
    if (prev && JSON.stringify(prev) === JSON.stringify(node)) return;
    this.nodes.set(node.id, node);
    this.pendingNodes.set(node.id, node);
  }

  private removeNode(id: string): void {
    if (this.extraOwners.has(id)) return; // still owned by someone as an extra
    if (this.nodes.delete(id)) this.pendingNodes.set(id, null);
  }

  private unwatch(id: string): void {
    for (const key of this.nodeWatches.get(id) ?? []) removeFrom(this.watchers, key, id);
    this.nodeWatches.delete(id);
  }
}

const EMPTY: ReadonlySet<string> = new Set();

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

export function emptyLineageDelta(): LineageDelta {
  return { upsertedNodes: [], removedNodes: [], upsertedEdges: [], removedEdges: [] };
}
