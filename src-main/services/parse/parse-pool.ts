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
  timer: ReturnType<typeof setTimeout>;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  files: Set<string>;
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

export class ParsePool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
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
    return new Promise<ParseChunkResult>((resolve, reject) => {
      const timer = setTimeout(
        () => this.replace(index, 'parse job timed out'),
        this.options.jobTimeoutMs ?? 30_000,
      );
      slot.pending.set(id, { resolve, reject, fileKey: request.fileKey, timer });
      // Copy into a buffer we own and transfer it: no structured-clone copy on the way in.
      const bytes = request.bytes.slice();
      slot.worker.postMessage({ id, request: { ...request, bytes } }, [bytes.buffer]);
    });
  }

  forget(fileKey: string): void {
    const slot = this.slots[this.slotFor(fileKey)];
    if (!slot?.files.delete(fileKey)) return;
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
    const slot: Slot = { worker, pending: new Map(), files: new Set() };
    worker.on('message', (message: { id: number; result?: ParseChunkResult; error?: string }) => {
      const pending = slot.pending.get(message.id);
      if (!pending) return;
      slot.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.result) pending.resolve(message.result);
      else pending.reject(new Error(message.error ?? 'parse failed'));
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
    for (const pending of slot.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    slot.pending.clear();
  }
}
