import { describe, expect, it } from 'vitest';
import { alignSteps, type AlignableStep } from '../../../../src-shared/lineage/compare/align-steps';
import {
  itemHeight,
  nearestFocusable,
  NOTE_ITEM_HEIGHT,
  RUN_HEIGHT,
  STEP_NOTE_HEIGHT,
  STEP_ROW_HEIGHT,
  stepItemsOf,
} from './step-items';

/** A side of `n` steps: `work` calls, the outcome of step i given by `outcome(i)`. */
function side(name: string, n: number, outcome: (i: number) => string = () => 'true'): AlignableStep[] {
  return Array.from({ length: n }, (_, i) => ({
    ref: { index: i, eventId: `${name}-${i}`, seq: i + 1, kind: 'tool_result', label: 'work', nodeId: null },
    signature: `tool_result|work|${i}`,
    outcome: outcome(i),
    corrections: '',
  }));
}

describe('the Compare step list items', () => {
  // 500 unchanged steps (a run clipped to its first and last 50), then one changed, then 3 added.
  const steps = alignSteps(
    side('a', 501),
    [...side('b', 501, (i) => (i === 500 ? 'false' : 'true'))].concat(side('b', 504).slice(501)),
    { matchBy: 'signature', maxRunRows: 400, runEdgeRows: 50 },
  );

  it('lists a collapsed run as one toggle, then each row', () => {
    const items = stepItemsOf(steps, {});
    expect(items.map((i) => i.type)).toEqual(['run', 'row', 'row', 'row', 'row']);
    expect(items[1]).toMatchObject({ type: 'row', run: null, row: { change: 'changed' } });
    expect(items.slice(2).every((i) => i.type === 'row' && i.row.change === 'added')).toBe(true);
  });

  it("lists an expanded run's rows after its toggle, the omitted ones where they sit", () => {
    const items = stepItemsOf(steps, { 0: true });
    expect(items[0]).toMatchObject({ type: 'run', index: 0, expanded: true });
    expect(items.slice(1, 51).every((i) => i.type === 'row' && i.run === 0)).toBe(true);
    expect(items[51]).toEqual({ type: 'omitted', count: 400, run: 0 });
    expect(items.slice(52, 102).every((i) => i.type === 'row' && i.run === 0)).toBe(true);
    expect(items[102]).toMatchObject({ type: 'row', run: null, row: { change: 'changed' } });
    expect(items).toHaveLength(1 + 100 + 1 + 1 + 3);
  });

  it('notes the rows past the list limit, and gives every item its height', () => {
    const clipped = alignSteps(side('a', 0), side('b', 10), { matchBy: 'signature', maxRows: 4 });
    const items = stepItemsOf(clipped, {});
    expect(items.at(-1)).toEqual({ type: 'not-listed', count: 6 });
    expect(items.map(itemHeight)).toEqual([...Array(4).fill(STEP_ROW_HEIGHT), NOTE_ITEM_HEIGHT]);
    const open = stepItemsOf(steps, { 0: true });
    expect(itemHeight(open[0]!)).toBe(RUN_HEIGHT);
    expect(itemHeight(open[102]!)).toBe(STEP_ROW_HEIGHT + STEP_NOTE_HEIGHT); // the changed step's note
  });

  it('moves the keyboard past the notes, never out of the list', () => {
    const items = stepItemsOf(steps, { 0: true });
    expect(nearestFocusable(items, 51, 1)).toBe(52); // the omitted note is skipped going down…
    expect(nearestFocusable(items, 51, -1)).toBe(50); // …and going up
    expect(nearestFocusable(items, items.length + 5, 1)).toBe(items.length - 1);
    expect(nearestFocusable(items, -3, -1)).toBe(0);
    const onlyNote = stepItemsOf(alignSteps([], side('b', 3), { matchBy: 'signature', maxRows: 0 }), {});
    expect(nearestFocusable(onlyNote, 0, 1)).toBe(-1);
  });
});
