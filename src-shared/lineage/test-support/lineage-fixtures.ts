/** Lineage nodes and edges for tests: every field filled, the ones a test cares about given. */
import type { LineageEdge, LineageNode } from '../types';

export function testNode(id: string, fields: Partial<LineageNode> = {}): LineageNode {
  return {
    id,
    kind: 'event',
    label: id,
    eventIds: [],
    seq: null,
    data: {},
    corrections: [],
    stale: false,
    missing: false,
    ...fields,
  };
}

export function testEdge(source: string, target: string, reasons: LineageEdge['reasons'] = []): LineageEdge {
  return { id: `${source}->${target}`, source, target, reasons };
}
