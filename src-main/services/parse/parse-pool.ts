/**
 * A small pool of parse workers. A file always goes to the same worker (its partial last line
 * lives there), chosen by a hash of its key. A worker that crashes or misses its deadline is
 * replaced, and every file it held is reported lost so its owner re-reads it from the start.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParseChunkRequest, ParseChunkResult } from '../../../src-shared/formats/sciagent/chunk-parser';

interface Pending {
  resolve(result: ParseChunkResult): void;
  reject(error: Error): void;
  fileKey: string;
}

/** One job as it crosses to the worker (see parse-worker.ts). */
export interface ParseJob {
  id: number;
  request: ParseChunkRequest;
}

/** What a worker answers for one job. */
export interface ParseJobResult {
  id: number;
  result?: ParseChunkResult;
  error?: string;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  files: Set<string>;
  /** Jobs waiting for this turn of the event loop to end, and their buffers to transfer. */
  queue: ParseJob[];
  transfer: ArrayBuffer[];
  /** Deadline timers of the batches out, by batch id. */
  batches: Map<number, ReturnType<typeof setTimeout>>;
}

export interface ParsePoolOptions {
  size?: number;
  jobTimeoutMs?: number;
  maxOldGenerationSizeMb?: number;
  /** Called with the files whose parser state died with a worker: re-read them from the start. */
  onFilesLost?(fileKeys: string[], reason: string): void;
}

/** Built next to this bundle (out/main); from sources (tests) use the built copy. */
export function parseWorkerPath(): string {
  const candidates = [
    new URL('./parse-worker.js', import.meta.url),
    new URL('../../../out/main/parse-worker.js', import.meta.url),
  ];
  for (const c of candidates) {
    const p = fileURLToPath(c);
    if (existsSync(p)) return p;
  }
  throw new Error('parse worker not built: run `npm run build` first');
}

/**
 * Jobs given in one turn of the event loop go to a worker as one message, and come back as one
 * (issue 8: 50 logs written every 10 ms were 5,000 messages a second each way, one per small
 * append; a message costs the main thread more than parsing a line does).
 */
export class ParsePool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private nextBatch = 1;
  /** Messages posted to the workers with jobs (a figure for tests and profiles). */
  batchesSent = 0;
  private flushScheduled = false;
  private closed = false;

  constructor(private readonly options: ParsePoolOptions = {}) {
    const size = options.size ?? Math.max(1, Math.min(2, os.availableParallelism() - 1));
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  get size(): number {
    return this.slots.length;
  }

  parse(request: ParseChunkRequest): Promise<ParseChunkResult> {
    if (this.closed) return Promise.reject(new Error('parse pool closed'));
    const index = this.slotFor(request.fileKey);
    const slot = this.slots[index]!;
    slot.files.add(request.fileKey);
    const id = this.nextId++;
    // Copy now into a buffer we own (the caller reuses its own) and transfer it with the batch:
    // no structured-clone copy on the way in.
    const bytes = request.bytes.slice();
    slot.queue.push({
      id,
      request: {
        fileKey: request.fileKey,
        bytes,
        fromOffset: request.fromOffset,
        reset: request.reset,
        final: request.final,
      },
    });
    slot.transfer.push(bytes.buffer);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      // After the poll phase: every file read in this turn of the loop goes in the same batch.
      setImmediate(() => this.flush());
    }
    return new Promise<ParseChunkResult>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject, fileKey: request.fileKey });
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.closed) return;
    this.slots.forEach((slot, index) => {
      if (slot.queue.length === 0) return;
      const jobs = slot.queue;
      const transfer = slot.transfer;
      slot.queue = [];
      slot.transfer = [];
      const batch = this.nextBatch++;
      slot.batches.set(
        batch,
        setTimeout(() => this.replace(index, 'parse job timed out'), this.options.jobTimeoutMs ?? 30_000),
      );
      slot.worker.postMessage({ batch, jobs }, transfer);
      this.batchesSent++;
    });
  }

  forget(fileKey: string): void {
    const slot = this.slots[this.slotFor(fileKey)];
    if (!slot?.files.delete(fileKey)) return;
    this.flush(); // jobs given before the forget reach the worker before it
    slot.worker.postMessage({ id: 0, forget: fileKey });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.slots.map((slot) => {
        this.failAll(slot, new Error('parse pool closed'));
        return slot.worker.terminate();
      }),
    );
  }

  private slotFor(fileKey: string): number {
    let h = 2166136261;
    for (let i = 0; i < fileKey.length; i++) h = Math.imul(h ^ fileKey.charCodeAt(i), 16777619);
    return (h >>> 0) % this.slots.length;
  }

  private spawn(): Slot {
    const worker = new Worker(parseWorkerPath(), {
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb ?? 512 },
    });
    const slot: Slot = {
      worker,
      pending: new Map(),
      files: new Set(),
      queue: [],
      transfer: [],
      batches: new Map(),
    };
    worker.on('message', (message: { batch: number; results: ParseJobResult[] }) => {
      clearTimeout(slot.batches.get(message.batch));
      slot.batches.delete(message.batch);
      for (const { id, result, error } of message.results) {
        const pending = slot.pending.get(id);
        if (!pending) continue;
        slot.pending.delete(id);
        if (result) pending.resolve(result);
        else pending.reject(new Error(error ?? 'parse failed'));
      }
    });
    worker.on('error', (error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.replace(index, `parse worker crashed: ${error.message}`);
    });
    worker.unref();
    return slot;
  }

  private replace(index: number, reason: string): void {
    const old = this.slots[index];
    if (!old || this.closed) return;
    const lost = [...old.files];
    this.failAll(old, new Error(reason));
    void old.worker.terminate();
    this.slots[index] = this.spawn();
    if (lost.length) this.options.onFilesLost?.(lost, reason);
  }

  private failAll(slot: Slot, error: Error): void {
    for (const timer of slot.batches.values()) clearTimeout(timer);
    slot.batches.clear();
    slot.queue = [];
    slot.transfer = [];
    for (const pending of slot.pending.values()) pending.reject(error);
    slot.pending.clear();
  }
}
