/**
 * The documents under the roots (TreeTrace bundles, change ledgers, step traces): found at
 * start, re-scanned when files appear, and given a new revision whenever one of their files
 * changes — TreeTrace rewrites whole files at the end of a run, a ledger grows — so open views
 * reload. Pushes `documents.changed`.
 */
import { watch, type FSWatcher } from 'chokidar';
import { existsSync, type Stats } from 'node:fs';
import path from 'node:path';
import { BridgeError, type DocumentListItem, type PushedEvent } from '../../../src-shared/bridge/contract';
import { isUnder } from '../fs/is-under';
import { findDocuments, type FoundDocument } from './find-documents';

const DEBOUNCE_MS = 150;
/** Never walked into: tooling folders. */
const IGNORED_DIRS = /(^|[/\\])(node_modules|\.git)([/\\]|$)/;
/**
 * A sciagent log is never a document (find-documents skips it), and a live one is appended to
 * every few milliseconds: watching it made each append look like an unknown file and re-walk every
 * root (2,000 session folders in a big home) while any session was live.
 */
const SESSION_LOG = 'provenance.jsonl';

/**
 * Sciagent session folders (those holding a provenance.jsonl) are the log watcher's. Watching one
 * here cost a folder re-read (readdir + stats) per append to its log — with 50 sessions written at
 * once, ~20% of serve's main thread. A document kept inside a session folder is still found by
 * the walk at start and on a rescan; it is not followed live. Only positives are remembered: a
 * folder just made may get its log a moment later.
 */
const sessionFolders = new Set<string>();

function ignoredByDocuments(p: string, stats?: Stats): boolean {
  if (IGNORED_DIRS.test(p) || path.basename(p) === SESSION_LOG) return true;
  if (stats && !stats.isDirectory()) return false;
  if (sessionFolders.has(p)) return true;
  if (!existsSync(path.join(p, SESSION_LOG))) return false;
  sessionFolders.add(p);
  return true;
}

export class DocumentIndex {
  private readonly docs = new Map<string, DocumentListItem>();
  private readonly listeners = new Set<(event: PushedEvent) => void>();
  private watcher: FSWatcher | null = null;
  private closed = false;
  private stopWaiting: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly touched = new Set<string>();
  private rescan = false;
  /** Walks of the roots after the first (tests read it: appends to session logs cause none). */
  rescans = 0;

  constructor(private readonly roots: string[]) {}

  /**
   * Watches, then walks: chokidar counts what it finds while it starts as initial (not reported),
   * so a document written after a walk passed its folder but before chokidar read it was found by
   * neither — walked first, a set copied in as serve started was sometimes never listed. Walked
   * once the watcher is ready, whatever is there by then is found by the walk and anything later
   * is reported (a change reported during the walk makes a rescan: onFsEvent).
   */
  async start(): Promise<void> {
    // Closed first (serve stopped while starting): a watcher made now would keep the process
    // alive with nobody to close it.
    if (this.closed) return;
    this.watcher = watch(this.roots, {
      ignoreInitial: true,
      depth: 6,
      ignored: ignoredByDocuments,
    });
    const onChange = (p: string) => this.onFsEvent(path.resolve(p));
    this.watcher.on('add', onChange).on('change', onChange).on('unlink', onChange).on('addDir', onChange);
    await new Promise<void>((resolve) => {
      this.watcher!.once('ready', () => resolve());
      this.stopWaiting = resolve; // closed before it was ready: chokidar never says so
    });
    this.stopWaiting = null;
    for (const root of this.roots) {
      // Closed meanwhile (serve stopped while starting): nothing more to find.
      if (this.closed) return;
      for (const d of await findDocuments(root)) this.put(d.key, d.kind, d.label, d.path);
    }
  }

