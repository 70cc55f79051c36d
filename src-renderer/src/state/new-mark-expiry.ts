/**
 * Takes the "new" mark off live nodes after NEW_MARK_MS, in batches. One timer per append meant
 * a second store update per appended line (the first applies it): at 100 lines a second every
 * subscribed selector ran 200 times a second. Marks that fall due within EXPIRE_EVERY_MS of each
 * other now go in one update. A mark may stay up to that much longer; it is drawn by a 2 s CSS
 * animation that has ended by then, so nothing on screen changes.
 */
import { useAppStore } from './store';

/** How long a node that arrived live keeps its "new" mark (its animation's length). */
export const NEW_MARK_MS = 2000;
const EXPIRE_EVERY_MS = 250;

let due: { at: number; ids: readonly string[] }[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let lastRun = -Infinity;

export function expireLater(ids: readonly string[]): void {
  due.push({ at: performance.now() + NEW_MARK_MS, ids });
  schedule();
}

function schedule(): void {
  if (timer !== null || due.length === 0) return;
  const at = Math.max(due[0]!.at, lastRun + EXPIRE_EVERY_MS);
  timer = setTimeout(run, Math.max(0, at - performance.now()));
}

function run(): void {
  timer = null;
  lastRun = performance.now();
  const ready: string[] = [];
  let i = 0;
  for (; i < due.length && due[i]!.at <= lastRun; i++) ready.push(...due[i]!.ids);
  due = due.slice(i);
  if (ready.length) useAppStore.getState().expireNew(ready);
  schedule();
}
