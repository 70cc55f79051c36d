import { describe, expect, it } from 'vitest';
import { encodeTimeline, type TimelineRow } from '../../../../src-shared/bridge/timeline-columns';
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { Timeline } from '../../state/timeline';
import { toolSpanOf } from './timeline-model';

const row = (seq: number, kind: string, eventId: string): TimelineRow => ({
  eventId,
  kind,
  seq,
  t: 1000 * seq,
  lineNo: seq,
  byteOffset: 100 * seq,
  byteLength: 99,
  nodeId: null,
  actor: null,
});

describe('toolSpanOf', () => {
  // 1,200 rows, calls at odd seqs and results at even ones; a node names the two it pairs.
  const rows: TimelineRow[] = [];
  for (let seq = 1; seq <= 1200; seq++) rows.push(row(seq, seq % 2 ? 'tool_call' : 'tool_result', `e${seq}`));
  const timeline = Timeline.fromColumns(encodeTimeline(rows));
  const node = (eventIds: string[]) => ({ eventIds }) as unknown as LineageNode;

  it('spans a call to its result, near it or far from it, from the row on screen', () => {
    expect(toolSpanOf(timeline, node(['e11', 'e14']), 10)).toEqual({ start: 11_000, end: 14_000 });
    expect(toolSpanOf(timeline, node(['e11', 'e700']), 10)).toEqual({ start: 11_000, end: 700_000 });
  });

  it('leaves a call without its result open', () => {
    expect(toolSpanOf(timeline, node(['e11', 'missing']), 10)).toEqual({ start: 11_000, end: null });
  });
});
