/**
 * Watches roots (a sciagent home, or any folder or file the user opened) with chokidar and
 * keeps a FileTailer per matching log. Three ways a change reaches a tailer, because a single
 * one is not reliable (PERF-NOTES: chokidar coalesces and can drop the trailing event):
 *   1. chokidar `add`/`change` → poke (read to EOF);
 *   2. a short safety poll (fstat + read) of files that changed recently ("live");
 *   3. a periodic catch-up of every file, for events the OS dropped.
 * On ENOSPC/EMFILE (watch limits) it falls back to polling, once, and says so.
 * No `awaitWriteFinish`: it would hold events back for as long as a log keeps growing.
 *
 * A live log whose raw watch works is taken out of chokidar's hands while it stays live (handOff):
 * chokidar re-reads a folder (readdir + a stat of each entry) and stats the file on every append,
 * and with 50 sessions written at once that was about half of serve's main thread. The raw watch
 * and the safety poll follow the file meanwhile; chokidar watches its folder again once it is
 * quiet, or as soon as the raw watch is lost (the file renamed away or deleted).
 */
import { watch, type FSWatcher } from 'chokidar';
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isUnder } from '../fs/is-under';
import { FileTailer, type ResetReason } from './file-tailer';
import { findLogs } from './find-logs';
import { RawWatches } from './raw-watches';

/** Live logs with a raw fs.watch of their own (50 sessions written at once, with room to spare). */
const MAX_RAW_WATCHES = 256;
/**
 * A live log whose raw watch reported its last changes is polled this often rather than every
 * safety tick: the poll only backs the watch up (a dropped notification), and 50 logs written at
 * once stat-ed every 16 ms kept serve's main thread busy (~3,000 stats a second).
 */
const WATCHED_POLL_MS = 250;
/** A raw watch counts as working while it fired within this long. */
const RAW_TRUST_MS = 1000;
/** A folder that appears is listed again this long after (find-logs.ts: chokidar's gap). */
const NEW_FOLDER_RELIST_MS = 250;

export interface LogWatcherEvents {
  onFileAdded(file: string): void;
  /** See TailerEvents.onBytes: a returned promise holds the next read back until it settles. */
  onBytes(file: string, bytes: Uint8Array, fromOffset: number, fileSize: number): void | Promise<void>;
  onReset(file: string, reason: ResetReason): void;
  onFileRemoved(file: string): void;
  /** Something the user should be told (a read problem, a fallback to polling). */
  onNotice(message: string, file?: string): void;
}

export interface LogWatcherOptions {
  roots: string[];
  /** Which files are logs to follow (e.g. basename === 'provenance.jsonl'). */
  isLog(file: string): boolean;
  /** How long a file stays "live" after its last growth. */
  liveWindowMs?: number;
  safetyPollMs?: number;
  catchUpMs?: number;
  depth?: number;
  /**
   * A log found at start that need not be read yet (issue 8: a home of thousands of sessions lists
   * from a cache): its tailer waits until `activate(file)`, or until the file grows. `stats` are
   * chokidar's of the file when found (no second stat of 2,000 files).
   */
  deferRead?(file: string, stats: Stats | undefined): boolean;
  /**
   * How long a change to `file` may wait to be read together with the next ones (default 0: read
   * at once). The session store paces logs no page has open: their only reader is the sessions
   * list, which is sent every 150 ms, and reading each of 50 logs on every 10 ms append kept
   * serve's main thread and the workers busy for nothing.
   */
  readPaceMs?(file: string): number;
  /**
   * Whether start() waits until every log found was read to its end (default true). The session
   * store does not: a 1 GB log takes seconds to read, and the app should be up meanwhile.
   */
  awaitFirstRead?: boolean;
}

