import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { nodeById } from '../../../state/selectors';
import { useAppStore } from '../../../state/store';
import { formatCost, formatDuration } from '../../../shared/format';
import { toolData } from '../node-data';
import type { GraphNode } from '../rf-types';
import { Marks, NodeHead, NodeLine, NodeShell } from './NodeShell';

export const ToolCallNode = memo(function ToolCallNode({ id }: NodeProps<GraphNode>) {
  const node = useAppStore(nodeById(id));
  if (!node) return null;
  const d = toolData(node);
  const state = !d.hasResult ? 'pending' : d.success === false ? 'failed' : 'ok';
  const tone = state === 'failed' ? 'refuted' : state === 'pending' ? 'accent' : 'neutral';
  return (
    <NodeShell id={id} kind="tool_call" tone={tone} missing={node.missing}>
      <NodeHead
        kind="Call"
        title={d.toolName}
        mono
        badge={<span className={`badge tone-${tone === 'neutral' ? 'verified' : tone}`}>{state}</span>}
      />
      <NodeLine className="faint">
        <span className="it">{formatDuration(d.durationMs)}</span>
        {d.costUsd !== null && <span className="it">{formatCost(d.costUsd)}</span>}
        {node.seq !== null && <span className="it">#{node.seq}</span>}
        <Marks missing={node.missing} corrected={node.corrections.length} />
      </NodeLine>
      <NodeLine className={d.error ? 'text-refuted' : 'faint mono'}>
        <span className="ellipsis">{d.error ?? (d.jobId ? `→ job ${d.jobId}` : d.toolCallId)}</span>
      </NodeLine>
    </NodeShell>
  );
});
