/**
 * Bytes that arrive a part at a time — a big snapshot's JSON, passed on by its session worker as
 * each 8 MB part is written (utf8-parts.ts) — read once, in order, each part let go as it is
 * read. Held whole from the worker to the socket, a 1.2M-event snapshot was ~200 MB of serve's
 * memory at once.
 */
export class PartStream implements AsyncIterable<Uint8Array> {
  private readonly parts: Uint8Array[] = [];
  private wake: (() => void) | null = null;
  private ended = false;
  private error: Error | null = null;
  private taken = false;
  /** Settles when the last part is in (or the stream failed). */
  readonly finished: Promise<void>;
  private settle!: (error?: Error) => void;

  constructor() {
    this.finished = new Promise<void>((resolve, reject) => {
      this.settle = (error) => (error ? reject(error) : resolve());
    });
    // Nobody need wait for it: a failure is also thrown to the reader.
    this.finished.catch(() => {});
  }

  push(part: Uint8Array): void {
    if (this.ended) return;
    this.parts.push(part);
    this.wake?.();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.settle();
    this.wake?.();
  }

  fail(error: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.error = error;
    this.parts.length = 0;
    this.settle(error);
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    if (this.taken) throw new Error('a part stream is read once');
    this.taken = true;
    for (;;) {
      const part = this.parts.shift();
      if (part) {
        yield part;
        continue;
      }
      if (this.error) throw this.error;
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }

  /** Every part, once the last is in (for a reader that wants them all: tests, the IPC host). */
  async whole(): Promise<Uint8Array[]> {
    const all: Uint8Array[] = [];
    for await (const part of this) all.push(part);
    return all;
  }
}
