/**
 * A small pool of session workers. A log always goes to the same worker (its session lives
 * there), chosen by a hash of its key; ops of one log are handled in the order they are given.
 * A worker that crashes or misses its deadline is replaced, and every log it held is reported
 * lost so its owner reads it again from the start.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  RECYCLE_MIN_BYTES,
  type FromWorker,
  type OpOf,
  type SessionJob,
  type SessionOp,
  type SessionOpName,
  type SessionOpResults,
  type ToWorker,
  type WorkerMemory,
} from './session-worker-protocol';

/**
 * Size of a fresh read buffer (the tailer's chunk), and how many spare ones are kept: a log's
 * first read has at most 3 chunks out (session-store's back-pressure), and two logs may be read at
 * once. Spares are let go once no big read came for SPARE_KEEP_MS (memory given back on close).
 */
const SPARE_BYTES = 4 * 1024 * 1024;
const MAX_SPARE = 4;
const SPARE_KEEP_MS = 2000;
/**
 * A session worker's young generation: 96 MB gives V8 32 MB semi-spaces (the default is 16). A
 * 4 MiB chunk parses into ~10 MB of full bodies that die once slimmed; with 16 MB semi-spaces many
 * of them lived through two scavenges, were promoted and died in the old generation, where every
 * major GC marks the whole session. Measured on a cold read of the bench's 1.2M-event log
 * in-process: 17.1–17.8 → 12.6–13.4 s wall, 23–25 → 15–16.5 s of CPU (GC threads included).
 */
const YOUNG_GENERATION_MB = 96;
/**
 * A worker whose last session was forgotten (closed) is stopped after this long with nothing to
 * do, and started again when a log is given to its slot. Its memory goes with it: V8 keeps the
 * pages a closed big session used (850k events: serve's RSS ~570–670 MiB open, ~430–580 MiB right
 * after closing it, the worker kept; 173 MiB once it was stopped, 83 before the log appeared).
 */
const RETIRE_IDLE_MS = 5000;

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
  /** Parts of the answer sent ahead of it (a snapshot's JSON). */
  onPart?: (bytes: Uint8Array) => void;
}

interface Slot {
  /** Started when the slot is first given a job (a home listed from the cache needs none). */
  worker: Worker | null;
  pending: Map<number, Pending>;
  files: Set<string>;
  /** Jobs waiting for this turn of the event loop to end, and their buffers to transfer. */
  queue: SessionJob[];
  transfer: ArrayBuffer[];
  /** Deadline timers of the batches out, by batch id. */
  batches: Map<number, ReturnType<typeof setTimeout>>;
  memory: Map<number, (usage: WorkerMemory) => void>;
  /** Set while the worker holds no session and has nothing to do: it is stopped when it fires. */
  retireTimer: ReturnType<typeof setTimeout> | null;
}

export interface SessionPoolOptions {
  size?: number;
  jobTimeoutMs?: number;
  /**
   * A worker's heap limit. Sessions live in the workers, and a 1M-event session's index and
   * lineage take ~1.2 GB; a worker over its limit dies and its logs are read again — forever, if
   * the limit is below what one of them needs.
   */
  maxOldGenerationSizeMb?: number;
  /** Called with the logs whose session died with a worker: read them again from the start. */
  onFilesLost?(fileKeys: string[], reason: string): void;
  /** How long a worker holding no session is kept before it is stopped (RETIRE_IDLE_MS). */
  retireIdleMs?: number;
}

/** Built next to this bundle (out/main); from sources (tests) use the built copy. */
export function sessionWorkerPath(): string {
  const candidates = [
    new URL('./session-worker.js', import.meta.url),
    new URL('../../../out/main/session-worker.js', import.meta.url),
  ];
  for (const c of candidates) {
    const p = fileURLToPath(c);
    if (existsSync(p)) return p;
  }
  throw new Error('session worker not built: run `npm run build` first');
}

/**
 * Jobs go to a worker as one message per batch, and come back as one; a worker has at most one
 * batch out at a time, and what is given meanwhile waits to go as the next batch when its answer
 * is in (issue 8: 50 logs written every 10 ms arrive in separate turns of the event loop — a
 * message a turn was 5,000 messages a second, ~0.3 s a second of the main thread in postMessage).
 * An idle worker gets a job at the end of the turn it was given in, as before.
 */
