/**
 * The live session store: follows every sciagent log under the roots (LogWatcher), parses
 * appended bytes in the worker pool, keeps one LiveSession per log, and pushes batched deltas.
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
import { ParsePool } from '../parse/parse-pool';
import type { ParseChunkResult } from '../../../src-shared/formats/sciagent/chunk-parser';
import { PROVENANCE_FILE } from '../sources/sciagent-home';
import { LIVE_WINDOW_MS, LiveSession } from './live-session';
import { defaultSessionListCacheFile, identityOf, SessionListCache } from './session-list-cache';
import { listItemFromEnds } from './session-list-cache-fallback';
import { prelistHome } from './session-list-cache-prelist';
import { isUnder } from '../fs/is-under';

const MAX_RAW_LINE_BYTES = 256 * 1024;
const LIST_THROTTLE_MS = 150;
/**
 * While a session is first read, its deltas go out at least this often, and sooner once they hold
 * LOADING_DELTA_ROWS events: building and serialising a delta is main-thread work proportional to
 * its size (~5 µs an event), and a 2 s delta of a big log once stalled serve for ~1 s. The page
 * redraws from them about once a second whatever their number (host-sync's LOADING_APPLY_MS).
 */
const LOADING_FLUSH_MS = 2000;
const LOADING_DELTA_ROWS = 2000;
/**
 * Main-thread work per turn of the event loop while applying parsed records (see applyParsed):
 * every other client, watcher and live session waits for at most about this long.
 */
const APPLY_BUDGET_MS = 5;
/**
 * Chunks of one log parsed or waiting to be applied before its tailer reads on (back-pressure):
 * enough to keep the parse worker busy while the main thread applies, without queueing a whole
 * 1 GB log (~850 MB of copies) in memory as the first read once did.
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
 * After an early listing (see prelist), the watcher's scan waits until a page has asked for the
 * list, or this long: on 2,000 sessions it keeps the event loop busy for ~1 s, and the page's own
 * files and list would queue behind it. Nothing is missed meanwhile (the scan reads what changed).
 */
const SCAN_WAIT_MAX_MS = 1000;

