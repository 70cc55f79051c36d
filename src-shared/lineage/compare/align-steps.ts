/**
 * Aligns the steps (events in reading order) of two sides, then collapses the runs that did not
 * change. One log at two seqs matches by event id (the earlier bookmark is a prefix of the later
 * one); two logs are aligned with jsdiff's `diffArrays` (Myers) on the step signature, so that
 * matching steps pair up and insertions and deletions show where they happened.
 */
import { diffArrays } from 'diff';
import type { AlignedBlock, AlignedSteps, StepRef, StepRow } from './compare-types';

export interface AlignableStep {
  ref: StepRef;
  signature: string;
  outcome: string;
  /** Ids of the corrections applied to the event (same-session mode notes a new one). */
  corrections: string;
}

export interface AlignOptions {
  matchBy: 'event-id' | 'signature';
  /** Rows listed at most (unchanged runs count their listed rows); the rest are only counted. */
  maxRows?: number;
  /** An unchanged run longer than this lists only its first and last `runEdgeRows` rows. */
  maxRunRows?: number;
  runEdgeRows?: number;
  /** Time budget of the diff (ms); past it the steps are aligned greedily (see greedyAlign). */
  diffTimeoutMs?: number;
  /** Edit length past which the diff gives up the same way (tests use it to force the fallback). */
  maxEditLength?: number;
}

/** Runs of at least this many unchanged steps are collapsed; a lone one stays inline as context. */
const MIN_RUN = 2;

export function alignSteps(a: AlignableStep[], b: AlignableStep[], options: AlignOptions): AlignedSteps {
  const equal =
    options.matchBy === 'event-id'
      ? (x: AlignableStep, y: AlignableStep) => x.ref.eventId === y.ref.eventId
      : (x: AlignableStep, y: AlignableStep) => x.signature === y.signature;

  // Common ends first: cheap, and the usual case (a later bookmark, a rerun that diverged late).
  let head = 0;
  while (head < a.length && head < b.length && equal(a[head]!, b[head]!)) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    equal(a[a.length - 1 - tail]!, b[b.length - 1 - tail]!)
  )
    tail++;

  const rows: StepRow[] = [];
  for (let i = 0; i < head; i++) rows.push(pair(a[i]!, b[i]!, options.matchBy));
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  let approximate = false;
  if (midA.length && midB.length) {
    const changes = diffArrays(midA, midB, {
      comparator: equal,
      timeout: options.diffTimeoutMs ?? 5000,
      ...(options.maxEditLength !== undefined ? { maxEditLength: options.maxEditLength } : {}),
    });
    if (changes === undefined) {
      approximate = true;
      greedyAlign(midA, midB, equal, (row) => rows.push(row), options.matchBy);
    } else {
      let i = 0;
      let j = 0;
      for (const c of changes) {
        const n = c.count;
        if (c.removed)
          for (let k = 0; k < n; k++)
            rows.push({ change: 'removed', a: midA[i++]!.ref, b: null, note: null });
        else if (c.added)
          for (let k = 0; k < n; k++) rows.push({ change: 'added', a: null, b: midB[j++]!.ref, note: null });
        else for (let k = 0; k < n; k++) rows.push(pair(midA[i++]!, midB[j++]!, options.matchBy));
      }
    }
  } else {
    for (const x of midA) rows.push({ change: 'removed', a: x.ref, b: null, note: null });
    for (const y of midB) rows.push({ change: 'added', a: null, b: y.ref, note: null });
  }
  for (let k = 0; k < tail; k++)
    rows.push(pair(a[a.length - tail + k]!, b[b.length - tail + k]!, options.matchBy));

  return { ...collapse(rows, options), matchedBy: options.matchBy, approximate };
}

/** How far ahead the fallback looks for the next matching step on either side. */
const GREEDY_WINDOW = 64;

/**
 * The fallback when the diff runs out of time (two long, very different logs): walk both sides
 * together, pairing equal steps; at a mismatch take the nearest match within a window ahead on
 * either side and mark the steps skipped to reach it as removed or added. Linear, and local
 * differences still line up, but it is not a minimal alignment — the result says `approximate`.
 */
function greedyAlign(
  a: AlignableStep[],
  b: AlignableStep[],
  equal: (x: AlignableStep, y: AlignableStep) => boolean,
  emit: (row: StepRow) => void,
  matchBy: AlignOptions['matchBy'],
): void {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (equal(a[i]!, b[j]!)) {
      emit(pair(a[i++]!, b[j++]!, matchBy));
      continue;
    }
    // The cheapest detour (fewest steps skipped) to a matching pair within the window.
    let best: [number, number] | null = null;
    for (let d = 1; d <= GREEDY_WINDOW && best === null; d++)
      for (let k = 0; k <= d; k++) {
        const di = k;
        const dj = d - k;
        if (i + di < a.length && j + dj < b.length && equal(a[i + di]!, b[j + dj]!)) {
          best = [di, dj];
          break;
        }
      }
    const [di, dj] = best ?? [1, 1];
    for (let k = 0; k < di; k++) emit({ change: 'removed', a: a[i++]!.ref, b: null, note: null });
    for (let k = 0; k < dj; k++) emit({ change: 'added', a: null, b: b[j++]!.ref, note: null });
  }
  while (i < a.length) emit({ change: 'removed', a: a[i++]!.ref, b: null, note: null });
  while (j < b.length) emit({ change: 'added', a: null, b: b[j++]!.ref, note: null });
}

function pair(x: AlignableStep, y: AlignableStep, matchBy: AlignOptions['matchBy']): StepRow {
  const notes: string[] = [];
  if (x.outcome !== y.outcome) notes.push(`${x.outcome || '—'} → ${y.outcome || '—'}`);
  // One log: the same event with another correction applied since the earlier bookmark.
  if (matchBy === 'event-id' && x.corrections !== y.corrections) notes.push('corrected');
  return {
    change: notes.length ? 'changed' : 'same',
    a: x.ref,
    b: y.ref,
    note: notes.length ? notes.join('; ') : null,
  };
}

function collapse(rows: StepRow[], options: AlignOptions): Omit<AlignedSteps, 'matchedBy' | 'approximate'> {
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const maxRunRows = options.maxRunRows ?? 400;
  const edge = options.runEdgeRows ?? 50;
  const counts = { same: 0, changed: 0, added: 0, removed: 0 };
  const blocks: AlignedBlock[] = [];
  let listed = 0;
  let rowsNotListed = 0;
  let i = 0;
  while (i < rows.length) {
    const row = rows[i]!;
    if (row.change !== 'same') {
      counts[row.change]++;
      if (listed < maxRows) {
        blocks.push({ type: 'row', row });
        listed++;
      } else rowsNotListed++;
      i++;
      continue;
    }
    let j = i;
    while (j < rows.length && rows[j]!.change === 'same') j++;
    const count = j - i;
    counts.same += count;
    if (count < MIN_RUN) {
      if (listed < maxRows) {
        blocks.push({ type: 'row', row });
        listed++;
      }
    } else if (listed < maxRows) {
      const run = rows.slice(i, j);
      const clipped = count > maxRunRows;
      const kept = clipped ? run.slice(0, edge).concat(run.slice(count - edge)) : run;
      blocks.push({
        type: 'unchanged',
        count,
        rows: kept,
        omitted: count - kept.length,
        omittedAt: clipped ? edge : kept.length,
      });
      listed += kept.length;
    }
    i = j;
  }
  return { blocks, counts, rowsNotListed };
}
