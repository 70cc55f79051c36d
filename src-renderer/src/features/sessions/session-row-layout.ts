/**
 * What a sidebar row shows and how tall it is. The list is windowed (only the rows in view are
 * mounted: a home of 2,000 sessions mounted ~24,000 elements and cost ~0.4 s of the page's start),
 * and a windowed list needs every row's height before it is drawn. So each line of a row has a
 * fixed height — these numbers, set on the lines in `SessionRow` — and a row's height follows
 * from which lines it has. Nothing is measured in the page.
 */
import type { SessionListItem } from '../../../../src-shared/bridge/contract';

/** Each line's height (px); the chips line holds 18 px chips on one line (overflow clipped). */
export const ROW_LINE_PX = {
  head: 18,
  chips: 18,
  meta: 16,
  progress: 16,
  notice: 18,
  closed: 16,
} as const;

/** The row's padding (7 px) and border (1 px), top and bottom, and the gap between lines. */
const ROW_FRAME_PX = 16;
const ROW_GAP_PX = 4;

export interface RowParts {
  chips: boolean;
  progress: boolean;
  notice: boolean;
  closed: boolean;
}

/** The optional lines a row has (the head and the meta line are always there). */
export function rowParts(s: SessionListItem): RowParts {
  const v = s.verdicts;
  const verdicts = v.verified + v.refuted + v.insufficient + v.warning > 0;
  return {
    chips: verdicts || s.parseErrors > 0 || s.models.length > 0,
    progress: s.status === 'loading' && !s.closed,
    notice: Boolean(s.notice),
    closed: Boolean(s.closed),
  };
}

export function sessionRowHeight(s: SessionListItem): number {
  const parts = rowParts(s);
  let lines = ROW_LINE_PX.head + ROW_LINE_PX.meta;
  let count = 2;
  for (const part of ['chips', 'progress', 'notice', 'closed'] as const)
    if (parts[part]) {
      lines += ROW_LINE_PX[part];
      count++;
    }
  return ROW_FRAME_PX + lines + ROW_GAP_PX * (count - 1);
}
