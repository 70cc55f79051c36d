/** A job's launches (with their commands) and its full status history with SkyPilot's raw statuses. */
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { jobData, jobStatusTone } from '../graph/node-data';
import { CommandDiff } from './CommandDiff';

export function JobSections({ node }: { node: LineageNode }) {
  const d = jobData(node);
  return (
    <>
      {d.launches.length > 0 && (
        <section className="detail-section">
          <h3>
            Launches{' '}
            <span className="faint">
              {d.launchCount > d.launches.length
                ? `newest ${d.launches.length} of ${d.launchCount}`
                : d.launchCount}
            </span>
          </h3>
          {d.launches.map((l, i) => (
            <div key={l.eventId ?? i} className="launch">
              <div className="launch-head">
                <span className="faint">#{l.seq ?? '?'}</span>
                <span>{l.mode ?? 'mode ?'}</span>
                {l.clusterName && <span className="mono faint">{l.clusterName}</span>}
                {l.service && <span className="faint">· {l.service}</span>}
              </div>
              {l.image && <div className="mono faint ellipsis">{l.image}</div>}
              {l.commandOriginal !== null && l.commandResolved !== null && (
                <CommandDiff original={l.commandOriginal} resolved={l.commandResolved} />
              )}
            </div>
          ))}
        </section>
      )}
      {d.statusHistory.length > 0 && (
        <section className="detail-section">
          <h3>
            Status history{' '}
            <span className="faint">
              {d.statusCount > d.statusHistory.length
                ? `newest ${d.statusHistory.length} of ${d.statusCount}`
                : d.statusCount}
            </span>
          </h3>
          <table className="kv-table" data-testid="status-history">
            <thead>
              <tr>
                <th>seq</th>
                <th>status</th>
                <th>from</th>
                <th>raw (SkyPilot)</th>
              </tr>
            </thead>
            <tbody>
              {d.statusHistory.map((s, i) => (
                <tr key={s.eventId ?? i} title={s.errorPreview ?? undefined}>
                  <td className="faint">{s.seq ?? '—'}</td>
                  <td className={`text-${jobStatusTone(s.status)}`}>{s.status ?? '?'}</td>
                  <td className="faint">{s.statusPrevious ?? '—'}</td>
                  <td className="mono">{s.skyStatusRaw ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {d.statusHistory.some((s) => s.errorPreview) && (
            <div className="text-refuted job-error-preview">
              {[...d.statusHistory].reverse().find((s) => s.errorPreview)?.errorPreview}
            </div>
          )}
        </section>
      )}
    </>
  );
}