interface FileState {
  session: LiveSession;
  /** Bumped on reset: results of reads from before it are dropped. */
  epoch: number;
  needsReset: boolean;
  inflight: number;
  chain: Promise<void>;
  /** The last MAX_CHUNKS_IN_FLIGHT chunks' "applied" promises, oldest first (back-pressure). */
  window: Promise<void>[];
  /** Records applied per slice, adapted to APPLY_BUDGET_MS from the last slice's speed. */
  slice: number;
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
  private readonly dirty = new Set<string>();
  private readonly listDirty = new Set<string>();
  private flushScheduled = false;
  /** Deltas pushed so far: a slice of records waits a turn after one (see applyParsed). */
  private deltasSent = 0;
  private readonly lastFlush = new Map<string, number>();
  private loadingTimer: ReturnType<typeof setTimeout> | null = null;
  private listTimer: ReturnType<typeof setTimeout> | null = null;
  private liveTimer: ReturnType<typeof setInterval> | null = null;
  private readonly liveShown = new Map<string, boolean>();
  private readonly watcher: LogWatcher;
  private readonly pool: ParsePool;
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
  /** Starts the watcher's scan after an early listing (see SCAN_WAIT_MAX_MS). */
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
    this.pool = new ParsePool({
      size: options.poolSize,
      onFilesLost: (keys, reason) => {
        for (const key of keys) {
          const state = this.files.get(key);
          if (!state) continue;
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
      },
      {
        onFileAdded: (file) => this.addFile(file),
        onBytes: (file, bytes, from, size) => this.onBytes(file, bytes, from, size),
        onReset: (file, reason) => {
          const state = this.files.get(file);
          if (state) this.resetFile(file, state, reason);
        },
        onFileRemoved: (file) => {
          const state = this.files.get(file);
          if (!state) return;
          state.session.notice('file removed');
          this.markList(file);
        },
        onNotice: (message, file) => {
          const state = file ? this.files.get(file) : undefined;
          if (state) {
            state.session.notice(message);
            this.markList(file!);
          } else this.emit({ type: 'notice', message });
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
    this.listCache.load();
    this.initialScan = true;
    // A big or cached home is listed before the scan, which then confirms it (see prelist).
    const prelisted = this.prelist();
    // The scans wait, after an early listing, until a page has its list (see SCAN_WAIT_MAX_MS).
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

  /** Resolves when every file read so far has been parsed and applied. */
  async idle(): Promise<void> {
    await this.watcher.pollAll();
    await Promise.all([...this.files.values()].map((s) => s.chain));
    this.flush(true);
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
    this.rememberRows(this.list());
    await this.listCache.save();
    this.listeners.clear();
  }

  // ---------- SessionsService ----------

  list(): SessionListItem[] {
    // A page has its list: the scan may start once the reply is out (see SCAN_WAIT_MAX_MS).
    if (this.startScan) setImmediate(this.startScan);
    return [...this.files.values()]
      .map((s) => s.placeholder ?? s.session.listItem())
      .sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  /**
   * The whole session, encoded a slice at a time with the event loop free in between (a big
   * session took seconds in one go). It runs in the log's apply chain, so no chunk is applied
   * while it is encoded; the log is activated at once (before the first await).
   */
  async snapshot(key: string): Promise<SessionSnapshot> {
    const session = this.session(key);
    const state = this.files.get(key)!;
    const run = state.chain.then(() =>
      session.snapshotInSlices(() => new Promise((resolve) => setImmediate(resolve))),
    );
    state.chain = run.then(
      () => {},
      () => {},
    );
    const { snapshot, delta } = await run;
    // Pending changes folded into the snapshot still reach the other subscribers.
    if (delta) this.emit({ type: 'session.delta', delta });
    return snapshot;
  }

  async eventDetail(key: string, eventId: string): Promise<EventDetail> {
    const session = this.session(key);
    const view = session.locate(eventId);
    if (!view) throw new BridgeError('not-found', `no event ${eventId} in ${key}`);
    const raw = await readJsonAt(key, view.event.byteOffset, view.event.byteLength);
    let corrected = raw;
    const corrections = [];
    for (const c of view.corrections) {
      const correction = session.locate(c.correctionId);
      const body = correction
        ? ((await readJsonAt(key, correction.event.byteOffset, correction.event.byteLength)) as Record<
            string,
            unknown
          >)
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
      lineNo: view.event.lineNo,
      byteOffset: view.event.byteOffset,
      byteLength: view.event.byteLength,
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
    const row = state.placeholder ?? state.session.listItem();
    this.watcher.closeFile(key);
    this.pool.forget(key);
    state.epoch++; // reads in flight are dropped when they come back
    state.needsReset = true;
    state.window = [];
    state.session = newSession(key, state.session.sessionId);
    state.placeholder = { ...row, live: false, closed: true };
    this.dirty.delete(key);
    this.lastFlush.delete(key);
    this.markList(key);
    return state.placeholder;
  }

  async rawLine(key: string, byteOffset: number, byteLength: number): Promise<RawLine> {
    this.session(key);
    const length = Math.min(byteLength, MAX_RAW_LINE_BYTES);
    const bytes = await readBytesAt(key, byteOffset, length);
    const lineNo = this.session(key).lineNoAt(byteOffset);
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

  private session(key: string): LiveSession {
    const state = this.files.get(key);
    if (!state) throw new BridgeError('not-found', `no session ${key}`);
    if (state.placeholder || this.watcher.isDeferred(key)) this.activate(key, state);
    return state.session;
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
    const sessionId = state.session.sessionId;
    this.rowReads.push(
      this.rowRead(async () => {
        const item = await listItemFromEnds(file, sessionId, id);
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
    const session = newSession(file, sessionId);
    this.files.set(file, {
      session,
      epoch: 0,
      needsReset: false,
      inflight: 0,
      chain: Promise.resolve(),
      window: [],
      slice: 500,
      readTo: 0,
      sizeAtRead: 0,
      placeholder: null,
    });
    this.markList(file);
  }

  private resetFile(file: string, state: FileState, reason: string): void {
    state.epoch++;
    state.needsReset = true;
    state.session.reset(reason);
    this.dirty.add(file);
    this.markList(file);
    this.scheduleFlush();
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
    const epoch = state.epoch;
    const session = state.session;
    const reset = state.needsReset || fromOffset === 0;
    state.needsReset = false;
    state.inflight++;
    const fileBytes = Math.max(fileSize, fromOffset + bytes.length);
    state.readTo = fromOffset + bytes.length;
    state.sizeAtRead = fileSize;
    if (fromOffset === 0 && state.session.fileBytes < fileBytes) {
      // The row shows "0 of 850 MB" from the first chunk on, not only once it is applied.
      state.session.fileBytes = state.session.health.fileBytes = fileBytes;
      this.markList(file);
    }
    // pool.parse copies the bytes synchronously: the tailer may reuse its buffer after we return.
    const parsed = this.pool.parse({ fileKey: file, bytes, fromOffset, reset });
    state.chain = state.chain
      .then(() => parsed)
      .then(
        (result) => this.applyParsed(file, state, epoch, result, fileBytes),
        (error: Error) => {
          if (state.epoch === epoch) state.session.notice(`parse failed: ${error.message}`);
        },
      )
      .finally(() => {
        state.inflight--;
        // `session`, not state.session: a session closed meanwhile was replaced by an empty one,
        // which is not read yet.
        // Ready once every chunk is applied and the tailer had reached the end: with back-pressure
        // the next chunk is read only after earlier ones are applied, so "none in flight" alone
        // can happen mid-file.
        if (
          state.inflight === 0 &&
          state.readTo >= state.sizeAtRead &&
          session === state.session &&
          session.status === 'loading'
        ) {
          session.markReady();
          this.dirty.add(file);
          this.markList(file);
        }
        this.scheduleFlush();
      });
    state.window.push(state.chain);
    if (state.window.length > MAX_CHUNKS_IN_FLIGHT) return state.window.shift();
  }

  /**
   * Applies a chunk's records a slice at a time, yielding to the event loop in between: a 4 MiB
   * chunk of a big log is ~5k events (~80 ms of work), and while the worker is ahead the chunks
   * would otherwise be applied back to back in one long microtask run — the whole first read of
   * a 100k-event log once blocked every other client and watcher for ~1.7 s. A slice is as many
   * records as the last one applied in APPLY_BUDGET_MS (records cost more as the graph grows).
   */
  private async applyParsed(
    file: string,
    state: FileState,
    epoch: number,
    result: ParseChunkResult,
    fileBytes: number,
  ): Promise<void> {
    const { records } = result;
    // A big chunk's reply took a while to arrive (structured clone of thousands of records):
    // its first slice starts in a turn of its own. A live append's few records apply at once.
    if (records.length > state.slice) await new Promise((resolve) => setImmediate(resolve));
    for (let from = 0, first = true; first || from < records.length; first = false) {
      if (!first) {
        this.scheduleFlush();
        const sent = this.deltasSent;
        await new Promise((resolve) => setImmediate(resolve));
        // The flush ran in the same turn, queued first: when it built and sent a delta, the next
        // slice waits for the next turn rather than adding its own work to that one (issue 8:
        // no event-loop block > 50 ms while a big log is opened).
        if (this.deltasSent !== sent) await new Promise((resolve) => setImmediate(resolve));
      }
      if (state.epoch !== epoch) return; // read before a reset: stale
      const size = state.slice;
      const last = from + size >= records.length;
      // Only the last slice moves the committed offset: the bytes before it are not all applied yet.
      const committed = last ? result.committedOffset : state.session.health.bytesRead;
      const t0 = performance.now();
      state.session.apply(last && first ? records : records.slice(from, from + size), committed, fileBytes);
      const took = performance.now() - t0;
      const n = Math.min(size, records.length - from);
      // Grows at most 2× per slice: one cheap slice (a run of small records) must not make the next one long.
      if (n >= 32)
        state.slice = Math.max(
          64,
          Math.min(size * 2, 4000, Math.floor((n * APPLY_BUDGET_MS) / Math.max(took, 0.1))),
        );
      from += size;
      this.dirty.add(file);
      // The row (events, progress) moves even when nobody follows the session's deltas.
      this.markList(file);
    }
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  /** Pushes every session's pending delta; while a session is first read, at most every LOADING_FLUSH_MS. */
  private flush(force = false): void {
    const now = Date.now();
    let held = false;
    for (const key of [...this.dirty]) {
      const session = this.files.get(key)?.session;
      if (
        !force &&
        session?.status === 'loading' &&
        now - (this.lastFlush.get(key) ?? 0) < LOADING_FLUSH_MS &&
        session.pendingRows() < LOADING_DELTA_ROWS
      ) {
        held = true;
        continue;
      }
      this.dirty.delete(key);
      const delta = session?.takeDelta();
      if (delta) {
        this.lastFlush.set(key, now);
        this.deltasSent++;
        this.emit({ type: 'session.delta', delta });
        this.markList(key);
      }
    }
    if (held && !this.loadingTimer)
      this.loadingTimer = setTimeout(() => {
        this.loadingTimer = null;
        this.flush();
      }, LOADING_FLUSH_MS);
  }

  private markList(key: string): void {
    this.listDirty.add(key);
    if (this.listTimer) return;
    this.listTimer = setTimeout(() => {
      this.listTimer = null;
      const items = [...this.listDirty]
        .map((k) => {
          const state = this.files.get(k);
          return state?.placeholder ?? state?.session.listItem();
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
      const live = state.session.listItem().live;
      if (this.liveShown.get(key) !== live) this.markList(key);
    }
  }

  private emit(event: PushedEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

function newSession(file: string, sessionId: string): LiveSession {
  const sessionsDir = path.dirname(path.dirname(file));
  return new LiveSession(file, sessionId, (id) => existsSync(path.join(sessionsDir, id)));
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
  } catch {
    throw new BridgeError('not-found', `the event at byte ${offset} changed on disk; reload the session`);
  }
}
