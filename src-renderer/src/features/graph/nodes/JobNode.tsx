import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { nodeById } from '../../../state/selectors';
import { useAppStore } from '../../../state/store';
import { formatCost, formatCount } from '../../../shared/format';
import { jobData, jobStatusTone, type JobStatus } from '../node-data';
import type { GraphNode } from '../rf-types';
import { Marks, NodeHead, NodeLine, NodeShell } from './NodeShell';

/** The last few statuses, each with SkyPilot's raw status in its tooltip and shown when it differs. */
function StatusChain({ history, total }: { history: JobStatus[]; total: number }) {
  const shown = history.slice(-3);
  return (
    <span className="status-chain">
      {total > shown.length && <span className="faint">… </span>}
      {shown.map((s, i) => (
        <span key={s.eventId ?? i}>
          {i > 0 && <span className="faint"> → </span>}
          <span
            className={`text-${jobStatusTone(s.status)}`}
            title={`status ${s.status ?? '?'}${s.skyStatusRaw ? `\nraw (SkyPilot): ${s.skyStatusRaw}` : ''}${s.seq !== null ? `\nseq ${s.seq}` : ''}`}
          >
            {s.status ?? '?'}
          </span>
        </span>
      ))}
    </span>
  );
}

export const JobNode = memo(function JobNode({ id }: NodeProps<GraphNode>) {
  const node = useAppStore(nodeById(id));
  if (!node) return null;
  const d = jobData(node);
  const launch = d.launches.at(-1);
  const raw = d.statusHistory.at(-1)?.skyStatusRaw;
  const tone = jobStatusTone(d.status);
  return (
    <NodeShell id={id} kind="job" tone={tone === 'refuted' ? 'refuted' : 'neutral'}>
      <NodeHead
        kind="Job"
        title={d.jobId}
        mono
        badge={
          <span className={`badge tone-${tone}`}>{d.status ?? (d.launchCount ? 'launched' : 'unknown')}</span>
        }
      />
      <NodeLine>
        <span className="it">
          {d.launchCount} launch{d.launchCount === 1 ? '' : 'es'}
        </span>
        {launch?.mode && <span className="it faint">{launch.mode}</span>}
        {launch?.service && <span className="it faint ellipsis">{launch.service}</span>}
      </NodeLine>
      <NodeLine>
        {d.statusHistory.length ? (
          <StatusChain history={d.statusHistory} total={d.statusCount} />
        ) : (
          <span className="faint">no status events</span>
        )}
      </NodeLine>
      <NodeLine className="faint">
        {raw ? (
          <span className="mono ellipsis" title="SkyPilot's raw status">
            {raw}
          </span>
        ) : (
          <span>
            {d.inferred ? 'inferred from references' : `${formatCount(d.expectedCount)} expected artifact(s)`}
          </span>
        )}
        <span className="spacer" />
        {d.costUsd !== null && <span>{formatCost(d.costUsd)}</span>}
        <Marks corrected={node.corrections.length} />
      </NodeLine>
    </NodeShell>
  );
});
