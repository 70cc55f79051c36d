import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { useShallow } from 'zustand/react/shallow';
import { formatCount } from '../../../shared/format';
import { useAppStore } from '../../../state/store';
import { groupCounts, KIND_PLURAL } from './group-counts';
import type { GraphNode } from '../rf-types';
import { groupTotals } from './group-stats';
import { GroupToggle } from './GroupToggle';
import { useShownGroup } from '../shown-graph';
import { NodeHead, NodeLine, NodeShell } from './NodeShell';

const SHOWN: { key: string; tone: string }[] = [
  { key: 'refuted', tone: 'refuted' },
  { key: 'failed', tone: 'refuted' },
  { key: 'missing', tone: 'refuted' },
  { key: 'insufficient', tone: 'insufficient' },
  { key: 'warning', tone: 'warning' },
  { key: 'verified', tone: 'verified' },
  { key: 'running', tone: 'accent' },
  { key: 'done', tone: 'verified' },
  { key: 'stale', tone: 'warning' },
  { key: 'corrected', tone: 'warning' },
];

const stats = groupTotals((node) => groupCounts(node.kind, [node]));

/** Many siblings of one kind (artifacts, verdicts, jobs…) in one node; the button shows or hides them. */
export const NodeGroupNode = memo(function NodeGroupNode({ id, data }: NodeProps<GraphNode>) {
  const group = useShownGroup(id, data.visible.group!);
  const counts = useAppStore(useShallow((s) => stats(s, id, group)));
  const n = group.members.length;
  const label = KIND_PLURAL[group.memberKind];
  const worst = (counts['refuted'] ?? 0) + (counts['failed'] ?? 0) + (counts['missing'] ?? 0);
  return (
    <NodeShell id={id} kind="node_group" isNew={counts.isNew === 1} title={`${n} ${label.toLowerCase()}`}>
      <NodeHead
        kind="Group"
        title={label}
        badge={<span className={`badge tone-${worst ? 'refuted' : 'neutral'}`}>×{formatCount(n)}</span>}
      />
      <NodeLine className="faint">
        {/* One line: the most telling few (the detail panel lists them all). */}
        {SHOWN.filter((c) => counts[c.key])
          .slice(0, group.expanded ? 2 : 3)
          .map((c) => (
            <span key={c.key} className={`it text-${c.tone}`}>
              {formatCount(counts[c.key]!)} {c.key}
            </span>
          ))}
        <GroupToggle id={id} expanded={group.expanded} shown={group.shown} total={n} />
      </NodeLine>
    </NodeShell>
  );
});
