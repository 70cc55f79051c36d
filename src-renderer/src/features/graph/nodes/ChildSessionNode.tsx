import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { nodeById } from '../../../state/selectors';
import { useAppStore } from '../../../state/store';
import { childSessionData } from '../node-data';
import type { GraphNode } from '../rf-types';
import { ChildLink } from './ChildLink';
import { NodeHead, NodeLine, NodeShell } from './NodeShell';

/** A child session a subagent reported. The live session list wins over the builder's disk check. */
export const ChildSessionNode = memo(function ChildSessionNode({ id }: NodeProps<GraphNode>) {
  const node = useAppStore(nodeById(id));
  const childId = node ? childSessionData(node).childSessionId : null;
  const inList = useAppStore((s) => childId !== null && s.sessions.some((i) => i.sessionId === childId));
  if (!node || childId === null) return null;
  const d = childSessionData(node);
  const missing = node.missing && !inList;
  return (
    <NodeShell id={id} kind="child_session" missing={missing} tone={missing ? 'refuted' : 'neutral'}>
      <NodeHead kind="Child" title={childId} mono />
      <NodeLine className="faint">
        <span>
          {inList ? 'in the session list' : d.exists === false ? 'not found on disk' : 'not in the list'}
        </span>
        <span className="spacer" />
        <ChildLink childSessionId={childId} />
      </NodeLine>
    </NodeShell>
  );
});
