import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { nodeById } from '../../../state/selectors';
import { useAppStore } from '../../../state/store';
import { EllipsisStart } from '../../../shared/ui';
import { verdictTone, verificationData } from '../node-data';
import type { GraphNode } from '../rf-types';
import { Marks, NodeHead, NodeLine, NodeShell } from './NodeShell';

/** A verdict, coloured by what it says; stale and corrected verdicts are marked. */
export const VerificationNode = memo(function VerificationNode({ id }: NodeProps<GraphNode>) {
  const node = useAppStore(nodeById(id));
  if (!node) return null;
  const d = verificationData(node);
  const tone = verdictTone(d.verdict);
  return (
    <NodeShell id={id} kind="verification" tone={tone}>
      <NodeHead
        kind="Verify"
        title={d.gate ?? 'verification'}
        badge={<span className={`badge badge-solid tone-${tone}`}>{d.verdict ?? '?'}</span>}
      />
      <NodeLine className="faint">
        {d.confidence !== null && (
          <span className="it">confidence {Math.round(d.confidence * 100) / 100}</span>
        )}
        {d.verifier && <span className="it ellipsis">{d.verifier}</span>}
      </NodeLine>
      <NodeLine className="faint">
        <EllipsisStart className="it mono" text={d.filePath ?? d.claimKind ?? d.taskId ?? '—'} />
        {d.issues > 0 && <span className="it text-warning">{d.issues} issue(s)</span>}
        <Marks stale={node.stale} corrected={node.corrections.length} />
      </NodeLine>
    </NodeShell>
  );
});
