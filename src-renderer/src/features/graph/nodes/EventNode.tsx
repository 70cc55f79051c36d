import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { nodeById } from '../../../state/selectors';
import { useAppStore } from '../../../state/store';
import type { GraphNode } from '../rf-types';
import { NodeHead, NodeLine, NodeShell } from './NodeShell';

/** An event of a kind we do not interpret: shown as written, never dropped. */
export const EventNode = memo(function EventNode({ id }: NodeProps<GraphNode>) {
  const node = useAppStore(nodeById(id));
  if (!node) return null;
  return (
    <NodeShell id={id} kind="event" tone="muted">
      <NodeHead kind="Event" title={node.label} mono />
      <NodeLine className="faint">
        <span className="it">{node.seq !== null ? `seq ${node.seq}` : 'no seq'}</span>
        <span className="it">{node.eventIds.length} event(s)</span>
      </NodeLine>
    </NodeShell>
  );
});