export class LogWatcher {
  private watcher: FSWatcher | null = null;
  private readonly tailers = new Map<string, FileTailer>();
  private readonly lastGrowth = new Map<string, number>();
  private readonly raw = new RawWatches(
    MAX_RAW_WATCHES,
    (file) => this.poke(file),
    (file) => this.handBack(file),
  );
  /** Paced logs' reads waiting for their time (see readPaceMs). */
  private readonly paced = new Map<string, ReturnType<typeof setTimeout>>();
  /** Live logs chokidar does not watch now, nor their folders (see handOff). */
  private readonly handedOff = new Set<string>();
  /** Live logs whose folder chokidar must keep watching (a root, or it holds other logs). */
  private readonly keptWatched = new Set<string>();
  /** When each live log was last polled by pollLive. */
  private readonly lastPolled = new Map<string, number>();
  /** Deferred logs (not read yet) and their size when found: a change of size activates them. */
  private readonly deferred = new Map<string, number | null>();
  /** Logs the user closed (also in `deferred`): read again only when opened. */
  private readonly closedFiles = new Set<string>();
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private polling = false;
  /** chokidar's first scan is done: a folder it reports from now on is new (see relistSoon). */
  private scanned = false;
  /** Ends start()'s wait for chokidar's `ready` (see startWatcher). */
  private unblockStart: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly options: LogWatcherOptions,
    private readonly events: LogWatcherEvents,
  ) {}

  /** Starts watching; resolves once the initial scan is done and every log was read once. */
  async start(): Promise<void> {
    await this.startWatcher(false);
    if (this.closed) return;
    this.scanned = true;
    // What appeared while chokidar scanned, in a folder it had listed but not yet watched.
    for (const root of this.options.roots) void this.relist(root, this.depth());
    // While a file is live, a stat every ~16 ms (a frame) finds an append before chokidar does
    // most of the time (PERF-NOTES: chokidar ~20 ms p50 / ~50 ms p95, a 16 ms poll ~8 / ~15 ms),
    // and catches the trailing event chokidar drops. A stat of an unchanged file costs ~30 µs.
    const safety = this.options.safetyPollMs ?? 16;
    const catchUp = this.options.catchUpMs ?? 2000;
    this.timers.push(setInterval(() => this.pollLive(), safety));
    this.timers.push(setInterval(() => this.pollAll(), catchUp));
    for (const t of this.timers) t.unref?.();
    const firstReads = this.pollAll();
    if (this.options.awaitFirstRead !== false) await firstReads;
  }

  /** Live logs chokidar does not watch now, their raw watch does (see handOff; tests read it). */
  handedOffFiles(): string[] {
    return [...this.handedOff].sort();
  }

  files(): string[] {
    return [...this.tailers.keys()].sort();
  }

  /** Reads every followed file to its end now (used by the catch-up timer and by tests). */
  async pollAll(): Promise<void> {
    await Promise.all(
      [...this.tailers].map(([file, t]) => (this.deferred.has(file) ? this.checkDeferred(file) : t.poke())),
    );
  }

  /** Starts reading a deferred log (it was opened, or it grew); no-op for one already read. */
  activate(file: string): void {
    this.closedFiles.delete(file);
    if (!this.deferred.delete(file)) return;
    void this.tailers.get(file)?.poke();
  }

  isDeferred(file: string): boolean {
    return this.deferred.has(file);
  }

  /** A deferred log whose size changed since it was found is growing: read it. */
  private async checkDeferred(file: string): Promise<void> {
    const size = await stat(file).then(
      (s) => s.size,
      () => null,
    );
    if (!this.deferred.has(file) || this.closedFiles.has(file)) return;
    const known = this.deferred.get(file);
    if (known === null) this.deferred.set(file, size);
    else if (size !== known) this.activate(file);
  }

  /** Re-read one file from its start (its parsed state was lost). */
  restart(file: string): void {
    void this.tailers.get(file)?.restart();
  }

  /** Follow one more root (a folder or file the user opened). */
  add(root: string): void {
    this.options.roots.push(root);
    this.watcher?.add(root);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unblockStart?.();
    this.raw.closeAll();
    for (const t of this.timers) clearInterval(t);
    for (const t of this.paced.values()) clearTimeout(t);
    this.paced.clear();
    for (const t of this.tailers.values()) t.dispose();
    this.tailers.clear();
    await this.watcher?.close();
    this.watcher = null;
  }

  private async startWatcher(usePolling: boolean): Promise<void> {
    if (this.closed) return; // closed before it started: nothing may outlive close()
    const watcher = watch(this.options.roots, {
      ignoreInitial: false,
      persistent: true,
      depth: this.depth(),
      usePolling,
      interval: 200,
      // The stats chokidar takes anyway come with `add` (deferRead decides on them).
      alwaysStat: true,
      // Never follow into node_modules-like noise or dot folders other than the home itself.
      ignored: (p, stats) => Boolean(stats?.isFile()) && !this.options.isLog(p),
    });
    this.watcher = watcher;
    watcher.on('add', (file, stats) => this.follow(file, stats));
    watcher.on('addDir', (folder) => this.relistSoon(folder));
    watcher.on('change', (file) => this.poke(file));
    watcher.on('unlink', (file) => this.unfollow(file));
    watcher.on('error', (error) => void this.onWatchError(error as NodeJS.ErrnoException));
    // A watcher closed before its scan ends never says `ready`: close() resolves this instead.
    await new Promise<void>((resolve) => {
      watcher.once('ready', () => resolve());
      this.unblockStart = resolve;
    });
    this.unblockStart = null;
  }

  private depth(): number {
    return this.options.depth ?? 4;
  }

  /** Follows the logs under `folder` that chokidar did not report (find-logs.ts). */
  private async relist(folder: string, levels: number): Promise<void> {
    await findLogs(folder, levels, this.options.isLog, (file) => {
      if (!this.tailers.has(file)) this.follow(file);
    });
  }

  /** A new folder (after the first scan) is listed again once chokidar surely watches it. */
  private relistSoon(folder: string): void {
    if (!this.scanned || this.closed) return;
    const root = this.options.roots.find((r) => isUnder(folder, r));
    if (root === undefined) return;
    const levels = this.depth() - path.relative(root, folder).split(path.sep).length;
    if (levels < 0) return;
    const timer = setTimeout(() => {
      if (!this.closed) void this.relist(folder, levels);
    }, NEW_FOLDER_RELIST_MS);
    timer.unref?.();
  }

  private async onWatchError(error: NodeJS.ErrnoException): Promise<void> {
    if ((error.code === 'ENOSPC' || error.code === 'EMFILE') && !this.polling && !this.closed) {
      this.polling = true;
      this.events.onNotice(
        `file watch limit reached (${error.code}); falling back to polling every 200 ms — raise fs.inotify.max_user_watches to watch natively`,
      );
      await this.watcher?.close();
      // The new watcher watches everything under the roots again.
      this.handedOff.clear();
      await this.startWatcher(true);
      return;
    }
    this.events.onNotice(`watcher: ${error.message}`);
  }

  private follow(file: string, stats?: Stats): void {
    if (!this.options.isLog(file) || this.tailers.has(file) || this.closed) return;
    const tailer = this.newTailer(file);
    this.tailers.set(file, tailer);
    this.events.onFileAdded(file);
    if (this.options.deferRead?.(file, stats)) {
      this.deferred.set(file, stats?.size ?? null);
      if (!stats) void this.checkDeferred(file);
    } else void tailer.poke();
  }

  /**
   * Stops reading a log the user closed: its tailer is dropped (a new one starts from byte 0) and
   * it waits, like a deferred log, until `activate` — but growing does not wake it: closed means
   * the user let go of it, live or not.
   */
  closeFile(file: string): void {
    const old = this.tailers.get(file);
    if (!old) return;
    old.dispose();
    this.tailers.set(file, this.newTailer(file));
    this.lastGrowth.delete(file);
    this.lastPolled.delete(file);
    this.raw.drop(file);
    this.deferred.set(file, null);
    this.closedFiles.add(file);
  }

  private newTailer(file: string): FileTailer {
    return new FileTailer(file, {
      onBytes: (bytes, from, size) => {
        this.lastGrowth.set(file, Date.now());
        if (!this.closed) this.raw.ensure(file);
        return this.events.onBytes(file, bytes, from, size);
      },
      onReset: (reason) => {
        this.events.onNotice(`${file} was ${reason}; reading it again from the start`, file);
        this.events.onReset(file, reason);
      },
      onProblem: (message) => this.events.onNotice(message, file),
    });
  }

  /** A change to `file` was reported: read it now, or with the next ones (readPaceMs). */
  private poke(file: string): void {
    const pace = this.options.readPaceMs?.(file) ?? 0;
    if (pace <= 0) return this.pokeNow(file);
    if (this.paced.has(file) || this.closed) return;
    const timer = setTimeout(() => {
      this.paced.delete(file);
      this.pokeNow(file);
    }, pace);
    timer.unref?.();
    this.paced.set(file, timer);
  }

  private pokeNow(file: string): void {
    const tailer = this.tailers.get(file);
    if (this.closedFiles.has(file)) return;
    if (tailer && this.deferred.has(file)) this.activate(file);
    else if (tailer) void tailer.poke();
    else this.follow(file);
  }

  private unfollow(file: string): void {
    const tailer = this.tailers.get(file);
    if (!tailer) return;
    tailer.dispose();
    this.tailers.delete(file);
    this.lastGrowth.delete(file);
    this.lastPolled.delete(file);
    this.raw.drop(file);
    clearTimeout(this.paced.get(file));
    this.paced.delete(file);
    this.keptWatched.delete(file);
    this.deferred.delete(file);
    this.closedFiles.delete(file);
    this.events.onFileRemoved(file);
  }

  private pollLive(): void {
    const window = this.options.liveWindowMs ?? 10_000;
    const now = Date.now();
    for (const [file, at] of this.lastGrowth) {
      if (now - at > window) {
        this.tailers.get(file)?.release(); // quiet: its file need not stay open
        continue;
      }
      const watched = this.raw.firedWithin(file, RAW_TRUST_MS);
      if (watched) this.handOff(file);
      const since = now - (this.lastPolled.get(file) ?? 0);
      if (watched && since < WATCHED_POLL_MS) continue;
      if (since < (this.options.readPaceMs?.(file) ?? 0)) continue;
      this.lastPolled.set(file, now);
      void this.tailers.get(file)?.poke();
    }
    this.raw.keep((file) => now - (this.lastGrowth.get(file) ?? 0) <= window);
  }

  /**
   * Stops chokidar watching a live log and its folder: the raw watch (which just proved it works)
   * and the poll cover the file. Only a folder that holds no other followed log and is not a root
   * is let go; a new log appearing in it meanwhile is found when it is watched again (a sciagent
   * session folder holds one log: child sessions are folders of their own).
   */
  private handOff(file: string): void {
    if (!this.watcher || this.closed || this.handedOff.has(file) || this.keptWatched.has(file)) return;
    const dir = path.dirname(file);
    const inside = dir + path.sep;
    const shared =
      this.options.roots.some((root) => isUnder(root, dir)) ||
      [...this.tailers.keys()].some((other) => other !== file && other.startsWith(inside));
    if (shared) {
      this.keptWatched.add(file); // asked again on every safety tick otherwise
      return;
    }
    this.watcher.unwatch([dir, file]);
    this.handedOff.add(file);
  }

  /** Chokidar watches a handed-off log and its folder again (it went quiet, or its watch was lost). */
  private handBack(file: string): void {
    if (!this.handedOff.delete(file) || !this.watcher || this.closed) return;
    this.watcher.add([path.dirname(file), file]);
    // Deleted while chokidar was not watching: chokidar has nothing to say `unlink` about.
    void stat(file).catch(() => this.unfollow(file));
  }
}
