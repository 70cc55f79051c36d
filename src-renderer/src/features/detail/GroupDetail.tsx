/** A group node: totals, and every member in it (click one to see it). */
import { useMemo } from 'react';
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { selectExpandedGroups, selectGraphShape, selectRevision, selectViewKey } from '../../state/selectors';
import { useAppStore } from '../../state/store';
import { formatCost, formatDuration } from '../../shared/format';
import { groupCounts, KIND_PLURAL } from '../graph/nodes/group-counts';
import { toolData } from '../graph/node-data';
import { visibleGraphOf, type ToolGroup } from '../graph/visible-graph';
import { Facts } from './Facts';

const MAX_ROWS = 500;

/** The group `id` of the graph as drawn now (its members follow expansion and live growth). */
function useGroup(id: string): { group: ToolGroup | null; members: LineageNode[] } {
  const key = useAppStore(selectViewKey);
  // The shape the graph draws (graph-pace.ts), so the detail lists what the group node shows.
  const shape = useAppStore(selectGraphShape);
  const expanded = useAppStore(selectExpandedGroups);
  const revision = useAppStore(selectRevision);
  return useMemo(() => {
    if (!key || !shape || shape.key !== key) return { group: null, members: [] };
    const { nodes, edges, structure, growth } = shape;
    const group = visibleGraphOf(key, nodes, edges, expanded, structure, growth).groups.get(id) ?? null;
    const members = (group?.members ?? []).map((m) => nodes.get(m)).filter((n): n is LineageNode => !!n);
    return { group, members };
    // `revision`: the members' details change in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the maps change in place
  }, [id, key, shape, expanded, revision]);
}

export function GroupDetail({ id }: { id: string }) {
  const { group, members } = useGroup(id);
  if (group && group.memberKind !== 'tool_call')
    return <KindGroupDetail id={id} group={group} members={members} />;
  return <ToolGroupDetail id={id} group={group} members={members} />;
}

function ToolGroupDetail({
  id,
  group,
  members,
}: {
  id: string;
  group: ToolGroup | null;
  members: LineageNode[];
}) {
  const rows = members.map((m) => ({ node: m, d: toolData(m) }));
  const failed = rows.filter((r) => r.d.success === false).length;
  const pending = rows.filter((r) => !r.d.hasResult).length;
  const total = rows.reduce((a, r) => a + (r.d.durationMs ?? 0), 0);
  const cost = rows.reduce((a, r) => a + (r.d.costUsd ?? 0), 0);

  return (
    <>
      <header className="detail-head">
        <div className="detail-kind">Tool calls</div>
        <div className="detail-title mono">{group?.toolName ?? id}</div>
        <div className="detail-id mono faint">{id}</div>
      </header>
      <Facts
        facts={[
          ['calls', members.length],
          ['failed', failed ? <span className="text-refuted">{failed}</span> : null],
          ['pending', pending || null],
          ['total time', formatDuration(total)],
          ['cost', cost ? formatCost(cost) : null],
        ]}
      />
      <ExpandInGraph id={id} />
      <section className="detail-section">
        <h3>Calls</h3>
        <table className="kv-table member-table">
          <thead>
            <tr>
              <th>seq</th>
              <th>result</th>
              <th>duration</th>
              <th>detail</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, MAX_ROWS).map(({ node, d }) => (
              <tr
                key={node.id}
                className="clickable"
                onClick={() => useAppStore.getState().selectNode(node.id)}
              >
                <td className="faint">{node.seq ?? '—'}</td>
                <td
                  className={
                    !d.hasResult ? 'text-accent' : d.success === false ? 'text-refuted' : 'text-verified'
                  }
                >
                  {!d.hasResult ? 'pending' : d.success === false ? 'failed' : 'ok'}
                </td>
                <td>{formatDuration(d.durationMs)}</td>
                <td className="ellipsis mono">{d.error ?? (d.jobId ? `job ${d.jobId}` : d.toolCallId)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length > MAX_ROWS && (
          <div className="faint">…and {rows.length - MAX_ROWS} more; see the timeline.</div>
        )}
      </section>
    </>
  );
}

function KindGroupDetail({ id, group, members }: { id: string; group: ToolGroup; members: LineageNode[] }) {
  const counts = groupCounts(group.memberKind, members);
  return (
    <>
      <header className="detail-head">
        <div className="detail-kind">Group</div>
        <div className="detail-title">{KIND_PLURAL[group.memberKind]}</div>
        <div className="detail-id mono faint">{id}</div>
      </header>
      <Facts
        facts={[
          ['members', members.length],
          ...Object.entries(counts).map(([k, v]): [string, number] => [k, v]),
        ]}
      />
      <ExpandInGraph id={id} />
      <section className="detail-section">
        <h3>Members</h3>
        <table className="kv-table member-table">
          <thead>
            <tr>
              <th>seq</th>
              <th>name</th>
            </tr>
          </thead>
          <tbody>
            {members.slice(0, MAX_ROWS).map((node) => (
              <tr
                key={node.id}
                className="clickable"
                onClick={() => useAppStore.getState().selectNode(node.id)}
              >
                <td className="faint">{node.seq ?? '—'}</td>
                <td className={`ellipsis mono${node.missing ? ' text-refuted' : ''}`}>{node.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {members.length > MAX_ROWS && (
          <div className="faint">…and {members.length - MAX_ROWS} more; see the timeline.</div>
        )}
      </section>
    </>
  );
}

/** Opens or closes a group in the graph (tool-call groups and node groups alike). */
function ExpandInGraph({ id }: { id: string }) {
  const expanded = useAppStore((s) => s.expandedGroups.has(id));
  return (
    <div className="detail-actions">
      <button type="button" className="button" onClick={() => useAppStore.getState().toggleGroup(id)}>
        {expanded ? 'Collapse in graph' : 'Expand in graph'}
      </button>
    </div>
  );
}
