/**
 * Gives a session worker's young generation back to the system once the worker is quiet.
 *
 * A session worker runs with 32 MB semi-spaces (session-pool.ts, YOUNG_GENERATION_MB: a first
 * read is much faster with them). A big read or snapshot grows the new space to its 64 MB and V8
 * keeps all of it committed afterwards — 60 MB of the process's resident memory that an open,
 * quiet or live session never uses again (measured: 850k-event log read in process, new space
 * 60.8 MB resident of its 64 MB after a full GC, and still so 30 s later).
 *
 * V8 shrinks the new space at a garbage collection when the allocation rate over its last ~5 s
 * has been low; a quiet worker makes no collections, so that moment never comes by itself. Here,
 * while the new space is big, every second in which the worker did little work gets a minor GC
 * (a scavenge of a nearly empty new space: well under a millisecond); after ~6 quiet seconds V8
 * sees the low rate and shrinks it to 1 MB (it grows again as soon as work needs it). Measured in
 * a plain Node process: 64 MB → 1 MB of new space, RSS −63 MB, 6–7 s after the work stopped.
 *
 * Node gives `gc` only to a process started with --expose-gc (V8 flags cannot be given to one
 * worker); it is had later by turning the flag on, making a context (which gets the `gc`
 * function) and turning the flag off again — what the `expose-gc` package does, in three lines.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How often a quiet worker is looked at. */
const TICK_MS = 1000;
/** A second with less work than this is quiet (a live log's appends: a few ms a second). */
const QUIET_WORK_MS = 100;
/** A new space at most this big is left alone (V8 starts a worker's at 1 MB). */
const SMALL_NEW_SPACE_BYTES = 8 * 1024 * 1024;

type MinorGc = () => void;

/** The new space's memory in use (committed and touched), bytes. */
export function newSpaceBytes(): number {
  for (const space of getHeapSpaceStatistics())
    if (space.space_name === 'new_space') return space.physical_space_size;
  return 0;
}

/** A scavenge of the new space on demand (null: this V8 would not give `gc`). */
function minorGc(): MinorGc | null {
  type Gc = (options?: { type: 'minor' | 'major'; execution: 'sync' | 'async' }) => void;
  let gc = (globalThis as { gc?: Gc }).gc;
  if (!gc) {
    try {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as Gc | undefined;
    } catch {
      gc = undefined;
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  }
  if (typeof gc !== 'function') return null;
  const collect = gc;
  return () => collect({ type: 'minor', execution: 'sync' });
}

export class YoungGenerationRelease {
  private workMs = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly collect = minorGc();

  /** After each piece of work (a batch of jobs): how long it took. */
  noteWork(ms: number): void {
    this.workMs += ms;
    if (this.timer || !this.collect || newSpaceBytes() <= SMALL_NEW_SPACE_BYTES) return;
    this.timer = setInterval(() => this.tick(), TICK_MS);
    // Never what keeps the thread alive.
    this.timer.unref?.();
  }

  private tick(): void {
    const worked = this.workMs;
    this.workMs = 0;
    if (newSpaceBytes() <= SMALL_NEW_SPACE_BYTES) {
      clearInterval(this.timer!);
      this.timer = null;
      return;
    }
    if (worked < QUIET_WORK_MS) this.collect!();
  }
}
