import { describe, expect, it } from 'vitest';
import { RfEdgeCache } from './rf-edge-cache';
import type { VisibleEdge, VisibleGraph } from './visible-graph';

const graph = (edges: VisibleEdge[]): VisibleGraph => ({
  nodes: [],
  edges,
  representative: new Map(),
  groups: new Map(),
});

describe('RfEdgeCache', () => {
  it('keeps the object of an edge drawn the same, and makes a new one for an edge whose label or lighting changed', () => {
    const toGroup: VisibleEdge = { id: 's->g', source: 's', target: 'g', reasons: ['session_id'], count: 3 };
    const toJob: VisibleEdge = { id: 's->j', source: 's', target: 'j', reasons: ['job_id'], count: 1 };
    const cache = new RfEdgeCache();
    const [a1, b1] = cache.build(graph([toGroup, toJob]), null);
    // A live append merges one more call into the group's edge, in place (visible-graph.ts).
    toGroup.count++;
    const [a2, b2] = cache.build(graph([toGroup, toJob]), null);
    expect(b2).toBe(b1); // React Flow skips an edge whose object did not change
    expect(a2).not.toBe(a1);
    expect(a2!.label).toBe('session_\u200bid ×4'); // breakable after the underscore
    // Selecting the job lights its edge: a new object for it alone.
    const [a3, b3] = cache.build(graph([toGroup, toJob]), 'j');
    expect(a3).toBe(a2);
    expect(b3).not.toBe(b2);
    expect(b3!.data?.active).toBe(true);
  });
});
