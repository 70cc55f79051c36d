/**
 * A raw `fs.watch` (inotify on Linux) on each log growing now, besides chokidar and the safety
 * poll: it reports an append in under a millisecond, where chokidar takes ~20 ms p50 / ~50 ms p95
 * and the 16 ms poll ~8 / ~15 ms (PERF-NOTES) — most of the live budget of 50 ms p95. Only live
 * logs get one (capped), and a watch that fails is simply dropped: chokidar and the poll remain.
 */
import { watch, type FSWatcher } from 'node:fs';

export class RawWatches {
  private readonly watches = new Map<string, FSWatcher>();
  /** When each watch last reported something: a watch that never fires (NFS) proves nothing. */
  private readonly fired = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly onChange: (file: string) => void,
    /** A watch was dropped (file renamed away, quiet again, or closed). */
    private readonly onDrop: (file: string) => void = () => {},
  ) {}

  /** Watches `file` if it is not watched yet and the cap allows. */
  ensure(file: string): void {
    if (this.watches.has(file) || this.watches.size >= this.max) return;
    try {
      const watcher = watch(file, { persistent: false }, (eventType) => {
        // Renamed away or replaced: this watch follows the old inode. The next growth re-adds one.
        if (eventType === 'rename') this.drop(file);
        else this.fired.set(file, Date.now());
        this.onChange(file);
      });
      watcher.on('error', () => this.drop(file));
      this.watches.set(file, watcher);
    } catch {
      // Out of inotify watches, or the file just vanished: the poll and chokidar cover it.
    }
  }

  drop(file: string): void {
    const watcher = this.watches.get(file);
    if (!watcher) return;
    watcher.close();
    this.watches.delete(file);
    this.fired.delete(file);
    this.onDrop(file);
  }

  /** Whether `file`'s watch reported a change within the last `ms`: it works for this file. */
  firedWithin(file: string, ms: number): boolean {
    return Date.now() - (this.fired.get(file) ?? -Infinity) <= ms;
  }

  /** Drops the watches of files that are no longer live. */
  keep(isLive: (file: string) => boolean): void {
    for (const file of this.watches.keys()) if (!isLive(file)) this.drop(file);
  }

  closeAll(): void {
    for (const watcher of this.watches.values()) watcher.close();
    this.watches.clear();
    this.fired.clear();
  }
}