  onEvent(listener: (event: PushedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The folders chokidar watches now (tests check which are left out). */
  watchedFolders(): string[] {
    return Object.keys(this.watcher?.getWatched() ?? {}).map((p) => path.resolve(p));
  }

  list(): DocumentListItem[] {
    return [...this.docs.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  get(key: string): DocumentListItem {
    const d = this.docs.get(key);
    if (!d) throw new BridgeError('not-found', `no document ${key}`);
    return d;
  }

  /** Adds what is at `target` (a document or a folder of them); only under the roots. */
  async open(target: string): Promise<DocumentListItem[]> {
    const abs = path.resolve(target);
    if (!this.roots.some((r) => isUnder(abs, r)))
      throw new BridgeError('forbidden-path', `${target} is not under a folder you opened`);
    // findDocuments classifies `abs` itself first; a set brings its members along.
    const found = await findDocuments(abs);
    if (found.length === 0)
      throw new BridgeError('not-found', `no TreeTrace bundle, change ledger or step trace at ${target}`);
    const items = found.map((d) => this.put(d.key, d.kind, d.label, d.path));
    this.emit({ type: 'documents.changed', items });
    return items;
  }

  addRoot(root: string): void {
    const abs = path.resolve(root);
    if (this.roots.includes(abs)) return;
    this.roots.push(abs);
    this.watcher?.add(abs);
    void findDocuments(abs).then((found) => {
      const items = found.map((d) => this.put(d.key, d.kind, d.label, d.path));
      if (items.length) this.emit({ type: 'documents.changed', items });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopWaiting?.();
    if (this.timer) clearTimeout(this.timer);
    await this.watcher?.close();
    this.listeners.clear();
  }

  private put(
    key: string,
    kind: DocumentListItem['kind'],
    label: string,
    at: string = key,
  ): DocumentListItem {
    const prev = this.docs.get(key);
    const item: DocumentListItem = {
      key,
      kind,
      label,
      path: at,
      revision: prev ? prev.revision + 1 : 1,
      updatedAt: new Date().toISOString(),
    };
    this.docs.set(key, item);
    return item;
  }

  private onFsEvent(p: string): void {
    if (ignoredByDocuments(p)) return;
    let owned = false;
    for (const key of this.docs.keys()) {
      const doc = this.docs.get(key)!;
      // A set member's key is not a path: its `path` is what it reads.
      const at = doc.path;
      const root = doc.kind === 'treetrace' && path.basename(at) === '.treetrace' ? path.dirname(at) : at;
      if (p === at || isUnder(p, root)) {
        this.touched.add(key);
        owned = true;
      }
    }
    // A rewritten index.json (TreeTrace --each) may list new members: look again.
    if (!owned || path.basename(p) === 'index.json') this.rescan = true;
    if (this.timer) return;
    // Debounced: TreeTrace rewrites several files at the end of a run, one reload is enough.
    this.timer = setTimeout(() => void this.flush(), DEBOUNCE_MS);
  }

  private async flush(): Promise<void> {
    this.timer = null;
    const items: DocumentListItem[] = [];
    for (const key of this.touched) {
      const doc = this.docs.get(key);
      if (doc) items.push(this.put(key, doc.kind, doc.label, doc.path));
    }
    this.touched.clear();
    const removed: string[] = [];
    if (this.rescan) {
      this.rescan = false;
      this.rescans++;
      for (const root of this.roots) {
        const found = await findDocuments(root);
        for (const d of found) {
          const prev = this.docs.get(d.key);
          // New, or renamed (a rewritten index.json gave a set member its session's title).
          if (!prev || prev.label !== d.label) items.push(this.put(d.key, d.kind, d.label, d.path));
        }
        removed.push(...this.dropNonMembers(found));
      }
    }
    // A document touched in this flush and dropped by its rescan (a bundle listed on its own, now a
    // member of the set whose index.json just appeared) is only removed: a page applies removals
    // before items, and kept a row of it.
    const gone = new Set(removed);
    const changed = gone.size ? items.filter((item) => !gone.has(item.key)) : items;
    if (changed.length || removed.length)
      this.emit({ type: 'documents.changed', items: changed, ...(removed.length ? { removed } : {}) });
  }

  /**
   * A set found now accounts for what is inside its folder: bundles listed on their own before
   * its index.json was written (TreeTrace --each writes the sessions first), or members the index
   * no longer lists, are dropped.
   */
  private dropNonMembers(found: FoundDocument[]): string[] {
    const members = new Map<string, Set<string>>();
    for (const d of found) {
      if (!d.setKey) continue;
      const keys = members.get(d.setKey) ?? new Set<string>();
      members.set(d.setKey, keys.add(d.key));
    }
    const removed: string[] = [];
    for (const [setKey, keys] of members)
      for (const [key, doc] of this.docs) {
        if (doc.kind !== 'treetrace' || key === setKey || keys.has(key)) continue;
        if (key.startsWith(`${setKey}#member=`) || isUnder(key, setKey)) {
          this.docs.delete(key);
          removed.push(key);
        }
      }
    return removed;
  }

  private emit(event: PushedEvent): void {
    for (const l of this.listeners) l(event);
  }
}
