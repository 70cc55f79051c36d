/**
 * The bookmark timeline: every event in ledger order, drawn on its lane (branch/rewind events open
 * lanes, merges join them), with snapshot and bookmark markers, rollups and the raw events they
 * compose, and each violation on the event where it occurs. Selecting an event shows it in full.
 */
import { CopyLinkButton } from '../links/CopyLinkButton';
import { BookmarkFields } from '../bookmarks/BookmarkFields';
import { useDocFocus, useReportDocPoint } from '../links/use-doc-link';
import { useMemo, useState } from 'react';
import type { LedgerEvent, LedgerModel } from '../../../../src-shared/formats/change-ledger/types';
import { COL_W, GUTTER_PAD, ROW_H, laneEdges, laneX, rowY } from './lane-graph';
import type { UserBookmarks } from './use-user-bookmarks';

const LANE_TONES = 4;

function actionTone(e: LedgerEvent): string {
  switch (e.actionType) {
    case 'merge':
      return 'tone-accent';
    case 'rollup':
      return 'tone-insufficient';
    case 'branch':
    case 'rewind':
      return 'tone-accent';
    case 'snapshot_create':
    case 'checkpoint':
      return 'tone-verified';
    default:
      return '';
  }
}

export function LedgerTimeline({
  docKey,
  model,
  onCompare,
  pins,
}: {
  docKey: string;
  model: LedgerModel;
  onCompare: (from: string, to: string) => void;
  pins: UserBookmarks;
}) {
  const [selected, setSelected] = useState<string | null>(null);
  const pinsByEvent = useMemo(() => {
    const m = new Map<string, UserBookmarks['list']>();
    for (const p of pins.list) m.set(p.eventKey, [...(m.get(p.eventKey) ?? []), p]);
    return m;
  }, [pins.list]);
  const select = (key: string) => {
    setSelected(key);
    const index = model.events.find((e) => e.key === key)?.index;
    if (index !== undefined)
      document
        .querySelector(`[data-testid="ledger-event"][data-index="${index}"]`)
        ?.scrollIntoView({ block: 'nearest' });
  };
  // Links: show the event a link names; the URL follows the selected event.
  useDocFocus(docKey, (at) => {
    if (at.kind !== 'event')
      return `A change ledger has events, not ${at.kind}s: the link names a point it cannot have.`;
    if (!model.events.some((e) => e.key === at.id)) return `Event ${at.id} is not in this ledger (yet).`;
    select(at.id);
    return null;
  });
  useReportDocPoint(docKey, selected ? { kind: 'event', id: selected } : null);
  const edges = useMemo(() => laneEdges(model), [model]);
  const laneColumn = useMemo(() => new Map(model.lanes.map((l) => [l.name, l.column])), [model]);
  const byEvent = useMemo(() => {
    const m = new Map<number, LedgerModel['violations']>();
    for (const v of model.violations)
      if (v.eventIndex !== null) m.set(v.eventIndex, [...(m.get(v.eventIndex) ?? []), v]);
    return m;
  }, [model]);
  const firstOfLane = useMemo(() => new Set(model.lanes.map((l) => l.firstKey)), [model]);
  const ledgerProblems = model.violations.filter((v) => v.eventIndex === null);
  const before = model.snapshots.filter((s) => s.eventIndex === -1);
  const gutter = GUTTER_PAD * 2 + Math.max(0, model.lanes.length - 1) * COL_W;
  const height = model.events.length * ROW_H;
  const current = model.events.find((e) => e.key === selected) ?? null;

  return (
    <div className="ledger-timeline-wrap">
      <div className="ledger-timeline" data-testid="ledger-timeline">
        <div className="ledger-lanes" data-testid="ledger-lanes">
          {model.lanes.map((l) => (
            <span
              key={l.name}
              className="ledger-lane-legend"
              data-testid="ledger-lane"
              data-lane={l.name}
              title={`opened by ${l.openedBy}${l.forkKey ? ` from ${l.forkKey}` : ''}`}
            >
              <i className={`lane-swatch lane-tone-${l.column % LANE_TONES}`} />
              <strong>{l.name}</strong>
              <span className="faint">
                {l.events} event{l.events === 1 ? '' : 's'}
                {l.openedBy !== 'root' && ` · ${l.openedBy}${l.forkKey ? ` from ${l.forkKey}` : ''}`}
                {l.mergedInto.map((m) => ` · merged into ${m.intoLane} by ${m.mergeKey}`).join('')}
              </span>
            </span>
          ))}
        </div>
        {pins.list.length > 0 && (
          <div className="ledger-pins" data-testid="user-bookmarks">
            <span className="ledger-pins-title">Your bookmarks</span>
            {pins.list.map((p) => (
              <span key={p.id} className="ledger-pin" data-testid="user-bookmark" data-name={p.name}>
                <button
                  type="button"
                  className="ledger-pin-name"
                  onClick={() => select(p.eventKey)}
                  title={p.note}
                >
                  ★ {p.name}
                </button>
                <span className="faint">
                  on {p.eventId ?? p.eventKey}
                  {p.note && ` — ${p.note}`}
                </span>
                <button
                  type="button"
                  className="ledger-pin-remove"
                  aria-label={`Remove bookmark ${p.name}`}
                  onClick={() => pins.remove(p.id)}
                  data-testid="user-bookmark-remove"
                >
                  ✕
                </button>
              </span>
            ))}
          </div>
        )}
        {(ledgerProblems.length > 0 || before.length > 0) && (
          <div className="ledger-preamble">
            {before.map((s) => (
              <span key={s.file} className="chip chip-verified" data-testid="ledger-snapshot-marker">
                snapshot {s.id ?? s.file} · before every event
              </span>
            ))}
            {ledgerProblems.map((v, i) => (
              <div key={i} className="ledger-problem" data-testid="ledger-violation" data-rule={v.rule}>
                <span className="badge badge-solid tone-refuted">{v.rule}</span>
                <span className="ellipsis">{v.message}</span>
              </div>
            ))}
          </div>
        )}
        <div className="ledger-rows" style={{ height }}>
          <svg className="ledger-gutter" width={gutter} height={height} aria-hidden="true">
            {edges.map((edge, i) => (
              <path
                key={i}
                d={edge.d}
                className={`lane-edge lane-tone-${edge.column % LANE_TONES}${edge.merge ? ' is-merge' : ''}`}
              />
            ))}
            {model.events.map((e) => {
              const x = laneX(laneColumn.get(e.lane) ?? 0);
              const y = rowY(e.index);
              const tone = `lane-tone-${(laneColumn.get(e.lane) ?? 0) % LANE_TONES}`;
              const bad = e.rules.length > 0;
              if (e.actionType === 'merge')
                return (
                  <rect
                    key={e.key}
                    x={x - 6}
                    y={y - 6}
                    width={12}
                    height={12}
                    transform={`rotate(45 ${x} ${y})`}
                    className={`lane-dot ${tone}${bad ? ' is-bad' : ''}`}
                  />
                );
              if (e.actionType === 'rollup')
                return (
                  <rect
                    key={e.key}
                    x={x - 5}
                    y={y - 5}
                    width={10}
                    height={10}
                    rx={2}
                    className={`lane-dot is-hollow ${tone}${bad ? ' is-bad' : ''}`}
                  />
                );
              return (
                <circle
                  key={e.key}
                  cx={x}
                  cy={y}
                  r={e.snapshotIds.length || e.bookmark ? 6 : 4.5}
                  className={`lane-dot ${tone}${e.rolledUpBy ? ' is-hollow' : ''}${bad ? ' is-bad' : ''}`}
                />
              );
            })}
          </svg>
          {model.events.map((e) => {
            const violations = byEvent.get(e.index) ?? [];
            return (
              <div
                key={e.key}
                role="button"
                tabIndex={0}
                className={`ledger-row${selected === e.key ? ' is-selected' : ''}${violations.length ? ' has-violation' : ''}${e.rolledUpBy ? ' is-rolled-up' : ''}`}
                style={{ top: e.index * ROW_H, height: ROW_H, paddingLeft: gutter + 4 }}
                onClick={() => setSelected(e.key === selected ? null : e.key)}
                onKeyDown={(ev) => {
                  if (ev.key === 'Enter' || ev.key === ' ') {
                    ev.preventDefault();
                    setSelected(e.key === selected ? null : e.key);
                  }
                }}
                data-testid="ledger-event"
                data-event-id={e.id ?? ''}
                data-event-key={e.key}
                data-index={e.index}
                data-lane={e.lane}
                data-action={e.actionType ?? ''}
                data-violations={violations.map((v) => v.rule).join(' ')}
              >
                <div className="ledger-row-line">
                  <span className="ledger-seq faint">{e.index + 1}</span>
                  <code className="ledger-id">{e.id ?? e.key}</code>
                  <span className={`badge ${actionTone(e)}`}>{e.actionType ?? 'no action'}</span>
                  {firstOfLane.has(e.key) && model.lanes.length > 1 && (
                    <span className="ledger-lane-name">
                      <i className={`lane-swatch lane-tone-${(laneColumn.get(e.lane) ?? 0) % LANE_TONES}`} />
                      {e.lane}
                    </span>
                  )}
                  <span className="ellipsis-start ledger-files" title={e.files.join(', ')}>
                    {e.files.filter((f) => f !== '.').join(', ')}
                  </span>
                  <span className="spacer" />
                  {e.author?.name && (
                    <span className="faint nowrap">
                      {e.author.name}
                      {e.author.kind ? ` (${e.author.kind})` : ''}
                    </span>
                  )}
                  {e.ts && (
                    <span className="faint nowrap mono ledger-ts">{e.ts.replace('T', ' ').slice(0, 19)}</span>
                  )}
                </div>
                <div className="ledger-row-line ledger-markers">
                  {e.bookmark && (
                    <span
                      className="chip chip-accent"
                      data-testid="ledger-bookmark-marker"
                      data-bookmark={e.bookmark}
                    >
                      ⚑ {e.bookmark}
                    </span>
                  )}
                  {(pinsByEvent.get(e.key) ?? []).map((p) => (
                    <span
                      key={p.id}
                      className="chip ledger-pin-chip"
                      data-testid="user-bookmark-marker"
                      data-name={p.name}
                      title={p.note}
                    >
                      ★ {p.name}
                    </span>
                  ))}
                  {e.snapshotIds.map((s) => (
                    <span
                      key={s}
                      className="chip chip-verified"
                      data-testid="ledger-snapshot-marker"
                      data-snapshot={s}
                    >
                      ◉ snapshot {s}
                    </span>
                  ))}
                  {e.actionType === 'merge' && e.mergeParentKeys.length > 0 && (
                    <span className="chip chip-muted" data-testid="ledger-merge">
                      joins {e.mergeParentKeys.join(', ')} into {e.lane}
                    </span>
                  )}
                  {e.rollupOf.length > 0 && (
                    <span className="chip chip-insufficient" data-testid="ledger-rollup">
                      rollup of {e.rollupOf.join(', ')}
                    </span>
                  )}
                  {e.rolledUpBy && (
                    <span className="chip chip-muted" data-testid="ledger-rolled-up">
                      in rollup {e.rolledUpBy}
                    </span>
                  )}
                  {violations.map((v, i) => (
                    <span
                      key={i}
                      className="chip chip-refuted"
                      data-testid="ledger-violation"
                      data-rule={v.rule}
                      title={v.message}
                    >
                      ⚠ {v.rule}
                    </span>
                  ))}
                  {violations[0] && (
                    <span className="ellipsis text-refuted ledger-message">{violations[0].message}</span>
                  )}
                  {!violations[0] && e.rationale && <span className="ellipsis faint">{e.rationale}</span>}
                </div>
              </div>
            );
          })}
        </div>
      </div>
      {current && (
        <EventDetail
          docKey={docKey}
          event={current}
          model={model}
          onCompare={onCompare}
          onClose={() => setSelected(null)}
          pins={pins}
        />
      )}
    </div>
  );
}

