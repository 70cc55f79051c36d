/** The React Flow node and edge types of the graph view. */
import type { Edge, Node } from '@xyflow/react';
import type { VisibleKind, VisibleNode } from './visible-graph';

export type GraphNodeData = { visible: VisibleNode };
export type GraphNode = Node<GraphNodeData, VisibleKind>;
export type GraphEdge = Edge<{ reasons: string[]; active: boolean }, 'reason'>;
