/**
 * The aligned steps as the flat list the Compare view draws (windowed: only the items in view are
 * mounted): one item per step row, per collapsed run's toggle, per row of an expanded run, and the
 * "not listed" notes. Each item has a fixed height the CSS keeps to, so the list can place any
 * item without measuring it.
 */
import type {
  AlignedSteps,
  StepRow,
  UnchangedRun,
} from '../../../../src-shared/lineage/compare/compare-types';

export type StepItem =
  /** A step row; `run`: the index (among the blocks) of the expanded run it is listed in. */
  | { type: 'row'; row: StepRow; run: number | null }
  | { type: 'run'; block: UnchangedRun; index: number; expanded: boolean }
  /** Rows of a long run that are not listed, where they would sit. */
  | { type: 'omitted'; count: number; run: number }
  /** Changed, added or removed rows past the list limit. */
  | { type: 'not-listed'; count: number };

/** Heights in px (compare.css sizes each item to these). */
export const STEP_ROW_HEIGHT = 26;
/** A changed step's note ("verified → refuted; corrected") sits on a second line. */
export const STEP_NOTE_HEIGHT = 18;
export const RUN_HEIGHT = 30;
export const NOTE_ITEM_HEIGHT = 26;

export function stepItemsOf(steps: AlignedSteps, expanded: Readonly<Record<number, boolean>>): StepItem[] {
  const items: StepItem[] = [];
  steps.blocks.forEach((block, index) => {
    if (block.type === 'row') {
      items.push({ type: 'row', row: block.row, run: null });
      return;
    }
    const open = expanded[index] === true;
    items.push({ type: 'run', block, index, expanded: open });
    if (!open) return;
    block.rows.forEach((row, i) => {
      if (block.omitted > 0 && i === block.omittedAt)
        items.push({ type: 'omitted', count: block.omitted, run: index });
      items.push({ type: 'row', row, run: index });
    });
  });
  if (steps.rowsNotListed > 0) items.push({ type: 'not-listed', count: steps.rowsNotListed });
  return items;
}

export function itemHeight(item: StepItem): number {
  switch (item.type) {
    case 'row':
      return STEP_ROW_HEIGHT + (item.row.note ? STEP_NOTE_HEIGHT : 0);
    case 'run':
      return RUN_HEIGHT;
    case 'omitted':
    case 'not-listed':
      return NOTE_ITEM_HEIGHT;
  }
}

/** Steps and run toggles take the keyboard's focus; the "not listed" notes do not. */
export function isFocusable(item: StepItem | undefined): boolean {
  return item?.type === 'row' || item?.type === 'run';
}

/**
 * The focusable item nearest `from` going `dir` (from included), or, when there is none that
 * way, the nearest going back; -1 for a list without any.
 */
export function nearestFocusable(items: readonly StepItem[], from: number, dir: 1 | -1): number {
  const start = Math.max(0, Math.min(items.length - 1, from));
  for (let i = start; i >= 0 && i < items.length; i += dir) if (isFocusable(items[i])) return i;
  for (let i = start; i >= 0 && i < items.length; i -= dir) if (isFocusable(items[i])) return i;
  return -1;
}
