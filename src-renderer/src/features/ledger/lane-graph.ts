/** Geometry of the lane gutter: one column per lane, one row per event, edges parent → child. */
import type { LedgerModel } from '../../../../src-shared/formats/change-ledger/types';

export const ROW_H = 48;
export const COL_W = 18;
export const GUTTER_PAD = 12;

export interface LaneEdge {
  d: string;
  column: number;
  merge: boolean;
}

export const laneX = (column: number) => GUTTER_PAD + column * COL_W;
export const rowY = (index: number) => index * ROW_H + ROW_H / 2;

/** Paths from each event's parent (and a merge's other sides) down to it. */
export function laneEdges(model: LedgerModel): LaneEdge[] {
  const byKey = new Map(model.events.map((e) => [e.key, e]));
  const column = new Map(model.lanes.map((l) => [l.name, l.column]));
  const edges: LaneEdge[] = [];
  const add = (fromKey: string, toIndex: number, toColumn: number, merge: boolean) => {
    const from = byKey.get(fromKey);
    if (!from || from.index >= toIndex) return;
    const x1 = laneX(column.get(from.lane) ?? 0);
    const y1 = rowY(from.index);
    const x2 = laneX(toColumn);
    const y2 = rowY(toIndex);
    if (x1 === x2) {
      edges.push({ d: `M${x1} ${y1}V${y2}`, column: toColumn, merge });
      return;
    }
    // Stay in the parent's lane until the row above, then bend into the child's lane.
    const bend = y2 - ROW_H;
    const mid = y2 - ROW_H / 2;
    edges.push({
      d: `M${x1} ${y1}V${bend}C${x1} ${mid} ${x2} ${mid} ${x2} ${y2}`,
      column: merge ? (column.get(from.lane) ?? 0) : toColumn,
      merge,
    });
  };
  for (const e of model.events) {
    const col = column.get(e.lane) ?? 0;
    if (e.parentKey) add(e.parentKey, e.index, col, false);
    for (const k of e.mergeParentKeys) add(k, e.index, col, true);
  }
  return edges;
}