function EventDetail({
  docKey,
  event,
  model,
  onCompare,
  onClose,
  pins,
}: {
  docKey: string;
  event: LedgerEvent;
  model: LedgerModel;
  onCompare: (from: string, to: string) => void;
  onClose: () => void;
  pins: UserBookmarks;
}) {
  const violations = model.violations.filter((v) => v.eventIndex === event.index);
  const points = [
    ...model.bookmarks.map((b) => ({ name: b.name, index: b.eventIndex })),
    ...model.snapshots
      .filter((s) => s.id && s.eventIndex !== null)
      .map((s) => ({ name: s.id!, index: s.eventIndex! })),
  ].sort((a, b) => a.index - b.index);
  const here = event.bookmark ?? event.snapshotIds[0] ?? null;
  const previous = here ? [...points].reverse().find((p) => p.index < event.index) : undefined;
  return (
    <aside className="ledger-detail" data-testid="ledger-event-detail">
      <div className="ledger-detail-head">
        <code>{event.id ?? event.key}</code>
        <span className={`badge ${actionTone(event)}`}>{event.actionType ?? 'no action'}</span>
        <span className="spacer" />
        <CopyLinkButton
          className="ledger-btn"
          target={{ kind: 'document', key: docKey, at: { kind: 'event', id: event.key } }}
        />
        <button type="button" className="ledger-btn" onClick={onClose} aria-label="Close">
          ✕
        </button>
      </div>
      <dl className="ledger-facts">
        <dt>lane</dt>
        <dd>{event.lane}</dd>
        <dt>line</dt>
        <dd>{event.line}</dd>
        {event.parentKey && (
          <>
            <dt>parent</dt>
            <dd>{event.parentKey}</dd>
          </>
        )}
        {event.operationId && (
          <>
            <dt>operation</dt>
            <dd>{event.operationId}</dd>
          </>
        )}
        {event.diffPath && (
          <>
            <dt>diff</dt>
            <dd className="mono">
              {event.diffPath} {event.diffMode && <span className="faint">({event.diffMode})</span>}
            </dd>
          </>
        )}
        {event.files.length > 0 && (
          <>
            <dt>files</dt>
            <dd className="mono">{event.files.join('\n')}</dd>
          </>
        )}
      </dl>
      {here && previous && (
        <button
          type="button"
          className="ledger-btn is-primary"
          onClick={() => onCompare(previous.name, here)}
        >
          Compare {previous.name} → {here}
        </button>
      )}
      <PinForm key={event.key} eventKey={event.key} pins={pins} />
      {violations.map((v, i) => (
        <div key={i} className="ledger-problem is-block">
          <span className="badge badge-solid tone-refuted">{v.rule}</span>
          <span>{v.message}</span>
        </div>
      ))}
      <pre className="ledger-json">{JSON.stringify(event.record, null, 2)}</pre>
    </aside>
  );
}

/** Pins the selected event with a name and a note: the user's own bookmark, kept by the app. */
function PinForm({ eventKey, pins }: { eventKey: string; pins: UserBookmarks }) {
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="ledger-pin-form"
      data-testid="user-bookmark-form"
      onSubmit={(ev) => {
        ev.preventDefault();
        if (!name.trim() || busy) return;
        setBusy(true);
        void pins.add(eventKey, name.trim(), note).then((ok) => {
          setBusy(false);
          if (ok) {
            setName('');
            setNote('');
          }
        });
      }}
    >
      <div className="ledger-pin-form-title">Bookmark this event</div>
      <BookmarkFields
        name={name}
        note={note}
        onName={setName}
        onNote={setNote}
        rows={2}
        testIds={{ name: 'user-bookmark-name', note: 'user-bookmark-note' }}
      />
      <button
        type="submit"
        className="ledger-btn is-primary"
        disabled={!name.trim() || busy}
        data-testid="user-bookmark-save"
      >
        Add bookmark
      </button>
      {pins.error && <div className="text-refuted">{pins.error}</div>}
    </form>
  );
}
