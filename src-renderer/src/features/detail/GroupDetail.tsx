/** A tool-call group: totals, and every call in it (click one to see its events). */
import { useMemo } from 'react';
import { selectEdges, selectNodes } from '../../state/selectors';
import { useAppStore } from '../../state/store';
import { formatCost, formatDuration } from '../../shared/format';
import { toolData } from '../graph/node-data';
import { Facts } from './Facts';
import { groupMembers, parseGroupId } from './group-members';

const MAX_ROWS = 500;

export function GroupDetail({ id }: { id: string }) {
  const nodes = useAppStore(selectNodes);
  const edges = useAppStore(selectEdges);
  const expanded = useAppStore((s) => s.expandedGroups.has(id));
  const members = useMemo(() => (nodes && edges ? groupMembers(id, nodes, edges) : []), [id, nodes, edges]);
  const g = parseGroupId(id);
  const rows = members.map((m) => ({ node: m, d: toolData(m) }));
  const failed = rows.filter((r) => r.d.success === false).length;
  const pending = rows.filter((r) => !r.d.hasResult).length;
  const total = rows.reduce((a, r) => a + (r.d.durationMs ?? 0), 0);
  const cost = rows.reduce((a, r) => a + (r.d.costUsd ?? 0), 0);

  return (
    <>
      <header className="detail-head">
        <div className="detail-kind">Tool calls</div>
        <div className="detail-title mono">{g?.toolName ?? id}</div>
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
      <div className="detail-actions">
        <button type="button" className="button" onClick={() => useAppStore.getState().toggleGroup(id)}>
          {expanded ? 'Collapse in graph' : 'Expand in graph'}
        </button>
      </div>
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
