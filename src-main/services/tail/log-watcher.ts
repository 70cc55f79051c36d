/**
 * Watches roots (a sciagent home, or any folder or file the user opened) with chokidar and
 * keeps a FileTailer per matching log. Three ways a change reaches a tailer, because a single
 * one is not reliable (PERF-NOTES: chokidar coalesces and can drop the trailing event):
 *   1. chokidar `add`/`change` → poke (read to EOF);
 *   2. a short safety poll (fstat + read) of files that changed recently ("live");
 *   3. a periodic catch-up of every file, for events the OS dropped.
 * On ENOSPC/EMFILE (watch limits) it falls back to polling, once, and says so.
 * No `awaitWriteFinish`: it would hold events back for as long as a log keeps growing.
 */
import { watch, type FSWatcher } from 'chokidar';
import { FileTailer, type ResetReason } from './file-tailer';

export interface LogWatcherEvents {
  onFileAdded(file: string): void;
  onBytes(file: string, bytes: Uint8Array, fromOffset: number): void;
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
}

export class LogWatcher {
  private watcher: FSWatcher | null = null;
  private readonly tailers = new Map<string, FileTailer>();
  private readonly lastGrowth = new Map<string, number>();
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private polling = false;
  private closed = false;

  constructor(
    private readonly options: LogWatcherOptions,
    private readonly events: LogWatcherEvents,
  ) {}

  /** Starts watching; resolves once the initial scan is done and every log was read once. */
  async start(): Promise<void> {
    await this.startWatcher(false);
    // While a file is live, a stat every ~16 ms (a frame) finds an append before chokidar does
    // most of the time (PERF-NOTES: chokidar ~20 ms p50 / ~50 ms p95, a 16 ms poll ~8 / ~15 ms),
    // and catches the trailing event chokidar drops. A stat of an unchanged file costs ~30 µs.
    const safety = this.options.safetyPollMs ?? 16;
    const catchUp = this.options.catchUpMs ?? 2000;
    this.timers.push(setInterval(() => this.pollLive(), safety));
    this.timers.push(setInterval(() => this.pollAll(), catchUp));
    for (const t of this.timers) t.unref?.();
    await Promise.all([...this.tailers.values()].map((t) => t.poke()));
  }

  files(): string[] {
    return [...this.tailers.keys()].sort();
  }

  /** Reads every followed file to its end now (used by the catch-up timer and by tests). */
  async pollAll(): Promise<void> {
    await Promise.all([...this.tailers.values()].map((t) => t.poke()));
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
    for (const t of this.timers) clearInterval(t);
    for (const t of this.tailers.values()) t.dispose();
    this.tailers.clear();
    await this.watcher?.close();
    this.watcher = null;
  }

  private async startWatcher(usePolling: boolean): Promise<void> {
    const watcher = watch(this.options.roots, {
      ignoreInitial: false,
      persistent: true,
      depth: this.options.depth ?? 4,
      usePolling,
      interval: 200,
      // Never follow into node_modules-like noise or dot folders other than the home itself.
      ignored: (p, stats) => Boolean(stats?.isFile()) && !this.options.isLog(p),
    });
    this.watcher = watcher;
    watcher.on('add', (file) => this.follow(file));
    watcher.on('change', (file) => this.poke(file));
    watcher.on('unlink', (file) => this.unfollow(file));
    watcher.on('error', (error) => void this.onWatchError(error as NodeJS.ErrnoException));
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  }

  private async onWatchError(error: NodeJS.ErrnoException): Promise<void> {
    if ((error.code === 'ENOSPC' || error.code === 'EMFILE') && !this.polling && !this.closed) {
      this.polling = true;
      this.events.onNotice(
        `file watch limit reached (${error.code}); falling back to polling every 200 ms — raise fs.inotify.max_user_watches to watch natively`,
      );
      await this.watcher?.close();
      await this.startWatcher(true);
      return;
    }
    this.events.onNotice(`watcher: ${error.message}`);
  }

  private follow(file: string): void {
    if (!this.options.isLog(file) || this.tailers.has(file) || this.closed) return;
    const tailer = new FileTailer(file, {
      onBytes: (bytes, from) => {
        this.lastGrowth.set(file, Date.now());
        this.events.onBytes(file, bytes, from);
      },
      onReset: (reason) => {
        this.events.onNotice(`${file} was ${reason}; reading it again from the start`, file);
        this.events.onReset(file, reason);
      },
      onProblem: (message) => this.events.onNotice(message, file),
    });
    this.tailers.set(file, tailer);
    this.events.onFileAdded(file);
    void tailer.poke();
  }

  private poke(file: string): void {
    const tailer = this.tailers.get(file);
    if (tailer) void tailer.poke();
    else this.follow(file);
  }

  private unfollow(file: string): void {
    const tailer = this.tailers.get(file);
    if (!tailer) return;
    tailer.dispose();
    this.tailers.delete(file);
    this.lastGrowth.delete(file);
    this.events.onFileRemoved(file);
  }

  private pollLive(): void {
    const window = this.options.liveWindowMs ?? 10_000;
    const now = Date.now();
    for (const [file, at] of this.lastGrowth) {
      if (now - at > window) continue;
      void this.tailers.get(file)?.poke();
    }
  }
}
