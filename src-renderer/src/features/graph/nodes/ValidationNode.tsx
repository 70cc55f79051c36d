import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { nodeById } from '../../../state/selectors';
import { useAppStore } from '../../../state/store';
import { validationData } from '../node-data';
import type { GraphNode } from '../rf-types';
import { NodeHead, NodeLine, NodeShell } from './NodeShell';

/** A subagent's `produces` check: did it write the files it promised? */
export const ValidationNode = memo(function ValidationNode({ id }: NodeProps<GraphNode>) {
  const node = useAppStore(nodeById(id));
  if (!node) return null;
  const d = validationData(node);
  const passed = d.verdict === 'passed';
  return (
    <NodeShell id={id} kind="validation" tone={passed ? 'neutral' : 'refuted'}>
      <NodeHead
        kind="Produces"
        title={d.subagentName ?? 'validation'}
        mono
        badge={<span className={`badge tone-${passed ? 'verified' : 'refuted'}`}>{d.verdict ?? '?'}</span>}
      />
      <NodeLine className="faint">
        <span className="it">{d.patterns} pattern(s)</span>
        {d.missing > 0 && <span className="it text-refuted">{d.missing} missing</span>}
      </NodeLine>
    </NodeShell>
  );
});
