import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { useShallow } from 'zustand/react/shallow';
import type { AppState } from '../../../state/store';
import { useAppStore } from '../../../state/store';
import { formatCount, formatDuration } from '../../../shared/format';
import type { GraphNode } from '../rf-types';
import { NodeHead, NodeLine, NodeShell } from './NodeShell';

function groupStats(s: AppState, members: readonly string[]) {
  let failed = 0;
  let pending = 0;
  let corrected = 0;
  let durationMs = 0;
  const nodes = s.data?.nodes;
  for (const id of members) {
    const node = nodes?.get(id);
    const d = node?.data;
    if (!node || !d) continue;
    if (node.corrections.length) corrected++;
    if (d['success'] === false) failed++;
    if (d['hasResult'] === false) pending++;
    if (typeof d['durationMs'] === 'number') durationMs += d['durationMs'];
  }
  let isNew = false;
  for (const id of s.newNodes) if (members.includes(id)) isNew = true;
  return { failed, pending, corrected, durationMs, isNew };
}

/** Sibling calls of one tool, collapsed into one node; the button shows or hides the calls. */
export const ToolGroupNode = memo(function ToolGroupNode({ id, data }: NodeProps<GraphNode>) {
  const group = data.visible.group!;
  const stats = useAppStore(useShallow((s) => groupStats(s, group.members)));
  const toggle = useAppStore((s) => s.toggleGroup);
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
        {group.expanded && group.shown < n && (
          <span className="it">
            {group.shown} of {n} shown
          </span>
        )}
        <span className="spacer" />
        <button
          type="button"
          className="link-button nodrag nopan"
          data-testid="group-toggle"
          onClick={(e) => {
            e.stopPropagation();
            toggle(id);
          }}
        >
          {group.expanded ? 'Collapse' : 'Expand'}
        </button>
      </NodeLine>
    </NodeShell>
  );
});
