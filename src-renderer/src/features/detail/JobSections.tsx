/**
 * A job's launches (with their commands) and its full status history with SkyPilot's raw statuses.
 * The commands are not in the node (up to tens of KB each, and a cluster job is sent again with
 * every launch): each is read with its launch, from disk — the newest few at once, any other when
 * asked for — and shown whole.
 */
import { useState } from 'react';
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { jobData, jobStatusTone } from '../graph/node-data';
import { CommandDiff } from './CommandDiff';
import { launchCommands } from './launch-commands';
import { useEventDetail } from './use-event-detail';

/** Launches whose commands are read as soon as the job is shown (the newest). */
const COMMANDS_AT_ONCE = 3;

export function JobSections({ node, sessionKey }: { node: LineageNode; sessionKey: string }) {
  const d = jobData(node);
  const corrected = (eventId: string | null) => node.corrections.filter((c) => c.eventId === eventId).length;
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
              {l.eventId !== null && (
                <LaunchCommand
                  key={`${l.eventId}:${corrected(l.eventId)}`}
                  sessionKey={sessionKey}
                  eventId={l.eventId}
                  revision={corrected(l.eventId)}
                  atOnce={i >= d.launches.length - COMMANDS_AT_ONCE}
                />
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

/** One launch's commands, read from its event (`atOnce`, or once asked for). */
function LaunchCommand(props: { sessionKey: string; eventId: string; revision: number; atOnce: boolean }) {
  const [asked, setAsked] = useState(false);
  const wanted = props.atOnce || asked;
  const { detail, error, loading } = useEventDetail(props.sessionKey, props.eventId, props.revision, wanted);
  if (!wanted)
    return (
      <button type="button" className="link-button" data-testid="show-command" onClick={() => setAsked(true)}>
        Show command
      </button>
    );
  if (error) return <div className="text-refuted">command not read: {error}</div>;
  if (loading || !detail) return <div className="faint">reading the command…</div>;
  const cmd = launchCommands(detail.corrected);
  return cmd ? (
    <CommandDiff original={cmd.original} resolved={cmd.resolved} />
  ) : (
    <div className="faint">no command in this launch</div>
  );
}
