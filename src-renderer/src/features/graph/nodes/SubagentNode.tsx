import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { nodeById } from '../../../state/selectors';
import { useAppStore } from '../../../state/store';
import { formatCount, formatDuration } from '../../../shared/format';
import { subagentData } from '../node-data';
import type { GraphNode } from '../rf-types';
import { ChildLink } from './ChildLink';
import { NodeHead, NodeLine, NodeShell } from './NodeShell';

export const SubagentNode = memo(function SubagentNode({ id }: NodeProps<GraphNode>) {
  const node = useAppStore(nodeById(id));
  if (!node) return null;
  const d = subagentData(node);
  const state = !d.completed ? 'running' : d.success === false ? 'failed' : 'done';
  const tone = state === 'failed' ? 'refuted' : state === 'running' ? 'accent' : 'verified';
  return (
    <NodeShell
      id={id}
      kind="subagent"
      tone={state === 'failed' ? 'refuted' : 'neutral'}
      missing={node.missing}
    >
      <NodeHead
        kind="Subagent"
        title={d.name}
        mono
        badge={<span className={`badge tone-${tone}`}>{state}</span>}
      />
      <div className="gnode-text" title={d.taskPreview ?? undefined}>
        {d.error ? (
          <span className="text-refuted">{d.error}</span>
        ) : (
          (d.taskPreview ?? <span className="faint">no task preview</span>)
        )}
      </div>
      <NodeLine className="faint">
        {d.iterations !== null && <span className="it">{d.iterations} it</span>}
        {d.durationSeconds !== null && <span className="it">{formatDuration(d.durationSeconds * 1000)}</span>}
        {d.tokensUsed !== null && !d.childSessionId && (
          <span className="it">{formatCount(d.tokensUsed)} tok</span>
        )}
        <span className="spacer" />
        {d.childSessionId && <ChildLink childSessionId={d.childSessionId} />}
      </NodeLine>
    </NodeShell>
  );
});
