/**
 * The live session store: follows every sciagent log under the roots (LogWatcher) and routes
 * appended bytes to the log's session in a worker (SessionPool: its index, lineage and deltas
 * live there), keeping only each log's list row here; pushes the deltas the workers hand back.
 * Implements the bridge's SessionsService; hosts (Electron IPC, the web host) only carry it.
 */
import { existsSync, statSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import {
  BridgeError,
  type EventDetail,
  type PushedEvent,
  type RawLine,
  type SessionListItem,
  type SessionSnapshot,
} from '../../../src-shared/bridge/contract';
import { LogWatcher } from '../tail/log-watcher';
import { DocumentIndex } from '../documents/document-index';
import { sharedBookmarkStore, type BookmarkStore } from '../bookmarks/bookmark-store';
import { SessionPool } from './session-pool';
import type { DeltaJson, OpOf, RowUpdate, SessionOpResults, WorkerMemory } from './session-worker-protocol';
import { encodedDelta } from '../encoded-json';
import { LOADING_FLUSH_MS } from './worker-sessions';
import { PROVENANCE_FILE } from '../sources/sciagent-home';
import { LIVE_WINDOW_MS } from './live-session';
import { emptyListItem } from './empty-list-item';
import { decodeSnapshotJson } from './decode-snapshot';
import { PartStream } from '../part-stream';
import { defaultSessionListCacheFile, identityOf, SessionListCache } from './session-list-cache';
import { listItemFromEnds } from './session-list-cache-fallback';
import { prelistHome } from './session-list-cache-prelist';
import { isUnder } from '../fs/is-under';

const MAX_RAW_LINE_BYTES = 256 * 1024;
const LIST_THROTTLE_MS = 150;
/**
 * A log no page has open is read at most this often while it grows (its appends are read
 * together): its row is all anyone sees of it, and rows go out every LIST_THROTTLE_MS.
 */
const UNFOLLOWED_READ_PACE_MS = 100;
/**
 * Chunks of one log handed to its worker and not yet applied there before its tailer reads on
 * (back-pressure): enough to keep the worker busy, without queueing a whole 1 GB log (~850 MB of
 * copies) in memory as the first read once did.
 */
const MAX_CHUNKS_IN_FLIGHT = 3;
/**
 * Logs found at start that are read in full although not opened, when the list cache does not
 * know them (a small home behaves as before); past this, rows come from the ends of the file.
 */
const EAGER_FILES = 64;
const EAGER_BYTES = 32 * 1024 * 1024;
/** Files whose ends are read at once for their list row. */
const ROW_READS_AT_ONCE = 16;
/**
 * After an early listing (see prelist), the watcher's scan waits this long, or until a session is
 * opened (an opened log is read once the scan finds it). On 2,000 sessions the scan keeps the
 * event loop busy and takes a core for ~1.5 s: the page's own files and list would queue behind
 * it, and a page drawing its first list wants both cores (spawn to a drawn sidebar, four pairs,
 * 1,194–1,248 ms against 1,257–1,450 with the scan started as soon as the page had its list).
 * Nothing is missed meanwhile (no log was live, and the scan reads what changed).
 */
const SCAN_WAIT_MAX_MS = 1000;
/** Events in a preview: a few screens of the timeline, ~60 KB of JSON. */
const PREVIEW_ROWS = 500;

interface FileState {
  sessionId: string;
  /** The session's list row as its worker last reported it (`live` is worked out here). */
  row: SessionListItem;
  lastGrowthAt: number;
  /** Bumped on reset: a read error from before it is not reported. */
  epoch: number;
  /** Bumped on close: answers about the session from before it are dropped. */
  generation: number;
  needsReset: boolean;
  inflight: number;
  /** The last op given for this log; the worker answers a log's ops in order. */
  chain: Promise<void>;
  /** The last MAX_CHUNKS_IN_FLIGHT chunks' "applied" promises, oldest first (back-pressure). */
  window: Promise<void>[];
  /** The first read's end was reported to the worker (`ready`). */
  readyAsked: boolean;
  /** A client took a snapshot: the session's deltas are gathered (see LiveSession.followed). */
  followed: boolean;
  /** The highest version of the log's session sent to clients (it carries over to the next session). */
  version: number;
  /** End of the last chunk handed to the parser, and the file's size when it was read. */
  readTo: number;
  sizeAtRead: number;
  /** The list row while the log is not read (deferred: from the list cache or the file's ends). */
  placeholder: SessionListItem | null;
}

export interface SessionStoreOptions {
  roots: string[];
  poolSize?: number;
  safetyPollMs?: number;
  /** The sessions-list cache file; default in the user-data folder, null for none. */
  listCacheFile?: string | null;
  /** How many logs (and bytes) not in the list cache are read in full at start; default 64 / 32 MiB. */
  eagerRead?: { files: number; bytes: number };
  /** The user's own bookmarks; default the process's one store in the user-data folder. */
  bookmarks?: BookmarkStore;
}

export class SessionStore {
  private readonly files = new Map<string, FileState>();
  private readonly listeners = new Set<(event: PushedEvent) => void>();
  private readonly listDirty = new Set<string>();
  /** Logs whose worker holds back a delta while the log is first read (see takeHeld). */
  private readonly held = new Set<string>();

  private loadingTimer: ReturnType<typeof setTimeout> | null = null;
  private listTimer: ReturnType<typeof setTimeout> | null = null;
  private liveTimer: ReturnType<typeof setInterval> | null = null;
  private readonly liveShown = new Map<string, boolean>();
  private readonly watcher: LogWatcher;
  private readonly pool: SessionPool;
  readonly roots: string[];
  /** TreeTrace bundles, change ledgers and step traces under the same roots. */
  readonly documents: DocumentIndex;
  /** The user's own bookmarks: a change is pushed to every client as `bookmarks.changed`. */
  readonly bookmarks: BookmarkStore;
  private readonly offBookmarks: () => void;
  private readonly explicitFiles = new Set<string>();
  private readonly listCache: SessionListCache;
  /** True while the watcher's first scan runs: only logs found then may wait to be read. */
  private initialScan = false;
  private readonly eager: { files: number; bytes: number };
  private readonly rowReads: Promise<void>[] = [];
  private rowReadSlots = ROW_READS_AT_ONCE;
  private readonly rowReadQueue: (() => void)[] = [];
  private starting: Promise<void> | null = null;
  private listed: Promise<void> | null = null;
  /** Logs listed from the cache before the watcher's scan found them (see prelist). */
  private readonly prelisted = new Set<string>();
  /** The early listing while it runs (close waits for it: the rows it makes are worth saving). */
  private prelisting: Promise<boolean> | null = null;
  /** Starts the watcher's scan after an early listing, before its wait is over (SCAN_WAIT_MAX_MS). */
  private startScan: (() => void) | null = null;
  private closing = false;

  constructor(options: SessionStoreOptions) {
    this.roots = options.roots.map((r) => path.resolve(r));
    this.bookmarks = options.bookmarks ?? sharedBookmarkStore();
    this.offBookmarks = this.bookmarks.onChange(() => this.emit({ type: 'bookmarks.changed' }));
    this.eager = { ...(options.eagerRead ?? { files: EAGER_FILES, bytes: EAGER_BYTES }) };
    this.listCache = new SessionListCache(
      options.listCacheFile === undefined ? defaultSessionListCacheFile() : options.listCacheFile,
    );
    this.documents = new DocumentIndex([...this.roots]);
    this.documents.onEvent((event) => this.emit(event));
    this.pool = new SessionPool({
      size: options.poolSize,
      onFilesLost: (keys, reason) => {
        for (const key of keys) {
          const state = this.files.get(key);
          if (!state) continue;
          // The session died with its worker: a new one there reads the log again from the start,
          // and is ready once that read is done.
          state.readyAsked = false;
          this.resetFile(key, state, `re-parsed (${reason})`);
          this.watcher.restart(key);
        }
      },
    });
    // Roots named directly are followed as logs whatever their name (added to by addRoot).
    const explicitFiles = this.explicitFiles;
    for (const r of this.roots) explicitFiles.add(r);
    this.watcher = new LogWatcher(
      {
        roots: [...this.roots],
        isLog: (f) => path.basename(f) === PROVENANCE_FILE || explicitFiles.has(path.resolve(f)),
        safetyPollMs: options.safetyPollMs,
        // Up at once: a big log is read in the background, its row showing the progress.
        awaitFirstRead: false,
        deferRead: (f, stats) => this.shouldDefer(f, stats),
        readPaceMs: (f) => (this.files.get(f)?.followed ? 0 : UNFOLLOWED_READ_PACE_MS),
      },
      {
        onFileAdded: (file) => this.addFile(file),
        onBytes: (file, bytes, from, size) => this.onBytes(file, bytes, from, size),
        onReset: (file, reason) => {
          const state = this.files.get(file);
          if (state) this.resetFile(file, state, reason);
        },
        onFileRemoved: (file) => this.notice(file, 'file removed'),
        onNotice: (message, file) => {
          if (file && this.files.has(file)) this.notice(file, message);
          else this.emit({ type: 'notice', message });
        },
      },
    );
  }

  /**
   * Scans the roots, lists what is there and starts following it. A host may serve pages while
   * this runs (a home of 2,000 sessions takes a second): `whenStarted` is what their list waits on.
   */
  start(): Promise<void> {
    this.starting ??= this.startOnce();
    return this.starting;
  }

  /** Resolves once start() is done (at once if it was never called); never rejects. */
  whenStarted(): Promise<void> {
    return this.starting ? this.starting.catch(() => {}) : Promise.resolve();
  }

  /**
   * Resolves once every log under the roots is listed (the documents' scan may still run: on a
   * home of 2,000 sessions it takes twice as long); at once if start() was never called.
   */
  whenListed(): Promise<void> {
    return this.listed ? this.listed.catch(() => {}) : this.whenStarted();
  }

  private async startOnce(): Promise<void> {
    // Every promise below is made now, not after the cache is read: `whenListed` needs `listed`
    // from the first moment (a page may connect at once), and `close` the prelisting.
    const loaded = this.listCache.load();
    this.initialScan = true;
    // A big or cached home is listed before the scan, which then confirms it (see prelist).
    const prelisted = loaded.then(() => this.prelist());
    this.prelisting = prelisted;
    // The scans wait, after an early listing, a while or until a session is opened (SCAN_WAIT_MAX_MS).
    const scanning = prelisted.then(async (early) => {
      if (early)
        await new Promise<void>((resolve) => {
          this.startScan = resolve;
          setTimeout(resolve, SCAN_WAIT_MAX_MS).unref?.();
        });
      this.startScan = null;
    });
    // Closed meanwhile (during the wait): no watcher may start after close().
    const listing = scanning.then(() => (this.closing ? undefined : this.listLogs()));
    this.listed = prelisted.then((early) => (early ? undefined : listing));
    // The documents' scan of the same roots runs beside the logs' (a home of 2,000 sessions: each
    // takes about a second of mostly waiting on the disk).
    const documents = scanning.then(() => (this.closing ? undefined : this.documents.start()));
    documents.catch(() => {}); // awaited below; not "unhandled" if the watcher fails first
    await listing;
    if (this.listCache.notice) this.emit({ type: 'notice', message: this.listCache.notice });
    await documents;
    if (this.closing) return;
    this.liveTimer = setInterval(() => this.refreshLiveFlags(), 1000);
    this.liveTimer.unref?.();
  }

  private async listLogs(): Promise<void> {
    try {
      await this.watcher.start();
    } finally {
      this.initialScan = false;
    }
    // Listed from the cache but gone before the scan: the row says so (as for a removed log).
    for (const file of this.prelisted) {
      const state = this.files.get(file);
      if (state?.placeholder) state.placeholder = { ...state.placeholder, notice: 'file removed' };
      this.markList(file);
    }
    this.prelisted.clear();
    await Promise.all(this.rowReads);
  }

  /**
   * Lists every log of a home from the sessions-list cache or the logs' ends before the watcher's
   * scan (session-list-cache-prelist): the first list need not wait for it (~1 s on 2,000
   * sessions). True if it did; otherwise nothing changed and the list waits for the scan.
   */
  private async prelist(): Promise<boolean> {
    const rows = await prelistHome(this.roots, this.listCache, {
      liveWindowMs: LIVE_WINDOW_MS,
      eager: this.eager,
    }).catch(() => null);
    if (!rows) return false;
    for (const { file, item } of rows) {
      this.addFile(file);
      const state = this.files.get(file);
      if (!state) continue;
      state.placeholder = item;
      this.prelisted.add(file);
      this.listDirty.delete(file); // the first list carries it: no need to push it as well
    }
    return true;
  }

  /** Resolves when every file read so far has been parsed and applied, and its deltas pushed. */
  async idle(): Promise<void> {
    await this.watcher.pollAll();
    // An answer may give rise to another op (the first read's end → `ready`): until none is new.
    for (;;) {
      const chains = [...this.files.values()].map((s) => s.chain);
      await Promise.all(chains);
      const now = [...this.files.values()].map((s) => s.chain);
      if (now.length === chains.length && now.every((c, i) => c === chains[i])) break;
    }
    await this.takeHeld();
  }

  /** Each session worker's heap (for `npm run bench`: the sessions' memory is there). */
  workerMemory(): Promise<WorkerMemory[]> {
    return this.pool.memory();
  }

  onEvent(listener: (event: PushedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closing = true;
    this.startScan?.();
    this.offBookmarks();
    if (this.liveTimer) clearInterval(this.liveTimer);
    if (this.listTimer) clearTimeout(this.listTimer);
    if (this.loadingTimer) clearTimeout(this.loadingTimer);
    await this.watcher.close();
    await this.documents.close();
    await this.pool.close();
    // Stopped while the roots are first listed: the rows read from the logs' ends go into the
    // cache too, so the next start need not read them again.
    await this.prelisting?.catch(() => false);
    this.rememberRows(this.list());
    await this.listCache.save();
    this.listeners.clear();
  }

  // ---------- SessionsService ----------

  list(): SessionListItem[] {
    return [...this.files.values()]
      .map((s) => s.placeholder ?? rowOf(s))
      .sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  /**
   * The whole session's JSON, written in its worker and passed on a part at a time as it is
   * written (part-stream.ts): no chunk of the log is applied meanwhile (the worker answers a log's
   * ops in order), so it is one consistent version. The log is activated at once. Whatever the
   * log gains after it goes out as deltas, which every subscriber gets.
   *
   * Each asker gets one of its own. One being made used to be shared (a page reloaded while a
   * 1.2M-event session's snapshot was made waited for one, not two), but a part is let go once it
   * is passed on: held whole for a second asker, a big one was ~200 MB of serve's memory at once.
   */
  snapshotJson(key: string): PartStream {
    const state = this.activeState(key);
    const generation = state.generation;
    state.followed = true;
    const stream = new PartStream();
    this.op(key, state, { op: 'snapshot', version: state.version }, (part) => stream.push(part)).then(
      (result) => {
        state.version = Math.max(state.version, result.version);
        // Pending changes folded into the snapshot still reach the other subscribers.
        if (state.generation === generation) this.takeUpdate(key, state, result);
        for (const part of result.json) stream.push(part);
        stream.end();
      },
      (error: Error) => stream.fail(error),
    );
    return stream;
  }

  /**
   * The newest events of a session and its row (SessionPreview) as JSON, made in its worker. A page
   * asks for it before a big session's snapshot: ops of a log are answered in order, so asked
   * after the snapshot it would wait for it.
   */
  async previewJson(key: string, rows = PREVIEW_ROWS): Promise<Uint8Array> {
    return this.op(key, this.activeState(key), { op: 'preview', rows });
  }

  /** The same, decoded (for callers in this process; clients get the JSON as it is). */
  async snapshot(key: string): Promise<SessionSnapshot> {
    return decodeSnapshotJson(await this.snapshotJson(key).whole());
  }

  async eventDetail(key: string, eventId: string): Promise<EventDetail> {
    const state = this.activeState(key);
    const located = await this.op(key, state, { op: 'locate', eventId });
    if (!located) throw new BridgeError('not-found', `no event ${eventId} in ${key}`);
    const { event } = located;
    const raw = await readJsonAt(key, event.byteOffset, event.byteLength);
    let corrected = raw;
    const corrections = [];
    for (const c of located.corrections) {
      const body = c.at
        ? ((await readJsonAt(key, c.at.byteOffset, c.at.byteLength)) as Record<string, unknown>)
        : null;
      const replacement = (body?.['replacement'] ?? {}) as Record<string, unknown>;
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const next = { ...(corrected as Record<string, unknown>) };
      for (const f of c.fields) {
        before[f] = next[f];
        after[f] = replacement[f];
        next[f] = replacement[f];
      }
      corrected = next;
      corrections.push({ correctionId: c.correctionId, reason: c.reason, fields: c.fields, before, after });
    }
    return {
      eventId,
      lineNo: event.lineNo,
      byteOffset: event.byteOffset,
      byteLength: event.byteLength,
      raw,
      corrected,
      corrections,
    };
  }

  /**
   * sessions.close: drops the session's index and lineage (an empty session takes its place, so
   * the memory is given back) and stops reading the log; its row stays as last read, marked
   * closed. Opening it again (a snapshot) reads it from the start, like a log never read.
   */
  closeSession(key: string): SessionListItem {
    const state = this.files.get(key);
    if (!state) throw new BridgeError('not-found', `no session ${key}`);
    const row = state.placeholder ?? rowOf(state);
    this.watcher.closeFile(key);
    // Answers about the old session still on their way are dropped (generation), and the worker
    // lets it go: the next read starts a new one there.
    state.chain = this.pool.call(key, state.sessionId, { op: 'forget' }).then(
      () => {},
      () => {},
    );
    state.epoch++;
    state.generation++;
    state.inflight = 0;
    state.needsReset = true;
    state.readyAsked = false;
    state.followed = false;
    state.window = [];
    state.row = initialRow(key, state.sessionId);
    state.lastGrowthAt = 0;
    state.placeholder = { ...row, live: false, closed: true };
    this.held.delete(key);
    this.markList(key);
    return state.placeholder;
  }

  async rawLine(key: string, byteOffset: number, byteLength: number): Promise<RawLine> {
    const state = this.activeState(key);
    const length = Math.min(byteLength, MAX_RAW_LINE_BYTES);
    const bytes = await readBytesAt(key, byteOffset, length);
    const lineNo = await this.op(key, state, { op: 'line-no', byteOffset });
    return { lineNo, byteOffset, text: new TextDecoder().decode(bytes), clipped: byteLength > length };
  }

  /** Follows one more folder or file; only paths under the roots the user opened are accepted. */
  async openPath(target: string): Promise<SessionListItem[]> {
    const abs = path.resolve(target);
    if (!this.roots.some((r) => isUnder(abs, r)))
      throw new BridgeError('forbidden-path', `${target} is not under a folder you opened`);
    if (!existsSync(abs)) throw new BridgeError('not-found', `${target} does not exist`);
    this.watcher.add(abs);
    await this.idle();
    return this.list().filter((s) => isUnder(s.key, abs));
  }

  /** Adds a root the user chose in the desktop app (a native dialog, not the renderer). */
  addRoot(root: string): void {
    const abs = path.resolve(root);
    if (!this.roots.includes(abs)) this.roots.push(abs);
    this.explicitFiles.add(abs);
    this.watcher.add(abs);
    this.documents.addRoot(abs);
  }

  // ---------- internals ----------

  /** The log's state, its reading started if it was only listed (it is being opened). */
  private activeState(key: string): FileState {
    const state = this.files.get(key);
    if (!state) throw new BridgeError('not-found', `no session ${key}`);
    // Listed early and opened before the scan: the scan finds the log, so it starts now.
    this.startScan?.();
    if (state.placeholder || this.watcher.isDeferred(key)) this.activate(key, state);
    return state;
  }

  /** Asks `op` of the log's session in its worker, after every op given before it. */
  private op<N extends 'snapshot' | 'preview' | 'locate' | 'line-no'>(
    key: string,
    state: FileState,
    op: OpOf<N>,
    onPart?: (bytes: Uint8Array) => void,
  ): Promise<SessionOpResults[N]> {
    const answer = this.pool.call<N>(key, state.sessionId, op, onPart);
    state.chain = answer.then(
      () => {},
      () => {},
    );
    return answer;
  }

  /** A row (and delta) a worker answered with: the delta goes out at once, in answer order. */
  private takeUpdate(key: string, state: FileState, update: RowUpdate & { delta?: DeltaJson | null }): void {
    state.row = update.item;
    state.lastGrowthAt = update.lastGrowthAt;
    if (update.delta) {
      state.version = Math.max(state.version, update.delta.version);
      // Passed on as the JSON its worker wrote: hosts write (or send) the bytes.
      this.emit({ type: 'session.delta', delta: encodedDelta(update.delta) });
    }
    if (update.held) {
      this.held.add(key);
      this.loadingTimer ??= setTimeout(() => {
        this.loadingTimer = null;
        void this.takeHeld();
      }, LOADING_FLUSH_MS);
    } else this.held.delete(key);
    this.markList(key);
  }

  /**
   * Asks the workers for the deltas they hold back while a log is first read (a log whose reads
   * stopped coming before its delta was due: at most LOADING_FLUSH_MS later).
   */
  private async takeHeld(): Promise<void> {
    const keys = [...this.held];
    this.held.clear();
    await Promise.all(keys.map((key) => this.ask(key, { op: 'take' })));
  }

  /** An op whose answer is a row update (and maybe a delta), applied when it comes back. */
  private ask(key: string, op: OpOf<'take' | 'ready' | 'notice' | 'reset'>): Promise<void> {
    const state = this.files.get(key);
    if (!state) return Promise.resolve();
    const generation = state.generation;
    const done = (
      this.pool.call(key, state.sessionId, op) as Promise<RowUpdate & { delta?: DeltaJson | null }>
    ).then(
      (update) => {
        if (state.generation === generation) this.takeUpdate(key, state, update);
      },
      () => {}, // the worker died: its logs are read again (onFilesLost)
    );
    state.chain = done;
    return done;
  }

  /** A note on the log's row (tail health). */
  private notice(key: string, message: string): void {
    void this.ask(key, { op: 'notice', message });
  }

  /** Starts reading a log that was listed without being read (it was opened, or it grew). */
  private activate(key: string, state: FileState): void {
    state.placeholder = null;
    this.watcher.activate(key);
    this.markList(key);
  }

  /**
   * Whether a log found at start may wait to be read: not when it is live (grew within the live
   * window) or named directly; yes when the list cache knows it as it is; otherwise only once the
   * eager budget (a small home is read whole, as before) is spent — its row then comes from the
   * ends of the file.
   */
  private shouldDefer(file: string, stats: Stats | undefined): boolean {
    const state = this.files.get(file);
    if (!this.initialScan || !state || this.explicitFiles.has(path.resolve(file))) return false;
    if (this.prelisted.delete(file)) {
      // Listed from the cache before the scan found it: opened meanwhile, it is read now; closed, it waits.
      if (!state.placeholder) return false;
      if (state.placeholder.closed) return true;
    }
    let id;
    try {
      id = identityOf(stats ?? statSync(file));
    } catch {
      return false;
    }
    if (Date.now() - id.mtimeMs < LIVE_WINDOW_MS) return false;
    const cached = this.listCache.lookup(file, id);
    if (cached) {
      state.placeholder = cached;
      return true;
    }
    if (this.eager.files > 0 && this.eager.bytes >= id.size) {
      this.eager.files--;
      this.eager.bytes -= id.size;
      return false;
    }
    const sessionId = state.sessionId;
    this.rowReads.push(
      this.rowRead(async () => {
        // Read once this call has returned and the watcher counts the log as deferred (the
        // read itself is synchronous, and a free slot runs the job at once).
        await new Promise((resolve) => setImmediate(resolve));
        const item = listItemFromEnds(file, sessionId, id);
        if (this.files.get(file) !== state || !this.watcher.isDeferred(file)) return;
        state.placeholder = item;
        this.listCache.put(file, item, id);
        this.markList(file);
      }).catch(() => {}),
    );
    return true;
  }

  /** Runs `job` when one of ROW_READS_AT_ONCE slots is free (2,000 files are not opened at once). */
  private async rowRead(job: () => Promise<void>): Promise<void> {
    if (this.rowReadSlots === 0) await new Promise<void>((resolve) => this.rowReadQueue.push(resolve));
    else this.rowReadSlots--;
    try {
      await job();
    } finally {
      const next = this.rowReadQueue.shift();
      if (next) next();
      else this.rowReadSlots++;
    }
  }

  private addFile(file: string): void {
    if (this.files.has(file)) return;
    const sessionId =
      path.basename(file) === PROVENANCE_FILE
        ? path.basename(path.dirname(file))
        : path.basename(file).replace(/\.[^.]*$/, '');
    this.files.set(file, {
      sessionId,
      row: initialRow(file, sessionId),
      lastGrowthAt: 0,
      epoch: 0,
      generation: 0,
      needsReset: false,
      inflight: 0,
      chain: Promise.resolve(),
      window: [],
      readyAsked: false,
      followed: false,
      version: 0,
      readTo: 0,
      sizeAtRead: 0,
      placeholder: null,
    });
    this.markList(file);
  }

  private resetFile(file: string, state: FileState, reason: string): void {
    state.epoch++;
    state.needsReset = true;
    void this.ask(file, { op: 'reset', reason, followed: state.followed, version: state.version });
  }

  private onBytes(
    file: string,
    bytes: Uint8Array,
    fromOffset: number,
    fileSize: number,
  ): Promise<void> | void {
    const state = this.files.get(file);
    if (!state) return;
    if (state.placeholder) {
      state.placeholder = null; // it grew: read in full now
      this.markList(file);
    }
    const { epoch, generation } = state;
    const reset = state.needsReset || fromOffset === 0;
    state.needsReset = false;
    state.inflight++;
    const fileBytes = Math.max(fileSize, fromOffset + bytes.length);
    state.readTo = fromOffset + bytes.length;
    state.sizeAtRead = fileSize;
    if (fromOffset === 0 && state.row.fileBytes < fileBytes) {
      // The row shows "0 of 850 MB" from the first chunk on, not only once it is applied.
      state.row = { ...state.row, fileBytes };
      this.markList(file);
    }
    // call() copies the bytes synchronously: the tailer may reuse its buffer after we return.
    const read = this.pool.call(file, state.sessionId, { op: 'read', bytes, fromOffset, reset, fileBytes });
    const applied = read
      .then(
        (result) => {
          if (state.generation === generation) this.takeUpdate(file, state, result);
        },
        (error: Error) => {
          if (state.epoch === epoch) this.notice(file, `parse failed: ${error.message}`);
        },
      )
      .finally(() => {
        if (state.generation !== generation) return; // closed meanwhile
        state.inflight--;
        // Ready once every chunk is applied and the tailer had reached the end: with back-pressure
        // the next chunk is read only after earlier ones are applied, so "none in flight" alone
        // can happen mid-file.
        if (state.inflight === 0 && state.readTo >= state.sizeAtRead && !state.readyAsked) {
          state.readyAsked = true;
          void this.ask(file, { op: 'ready' });
        }
      });
    state.chain = applied;
    state.window.push(applied);
    if (state.window.length > MAX_CHUNKS_IN_FLIGHT) return state.window.shift();
  }

  private markList(key: string): void {
    this.listDirty.add(key);
    if (this.listTimer) return;
    this.listTimer = setTimeout(() => {
      this.listTimer = null;
      const items = [...this.listDirty]
        .map((k) => {
          const state = this.files.get(k);
          return state && (state.placeholder ?? rowOf(state));
        })
        .filter((i): i is SessionListItem => Boolean(i));
      this.listDirty.clear();
      this.rememberRows(items);
      for (const item of items) this.liveShown.set(item.key, item.live);
      if (items.length) this.emit({ type: 'sessions.changed', items });
    }, LIST_THROTTLE_MS);
  }

  /** A log read to its end and not growing: its row is what the next start lists. */
  private rememberRows(items: SessionListItem[]): void {
    for (const item of items)
      if (!item.estimated && item.status === 'ready' && !item.live && item.bytesRead === item.fileBytes)
        // Closed is this run's state of the row, not the log's: the next start lists it as any other.
        this.listCache.put(item.key, item.closed ? { ...item, closed: undefined } : item);
  }

  private refreshLiveFlags(): void {
    for (const [key, state] of this.files) {
      const live = rowOf(state).live;
      if (this.liveShown.get(key) !== live) this.markList(key);
    }
  }

  private emit(event: PushedEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

/** A log's row before its worker has said anything about it. */
function initialRow(file: string, sessionId: string): SessionListItem {
  return emptyListItem(file, sessionId);
}

/** The row as the worker last reported it, live if the log grew within LIVE_WINDOW_MS. */
function rowOf(state: FileState): SessionListItem {
  const live = Date.now() - state.lastGrowthAt < LIVE_WINDOW_MS;
  return live === state.row.live ? state.row : { ...state.row, live };
}

async function readBytesAt(file: string, offset: number, length: number): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = new Uint8Array(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function readJsonAt(file: string, offset: number, length: number): Promise<unknown> {
  const text = new TextDecoder().decode(await readBytesAt(file, offset, length));
  try {
    return JSON.parse(text);
  } catch (error) {
    // The read took the line for an event by its structure (slim-scan.ts): either it changed on
    // disk since, or a value inside it is not JSON (a raw control character in a string).
    throw new BridgeError(
      'not-found',
      `the event at byte ${offset} does not parse now (${(error as Error).message}): the file changed on disk, or a value in the line is malformed; reload the session`,
    );
  }
}
