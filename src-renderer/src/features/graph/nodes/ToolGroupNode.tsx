import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../../state/store';
import { formatCount, formatDuration } from '../../../shared/format';
import type { GraphNode } from '../rf-types';
import { groupTotals } from './group-stats';
import { GroupToggle } from './GroupToggle';
import { useShownGroup } from '../shown-graph';
import { NodeHead, NodeLine, NodeShell } from './NodeShell';

const groupStats = groupTotals((node) => {
  const d = node.data;
  return {
    failed: d['success'] === false ? 1 : 0,
    pending: d['hasResult'] === false ? 1 : 0,
    corrected: node.corrections.length ? 1 : 0,
    durationMs: typeof d['durationMs'] === 'number' ? d['durationMs'] : 0,
  };
});

/** Sibling calls of one tool, collapsed into one node; the button shows or hides the calls. */
export const ToolGroupNode = memo(function ToolGroupNode({ id, data }: NodeProps<GraphNode>) {
  const group = useShownGroup(id, data.visible.group!);
  const totals = useAppStore(useShallow((s) => groupStats(s, id, group)));
  const stats = {
    failed: totals['failed'] ?? 0,
    pending: totals['pending'] ?? 0,
    corrected: totals['corrected'] ?? 0,
    durationMs: totals['durationMs'] ?? 0,
    isNew: totals['isNew'] === 1,
  };
  const n = group.members.length;
  const tone = stats.failed ? 'refuted' : stats.pending ? 'accent' : 'neutral';
  return (
    <NodeShell id={id} kind="tool_group" isNew={stats.isNew} title={`${n} ${group.toolName} call(s)`}>
      <NodeHead
        kind="Tool"
        title={group.toolName}
        mono
        badge={
          <>
            {stats.corrected > 0 && (
              <span className="mark mark-corrected" title={`${stats.corrected} call(s) corrected`}>
                ✎ {stats.corrected}
              </span>
            )}
            <span className={`badge tone-${tone}`}>×{formatCount(n)}</span>
          </>
        }
      />
      <NodeLine className="faint">
        <span className="it">{stats.durationMs ? formatDuration(stats.durationMs) : 'no durations'}</span>
        {stats.failed > 0 && <span className="it text-refuted">{stats.failed} failed</span>}
        {stats.pending > 0 && <span className="it">{stats.pending} pending</span>}
        <GroupToggle id={id} expanded={group.expanded} shown={group.shown} total={n} />
      </NodeLine>
    </NodeShell>
  );
});
