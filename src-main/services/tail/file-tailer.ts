/**
 * Follows one growing file by byte offset: each `poke()` reads only the bytes appended since
 * the last read, to the end of the file (chokidar coalesces and drops trailing events, so every
 * notification reads to EOF). One read in flight at a time; a poke during a read sets a dirty
 * flag and the read loops once more. A file that shrinks (truncated) or whose inode changes
 * (replaced, e.g. rewritten by rename) is re-read from the start, and the owner is told why.
 *
 * The tailer hands out raw bytes; splitting and parsing belong to the consumer (which resets
 * its own state on `onReset`). The file is opened read-only and never written.
 */
import { fstatSync, readSync, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { describeFsError } from '../fs/describe-fs-error';

export type ResetReason = 'truncated' | 'replaced';

export interface TailerEvents {
  /**
   * Appended bytes starting at `fromOffset`; `fileSize` is the size the file had when this read
   * began (for progress). The buffer is reused after the call returns. A returned promise is
   * back-pressure: the next chunk is read only once it settles, so a consumer that is behind (the
   * first read of a 1 GB log) never has the whole file queued in memory.
   */
  onBytes(bytes: Uint8Array, fromOffset: number, fileSize: number): void | Promise<void>;
  /** The file must be read again from offset 0; the consumer drops what it derived. */
  onReset(reason: ResetReason): void;
  /** A read failed (permission, vanished file…); the tailer keeps trying on the next poke. */
  onProblem(message: string): void;
}

const CHUNK_BYTES = 4 * 1024 * 1024;
/**
 * How often a followed file's path is stat-ed to notice that it was replaced while the open file
 * keeps another name (a replaced file with no name left is noticed by the next fstat, nlink 0).
 * With 50 logs written at once, a 250 ms check was ~9% of serve's main thread.
 */
const PATH_CHECK_MS = 1000;
/** Files kept open between reads, all tailers together (well under a 1,024 descriptor limit). */
const MAX_KEPT_OPEN = 256;
let keptOpen = 0;
/** The read buffer of a log that only grows by appends (a big one is made for a first read). */
const SMALL_CHUNK_BYTES = 64 * 1024;
/**
 * A followed log's `fstat` and small reads are made synchronously on its open file: through the
 * thread pool, with 50 logs written every 10 ms and chokidar's own stats queued beside them, each
 * of the two waited 7–13 ms p50 / 40–70 ms p95 for its turn (issue 8), for a call that takes a few
 * microseconds on a local disk. A call slower than this marks the file system as one that may
 * block (NFS…): that log goes back to asynchronous calls.
 */
const SYNC_SLOW_MS = 2;

export class FileTailer {
  private offset = 0;
  private inode: number | null = null;
  private reading: Promise<void> | null = null;
  private dirty = false;
  private disposed = false;
  private lastProblem: string | null = null;
  /**
   * Made on the first read and sized to what is left (issue 8: a home of 2,000 logs once held
   * 2,000 × 4 MiB buffers, most for logs never read); a big one shrinks back once caught up.
   */
  private buffer: Uint8Array | null = null;
  /** The file, kept open between reads while followed (see readOnce); null when released. */
  private handle: FileHandle | null = null;
  private pathCheckedAt = 0;
  /** Whether fstat and small reads of the open file are made synchronously (see SYNC_SLOW_MS). */
  private syncIo = true;

  constructor(
    readonly path: string,
    private readonly events: TailerEvents,
  ) {}

  /** Bytes consumed so far. */
  get bytesRead(): number {
    return this.offset;
  }

  /** Something may have changed: read to the end. Resolves when the file is caught up. */
  poke(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.reading) {
      this.dirty = true;
      return this.reading;
    }
    this.reading = this.readLoop().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** Forget what was read (its consumer lost its state) and read the whole file again. */
  restart(): Promise<void> {
    this.offset = 0;
    this.inode = null;
    this.pathCheckedAt = 0;
    return this.poke();
  }

  dispose(): void {
    this.disposed = true;
    if (!this.reading) void this.closeHandle();
  }

  private async readLoop(): Promise<void> {
    do {
      this.dirty = false;
      await this.readOnce();
    } while (this.dirty && !this.disposed);
  }

  /**
   * Lets go of the open file between reads (the log went quiet); the next read opens it again.
   * Not while a read runs: that read still uses it.
   */
  release(): void {
    if (this.reading || !this.handle) return;
    void this.closeHandle();
  }

  /**
   * While a log is followed, its file stays open between reads: a poke is then an `fstat` and a
   * read, not stat + open + fstat + read + close — with 50 logs written every 10 ms those fs calls
   * queued up in libuv's thread pool and delayed every append. The path is stat-ed (a replaced
   * file is a new inode behind the same name) on the first read and at most every PATH_CHECK_MS.
   */
  private async readOnce(): Promise<void> {
    try {
      const now = Date.now();
      let info =
        this.handle && now - this.pathCheckedAt < PATH_CHECK_MS ? await this.fstat(this.handle) : null;
      // Renamed over or deleted: the open inode has no name left. Look at the path now.
      if (info && info.nlink === 0) info = null;
      if (!info) {
        info = await stat(this.path);
        this.pathCheckedAt = now;
        if (this.inode !== null && info.ino !== this.inode) {
          await this.closeHandle();
          this.reset('replaced');
        } else if (info.size < this.offset) this.reset('truncated');
        this.inode = info.ino;
        if (info.size === this.offset) return this.clearProblem();
        if (!this.handle) {
          this.handle = await open(this.path, 'r');
          keptOpen++;
          // Check the inode of what we opened: the file may have been swapped since the stat.
          const opened = await this.handle.stat();
          if (opened.ino !== this.inode) {
            this.reset('replaced');
            this.inode = opened.ino;
          }
        }
      } else {
        if (info.size < this.offset) this.reset('truncated');
        if (info.size === this.offset) return this.clearProblem();
      }
      const handle = this.handle;
      if (!handle || this.disposed) return;
      const want = Math.min(CHUNK_BYTES, Math.max(SMALL_CHUNK_BYTES, info.size - this.offset));
      if (
        !this.buffer ||
        this.buffer.length < want ||
        (want === SMALL_CHUNK_BYTES && this.buffer.length > want)
      )
        this.buffer = new Uint8Array(want);
      const buffer = this.buffer;
      for (;;) {
        if (this.disposed) return;
        const bytesRead = await this.readAt(handle, buffer);
        // Disposed while reading (the log was closed or removed): its owner wants nothing more.
        if (bytesRead === 0 || this.disposed) break;
        const from = this.offset;
        this.offset += bytesRead;
        const size = Math.max(info.size, this.offset);
        const wait = this.events.onBytes(buffer.subarray(0, bytesRead), from, size);
        if (wait) await wait;
        // Caught up with the size seen: no extra read to find the end. An append after the stat
        // is its own notification (or the safety poll's), which reads again.
        if (bytesRead < buffer.length && this.offset >= info.size) break;
      }
      this.clearProblem();
    } catch (error) {
      await this.closeHandle();
      const message = `${this.path}: ${describeFsError(error as NodeJS.ErrnoException)}`;
      // Say it once per distinct problem; a log that stays unreadable does not spam.
      if (message !== this.lastProblem) this.events.onProblem(message);
      this.lastProblem = message;
    } finally {
      // Past the cap (a folder of thousands of logs read at once), files are not kept open.
      if (this.disposed || keptOpen > MAX_KEPT_OPEN) await this.closeHandle();
    }
  }

  private fstat(handle: FileHandle): Stats | Promise<Stats> {
    if (!this.syncIo) return handle.stat();
    const t0 = performance.now();
    const info = fstatSync(handle.fd);
    if (performance.now() - t0 > SYNC_SLOW_MS) this.syncIo = false;
    return info;
  }

  /** Reads at the offset into the whole buffer; a small buffer (an append) synchronously. */
  private async readAt(handle: FileHandle, buffer: Uint8Array): Promise<number> {
    if (!this.syncIo || buffer.length > SMALL_CHUNK_BYTES)
      return (await handle.read(buffer, 0, buffer.length, this.offset)).bytesRead;
    const t0 = performance.now();
    const bytesRead = readSync(handle.fd, buffer, 0, buffer.length, this.offset);
    if (performance.now() - t0 > SYNC_SLOW_MS) this.syncIo = false;
    return bytesRead;
  }

  private async closeHandle(): Promise<void> {
    const handle = this.handle;
    if (!handle) return;
    this.handle = null;
    keptOpen--;
    await handle.close().catch(() => {});
  }

  private reset(reason: ResetReason): void {
    this.offset = 0;
    this.events.onReset(reason);
  }

  private clearProblem(): void {
    this.lastProblem = null;
  }
}
