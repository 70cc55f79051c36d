/**
 * `nodeTypes` is a module constant: React Flow re-creates every node when this object changes
 * identity, so it must never be built inside a component.
 */
import type { NodeTypes } from '@xyflow/react';
import { ArtifactNode } from './nodes/ArtifactNode';
import { ChildSessionNode } from './nodes/ChildSessionNode';
import { EventNode } from './nodes/EventNode';
import { JobNode } from './nodes/JobNode';
import { NodeGroupNode } from './nodes/NodeGroupNode';
import { SessionNode } from './nodes/SessionNode';
import { SubagentNode } from './nodes/SubagentNode';
import { ToolCallNode } from './nodes/ToolCallNode';
import { ToolGroupNode } from './nodes/ToolGroupNode';
import { ValidationNode } from './nodes/ValidationNode';
import { VerificationNode } from './nodes/VerificationNode';
import type { VisibleKind } from './visible-graph';

export const NODE_TYPES = {
  session: SessionNode,
  tool_group: ToolGroupNode,
  node_group: NodeGroupNode,
  tool_call: ToolCallNode,
  job: JobNode,
  artifact: ArtifactNode,
  verification: VerificationNode,
  validation: ValidationNode,
  subagent: SubagentNode,
  child_session: ChildSessionNode,
  event: EventNode,
} satisfies Record<VisibleKind, unknown> as NodeTypes;
