import { describe, expect, it } from 'vitest';
import { RfEdgeCache } from './rf-edge-cache';
import type { VisibleEdge, VisibleGraph } from './visible-graph';

const graph = (edges: VisibleEdge[]): VisibleGraph => ({
  nodes: [],
  edges,
  representative: new Map(),
  groups: new Map(),
  edgeAt: (source, target) => edges.find((e) => e.source === source && e.target === target),
});

describe('RfEdgeCache', () => {
  it('keeps the list and every object while edges only count more, and makes a new one for an edge whose reasons or lighting changed', () => {
    const toGroup: VisibleEdge = { id: 's->g', source: 's', target: 'g', reasons: ['session_id'], count: 3 };
    const toJob: VisibleEdge = { id: 's->j', source: 's', target: 'j', reasons: ['job_id'], count: 1 };
    const cache = new RfEdgeCache();
    const first = cache.build(graph([toGroup, toJob]), null);
    const [a1, b1] = first;
    expect(a1!.label).toBe('session_\u200bid ×3'); // breakable after the underscore
    // A live append merges one more call into the group's edge, in place (visible-graph.ts):
    // React Flow is given the same list (ReasonEdge reads the count from the graph shown).
    toGroup.count++;
    expect(cache.build(graph([toGroup, toJob]), null)).toBe(first);
    // A reason added to the same array: a new object for that edge alone, and a new list.
    toJob.reasons.push('artifact.path');
    const [a2, b2] = cache.build(graph([toGroup, toJob]), null);
    expect(a2).toBe(a1);
    expect(b2).not.toBe(b1);
    expect(b2!.label).toBe('job_\u200bid + artifact.\u200bpath');
    // Selecting the job lights its edge: a new object for it alone.
    const [a3, b3] = cache.build(graph([toGroup, toJob]), 'j');
    expect(a3).toBe(a2);
    expect(b3).not.toBe(b2);
    expect(b3!.data?.active).toBe(true);
    // An edge gone: a new list.
    expect(cache.build(graph([toGroup]), 'j')).toHaveLength(1);
  });
});
