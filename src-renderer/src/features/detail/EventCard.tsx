/**
 * One event of the selected node: its envelope at once, its full JSON when opened (read from
 * disk on demand). A launch's commands are shown side by side; corrections with before/after.
 */
import { useEffect, useRef, useState } from 'react';
import type { TimelineEntry } from '../../../../src-shared/bridge/contract';
import { formatBytes } from '../../shared/format';
import { useAppStore } from '../../state/store';
import { BookmarkButton } from '../bookmarks/BookmarkButton';
import { CopyLinkButton } from '../links/CopyLinkButton';
import { CommandDiff } from './CommandDiff';
import { CorrectionList } from './CorrectionList';
import { JsonView } from './JsonView';
import { launchCommands } from './launch-commands';
import { useEventDetail } from './use-event-detail';

export function EventCard(props: {
  sessionKey: string;
  eventId: string;
  entry: TimelineEntry | undefined;
  revision: number;
  defaultOpen: boolean;
  highlighted: boolean;
  /** Off when the node above already lists its corrections. */
  showCorrections: boolean;
}) {
  // The parent remounts a card when it becomes highlighted, so this starts open then.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? (props.defaultOpen || props.highlighted);
  const [showRaw, setShowRaw] = useState(false);
  const { detail, error, loading } = useEventDetail(props.sessionKey, props.eventId, props.revision, open);
  const ref = useRef<HTMLDivElement>(null);
  const e = props.entry;

  // An event picked in the timeline scrolls into view in this panel.
  useEffect(() => {
    if (props.highlighted) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [props.highlighted]);

  const body = detail ? (showRaw ? detail.raw : detail.corrected) : null;
  const cmd = detail ? launchCommands(detail.corrected) : null;
  return (
    <div
      ref={ref}
      className={`event-card${props.highlighted ? ' is-highlighted' : ''}`}
      data-testid="event-card"
      data-event-id={props.eventId}
    >
      <button
        type="button"
        className="event-card-head"
        aria-expanded={open}
        onClick={() => {
          setToggled(!open);
          useAppStore.getState().selectEvent(props.eventId, useAppStore.getState().selectedNodeId);
        }}
      >
        <span className="chevron">{open ? '▾' : '▸'}</span>
        <span className="event-kind mono">{e?.kind ?? 'event'}</span>
        {e?.seq !== null && e?.seq !== undefined && <span className="faint">#{e.seq}</span>}
        <span className="spacer" />
        {e && (
          <span
            className="faint nowrap"
            title={`${e.t !== null ? new Date(e.t).toISOString() : 'no timestamp'}\nbyte offset ${e.byteOffset}`}
          >
            line {e.lineNo} · {formatBytes(e.byteLength)}
          </span>
        )}
      </button>
      {open && (
        <div className="event-card-body">
          <div className="detail-actions">
            <CopyLinkButton
              target={{ kind: 'session', key: props.sessionKey, at: { kind: 'event', id: props.eventId } }}
            />
            <BookmarkButton
              target={{ kind: 'session', key: props.sessionKey, at: { kind: 'event', id: props.eventId } }}
              label={`${e?.kind ?? 'event'}${e?.seq !== null && e?.seq !== undefined ? ` #${e.seq}` : ''}`}
              seq={e?.seq ?? null}
            />
          </div>
          {loading && <div className="faint">Reading from disk…</div>}
          {error && <div className="text-refuted">Could not read this event: {error}</div>}
          {detail && (
            <>
              {cmd && <CommandDiff original={cmd.original} resolved={cmd.resolved} />}
              {props.showCorrections && <CorrectionList corrections={detail.corrections} />}
              {detail.corrections.length > 0 && (
                <div className="segmented">
                  <button type="button" className={showRaw ? '' : 'is-on'} onClick={() => setShowRaw(false)}>
                    corrected
                  </button>
                  <button type="button" className={showRaw ? 'is-on' : ''} onClick={() => setShowRaw(true)}>
                    as written
                  </button>
                </div>
              )}
              <JsonView value={body} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
