/**
 * Synchronous file-system work over many files, in slices that leave the event loop free.
 *
 * Listing a home of 2,000 sessions makes a stat and two small reads per log. Through
 * `fs/promises` each call costs the main thread 30–40 µs (a FileHandle, a promise, a trip through
 * the thread pool) for work the kernel does in a few µs from the page cache: measured here, the
 * 2,000 logs' ends read in 142–224 ms of wall time and 193–304 ms of CPU that way, 36–41 ms and
 * 38–55 ms synchronously. So the calls are made synchronously, and the loop is given back whenever
 * a slice has run SLICE_MS — on a cold disk a slice ends after one slow call, never later.
 */

/** How long one slice may keep the event loop (serve's target: no block over 50 ms). */
export const SLICE_MS = 8;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Calls `work` on each item in order, synchronously, yielding to the event loop between slices. */
export async function eachInSlices<T>(
  items: readonly T[],
  work: (item: T, index: number) => void,
  sliceMs = SLICE_MS,
): Promise<void> {
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    work(items[i]!, i);
    if (performance.now() - sliceStart >= sliceMs && i + 1 < items.length) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}
