/**
 * The Compare view's state: which two sides are compared, the result, and which collapsed runs
 * are expanded. A store of its own (like documents): a comparison is a one-shot request, not a
 * live view, so it shares nothing with the session deltas.
 *
 * `openCompare(a, b)` is the entry point for other views (a bookmarks list: "compare these two
 * bookmarks"); `openComparePicker()` shows the form to choose the sides.
 */
import { create } from 'zustand';
import type { CompareResult, CompareSideRef } from '../../../../src-shared/bridge/contract';
import { call } from '../../host';

export type CompareStatus = 'idle' | 'loading' | 'ready' | 'error';

interface CompareState {
  /** The Compare view is shown in the main area. */
  open: boolean;
  /** The form to choose the two sides is shown (before the first comparison, or on "Change…"). */
  picking: boolean;
  a: CompareSideRef | null;
  b: CompareSideRef | null;
  status: CompareStatus;
  result: CompareResult | null;
  error: string | null;
  /** Collapsed runs the user expanded, by their index among the aligned blocks. */
  expanded: Record<number, boolean>;
}

export const useCompare = create<CompareState>()(() => ({
  open: false,
  picking: false,
  a: null,
  b: null,
  status: 'idle',
  result: null,
  error: null,
  expanded: {},
}));

let generation = 0;

/** Compares two sides (each a session key and a seq to cut it at, or null for the whole log) and shows the result. */
export async function openCompare(a: CompareSideRef, b: CompareSideRef): Promise<void> {
  const mine = ++generation;
  useCompare.setState({
    open: true,
    picking: false,
    a,
    b,
    status: 'loading',
    result: null,
    error: null,
    expanded: {},
  });
  try {
    const result = await call('compare', 'compare', a, b);
    if (mine === generation) useCompare.setState({ status: 'ready', result });
  } catch (error) {
    if (mine === generation)
      useCompare.setState({ status: 'error', error: error instanceof Error ? error.message : String(error) });
  }
}

/** Shows the Compare view with its form; `a`/`b` prefill it. */
export function openComparePicker(a: CompareSideRef | null = null, b: CompareSideRef | null = null): void {
  useCompare.setState((s) => ({ open: true, picking: true, a: a ?? s.a, b: b ?? s.b }));
}

export function closeCompare(): void {
  generation++;
  useCompare.setState({ open: false, picking: false });
}

export function toggleRun(index: number): void {
  useCompare.setState((s) => ({ expanded: { ...s.expanded, [index]: !s.expanded[index] } }));
}
