/** The React Flow node and edge types of the graph view. */
import type { Edge, Node } from '@xyflow/react';
import type { VisibleKind, VisibleNode } from './visible-graph';

export type GraphNodeData = { visible: VisibleNode };
export type GraphNode = Node<GraphNodeData, VisibleKind>;
/** `count` is the edge's count when its object was made: ReasonEdge draws the count shown now. */
export type GraphEdge = Edge<{ reasons: string[]; active: boolean; count: number }, 'reason'>;
