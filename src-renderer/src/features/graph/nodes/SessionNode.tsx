import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { nodeById, selectViewSummary } from '../../../state/selectors';
import { useAppStore } from '../../../state/store';
import { formatCost, formatCount, formatDuration, shortModel } from '../../../shared/format';
import { sessionData } from '../node-data';
import type { GraphNode } from '../rf-types';
import { NodeHead, NodeLine, NodeShell } from './NodeShell';

/** The session itself: what session_end reported, or that it has not ended yet. */
export const SessionNode = memo(function SessionNode({ id }: NodeProps<GraphNode>) {
  const node = useAppStore(nodeById(id));
  // The event count is shown only while the session names no model; it changes with every
  // live append, so it is not even read otherwise.
  const events = useAppStore((s) => {
    const model = s.data?.nodes.get(id)?.data['model'];
    return typeof model === 'string' && model ? null : (selectViewSummary(s)?.events ?? null);
  });
  if (!node) return null;
  const d = sessionData(node);
  const badge = d.ended ? (
    <span className="badge tone-muted">{d.exitReason ?? 'ended'}</span>
  ) : (
    <span className="badge tone-accent">no end yet</span>
  );
  return (
    <NodeShell id={id} kind="session" tone="accent">
      <NodeHead kind="Session" title={node.label} badge={badge} mono />
      <NodeLine>
        {d.model && (
          <span className="it" title={d.model}>
            {shortModel(d.model)}
          </span>
        )}
        {d.iterations !== null && <span className="it faint">{d.iterations} iterations</span>}
        {!d.model && events !== null && <span className="it">{formatCount(events)} events so far</span>}
      </NodeLine>
      <NodeLine className="faint">
        {d.ended ? (
          <>
            {d.tokensIn !== null && (
              <span className="it">
                {formatCount(d.tokensIn)} in / {formatCount(d.tokensOut ?? 0)} out
              </span>
            )}
            {d.costUsd !== null && <span className="it">{formatCost(d.costUsd)}</span>}
            {d.wallSeconds !== null && <span className="it">{formatDuration(d.wallSeconds * 1000)}</span>}
          </>
        ) : (
          <span>session_end not written yet</span>
        )}
      </NodeLine>
    </NodeShell>
  );
});