export class SessionPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private nextBatch = 1;
  private nextMemory = 1;
  /** Messages posted to the workers with jobs (a figure for tests and profiles). */
  batchesSent = 0;
  private flushScheduled = false;
  private closed = false;
  /** Read buffers the workers sent back, for the next big reads. */
  private readonly spare: ArrayBuffer[] = [];
  private spareTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: SessionPoolOptions = {}) {
    // The main thread only routes bytes now: on 2 cores, two workers (their sessions apart) make
    // use of both while the main thread waits on I/O.
    const size = options.size ?? Math.max(1, Math.min(4, os.availableParallelism()));
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  get size(): number {
    return this.slots.length;
  }

  /** Replaces every worker as if it had crashed: its logs are reported lost (for tests). */
  crashForTest(): void {
    this.slots.forEach((_, index) => this.replace(index, 'worker stopped by a test'));
  }

  /** Read buffers waiting for reuse (for tests). */
  get spareBuffers(): number {
    return this.spare.length;
  }

  /**
   * Asks `op` of the log's session; `read` copies its bytes at once (the caller may reuse its
   * buffer). `onPart` is given the parts of a snapshot's JSON the worker sends ahead of its answer.
   */
  call<N extends SessionOpName>(
    fileKey: string,
    sessionId: string,
    op: OpOf<N>,
    onPart?: (bytes: Uint8Array) => void,
  ): Promise<SessionOpResults[N]> {
    if (this.closed) return Promise.reject(new Error('session pool closed'));
    const slot = this.slots[this.slotFor(fileKey)]!;
    if (slot.retireTimer) {
      clearTimeout(slot.retireTimer);
      slot.retireTimer = null;
    }
    if (op.op === 'forget') slot.files.delete(fileKey);
    else slot.files.add(fileKey);
    const id = this.nextId++;
    let sent: SessionOp = op;
    if (sent.op === 'read') {
      // Copy now into a buffer we own and transfer it with the batch: no structured-clone copy.
      const bytes = this.ownCopy(sent.bytes);
      sent = { ...sent, bytes };
      slot.transfer.push(bytes.buffer as ArrayBuffer);
    }
    slot.queue.push({ id, fileKey, sessionId, op: sent });
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      // After the poll phase: every log read in this turn of the loop goes in the same batch.
      setImmediate(() => this.flush());
    }
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve: resolve as (r: unknown) => void, reject, onPart });
    });
  }

  /**
   * A copy of `bytes` in a buffer of our own. A big read (a first read comes in 4 MiB chunks)
   * reuses a buffer a worker sent back: a fresh one per chunk made the main thread fault in new
   * pages and collect garbage for the whole 1 GB of a big log (GC pauses of 150 ms).
   */
  private ownCopy(bytes: Uint8Array): Uint8Array {
    if (bytes.byteLength < RECYCLE_MIN_BYTES) return bytes.slice();
    this.keepSpares();
    let buffer = this.spare.pop();
    while (buffer && buffer.byteLength < bytes.byteLength) buffer = this.spare.pop();
    buffer ??= new ArrayBuffer(Math.max(bytes.byteLength, SPARE_BYTES));
    const copy = new Uint8Array(buffer, 0, bytes.byteLength);
    copy.set(bytes);
    return copy;
  }

  /** Keeps the spare buffers SPARE_KEEP_MS past the last big read, then lets them go. */
  private keepSpares(): void {
    if (this.spareTimer) this.spareTimer.refresh();
    else {
      this.spareTimer = setTimeout(() => {
        this.spareTimer = null;
        this.spare.length = 0;
      }, SPARE_KEEP_MS);
      this.spareTimer.unref?.();
    }
  }

  /** Each worker's heap after a full GC (with --expose-gc): for `npm run bench`. */
  memory(): Promise<WorkerMemory[]> {
    return Promise.all(
      this.slots.map(
        (slot) =>
          new Promise<WorkerMemory>((resolve) => {
            if (!slot.worker) return resolve({ heapUsed: 0, external: 0, arrayBuffers: 0, newSpace: 0 });
            const id = this.nextMemory++;
            slot.memory.set(id, resolve);
            const message: ToWorker = { memory: id };
            slot.worker.postMessage(message);
          }),
      ),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.spareTimer) clearTimeout(this.spareTimer);
    this.spare.length = 0;
    await Promise.all(
      this.slots.map((slot) => {
        this.failAll(slot, new Error('session pool closed'));
        return slot.worker?.terminate();
      }),
    );
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.closed) return;
    this.slots.forEach((slot, index) => this.send(slot, index));
  }

  /** Sends the slot's waiting jobs as one batch, unless its worker still has one to answer. */
  private send(slot: Slot, index: number): void {
    if (slot.queue.length === 0 || slot.batches.size > 0) return;
    const jobs = slot.queue;
    const transfer = slot.transfer;
    slot.queue = [];
    slot.transfer = [];
    const batch = this.nextBatch++;
    slot.batches.set(
      batch,
      setTimeout(() => this.replace(index, 'session worker timed out'), this.options.jobTimeoutMs ?? 60_000),
    );
    const message: ToWorker = { batch, jobs };
    this.workerOf(slot).postMessage(message, transfer);
    this.batchesSent++;
  }

  private slotFor(fileKey: string): number {
    let h = 2166136261;
    for (let i = 0; i < fileKey.length; i++) h = Math.imul(h ^ fileKey.charCodeAt(i), 16777619);
    return (h >>> 0) % this.slots.length;
  }

  private spawn(): Slot {
    return {
      worker: null,
      pending: new Map(),
      files: new Set(),
      queue: [],
      transfer: [],
      batches: new Map(),
      memory: new Map(),
      retireTimer: null,
    };
  }

  /**
   * The slot's worker, started now if it was not: starting two workers (~0.1 s of CPU each) at
   * once held up the listing of a 2,000-session home, which needs neither.
   */
  private workerOf(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const worker = new Worker(sessionWorkerPath(), {
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb ?? 8192,
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      },
    });
    slot.worker = worker;
    worker.on('message', (message: FromWorker) => {
      if ('memory' in message) {
        slot.memory.get(message.memory)?.(message.usage);
        slot.memory.delete(message.memory);
        if (this.idle(slot)) this.retireWhenIdle(slot);
        return;
      }
      if ('part' in message) {
        slot.pending.get(message.part.job)?.onPart?.(message.part.bytes);
        return;
      }
      for (const buffer of message.recycled) if (this.spare.length < MAX_SPARE) this.spare.push(buffer);
      if (message.recycled.length) this.keepSpares();
      clearTimeout(slot.batches.get(message.batch));
      slot.batches.delete(message.batch);
      // What was given while this batch was out goes now, before its answers are handled (their
      // handlers may give more, which then waits for this next batch's answer).
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.send(slot, index);
      for (const { id, result, error } of message.results) {
        const pending = slot.pending.get(id);
        if (!pending) continue;
        slot.pending.delete(id);
        if (error === undefined) pending.resolve(result);
        else pending.reject(new Error(error));
      }
      if (this.idle(slot)) this.retireWhenIdle(slot);
    });
    worker.on('error', (error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.replace(index, `session worker crashed: ${error.message}`);
    });
    worker.unref();
    return worker;
  }

  /** Whether the slot's worker holds no session and has nothing asked of it. */
  private idle(slot: Slot): boolean {
    return (
      slot.files.size === 0 &&
      slot.pending.size === 0 &&
      slot.queue.length === 0 &&
      slot.batches.size === 0 &&
      slot.memory.size === 0
    );
  }

  /** Stops the slot's worker if it stays idle for RETIRE_IDLE_MS (call cancels it). */
  private retireWhenIdle(slot: Slot): void {
    if (slot.retireTimer || !slot.worker) return;
    slot.retireTimer = setTimeout(() => {
      slot.retireTimer = null;
      if (this.closed || !this.idle(slot) || !slot.worker) return;
      const worker = slot.worker;
      slot.worker = null;
      void worker.terminate();
    }, this.options.retireIdleMs ?? RETIRE_IDLE_MS);
    slot.retireTimer.unref?.();
  }

  private replace(index: number, reason: string): void {
    const old = this.slots[index];
    if (!old || this.closed) return;
    const lost = [...old.files];
    this.failAll(old, new Error(reason));
    void old.worker?.terminate();
    this.slots[index] = this.spawn();
    if (lost.length) this.options.onFilesLost?.(lost, reason);
  }

  private failAll(slot: Slot, error: Error): void {
    if (slot.retireTimer) clearTimeout(slot.retireTimer);
    slot.retireTimer = null;
    for (const timer of slot.batches.values()) clearTimeout(timer);
    slot.batches.clear();
    slot.queue = [];
    slot.transfer = [];
    for (const pending of slot.pending.values()) pending.reject(error);
    slot.pending.clear();
    for (const resolve of slot.memory.values())
      resolve({ heapUsed: 0, external: 0, arrayBuffers: 0, newSpace: 0 });
    slot.memory.clear();
  }
}
