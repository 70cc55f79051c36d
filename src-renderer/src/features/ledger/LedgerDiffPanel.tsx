/**
 * The bookmark diff (CT-PROV-03): pick two bookmarks or snapshots, see every file changed between
 * them side by side — each event's hunks in order, or the net change where replay knows both ends
 * — binary changes with their impact summaries and hashes, and the replay check (CT-PROV-01).
 */
import { useEffect, useMemo, useState } from 'react';
import { call } from '../../host';
import type {
  LedgerDiffResult,
  UserLedgerBookmark,
} from '../../../../src-shared/bridge/services/ledger-service';
import type { BinaryImpact, FileDiff } from '../../../../src-shared/formats/change-ledger/bookmark-diff';
import { sideBySide, type Hunk } from '../../../../src-shared/formats/change-ledger/patches';
import type { ReplayCheck } from '../../../../src-shared/formats/change-ledger/replay';
import type { LedgerModel } from '../../../../src-shared/formats/change-ledger/types';

interface Point {
  /** What main resolves: a bookmark name, a snapshot id or (for the user's own bookmarks) an event id. */
  name: string;
  kind: 'bookmark' | 'snapshot' | 'pin';
  /** Shown in the picker (the user's bookmark's own name). */
  title: string;
  index: number;
  eventLabel: string;
}

function pointsOf(model: LedgerModel, pins: UserLedgerBookmark[]): Point[] {
  const label = (i: number) =>
    i < 0 ? 'before every event' : (model.events[i]?.id ?? model.events[i]?.key ?? '?');
  const points: Point[] = [
    ...model.bookmarks.map((b) => ({
      name: b.name,
      kind: 'bookmark' as const,
      title: b.name,
      index: b.eventIndex,
      eventLabel: label(b.eventIndex),
    })),
    ...model.snapshots
      .filter((s) => s.id !== null && s.eventIndex !== null && !model.bookmarks.some((b) => b.name === s.id))
      .map((s) => ({
        name: s.id!,
        title: s.id!,
        kind: 'snapshot' as const,
        index: s.eventIndex!,
        eventLabel: label(s.eventIndex!),
      })),
    ...pins.flatMap((p) => {
      const e = model.events.find((x) => x.key === p.eventKey);
      return e?.id
        ? [{ name: e.id, title: p.name, kind: 'pin' as const, index: e.index, eventLabel: e.id }]
        : [];
    }),
  ];
  return points.sort((a, b) => a.index - b.index || (a.kind === b.kind ? 0 : a.kind === 'snapshot' ? -1 : 1));
}

export function LedgerDiffPanel({
  docKey,
  model,
  range,
  onRange,
  pins,
}: {
  docKey: string;
  model: LedgerModel;
  pins: UserLedgerBookmark[];
  range: { from: string; to: string } | null;
  onRange: (range: { from: string; to: string }) => void;
}) {
  const points = useMemo(() => pointsOf(model, pins), [model, pins]);
  const from = range?.from ?? points[0]?.name ?? '';
  const to = range?.to ?? points[points.length - 1]?.name ?? '';
  const [result, setResult] = useState<{ for: string; value: LedgerDiffResult | Error } | null>(null);
  const want = `${from}\u0000${to}`;

  useEffect(() => {
    if (!from || !to) return;
    let live = true;
    call('ledger', 'diff', docKey, from, to).then(
      (value) => live && setResult({ for: want, value }),
      (error: Error) => live && setResult({ for: want, value: error }),
    );
    return () => {
      live = false;
    };
    // The model changes when the ledger grows: the diff is asked for again then.
  }, [docKey, from, to, want, model]);

  if (points.length === 0)
    return <div className="document-empty">This ledger has no bookmarks or snapshots to compare.</div>;

  const select = (which: 'from' | 'to', value: string) =>
    onRange({ from: which === 'from' ? value : from, to: which === 'to' ? value : to });

  const picker = (which: 'from' | 'to', value: string) => (
    <label className="ledger-pick">
      <span className="faint">{which === 'from' ? 'From' : 'To'}</span>
      <select
        value={value}
        onChange={(e) => select(which, e.target.value)}
        data-testid={`ledger-diff-${which}`}
      >
        {points.map((p, i) => (
          <option key={`${p.kind}:${p.name}:${i}`} value={p.name}>
            {p.kind === 'bookmark' ? '⚑' : p.kind === 'pin' ? '★' : '◉'} {p.title} — {p.eventLabel}
          </option>
        ))}
      </select>
    </label>
  );

  const current = result && result.for === want ? result.value : null;
  return (
    <div className="ledger-diff" data-testid="ledger-diff">
      <div className="ledger-diff-bar">
        {picker('from', from)}
        <button
          type="button"
          className="ledger-btn"
          title="Swap"
          onClick={() => onRange({ from: to, to: from })}
          data-testid="ledger-diff-swap"
        >
          ⇄
        </button>
        {picker('to', to)}
        {current && !(current instanceof Error) && current.outcome?.ok && (
          <span className="ledger-diff-total" data-testid="ledger-diff-summary">
            {current.outcome.diff.files.length} file{current.outcome.diff.files.length === 1 ? '' : 's'} ·{' '}
            {current.outcome.diff.events.length} event{current.outcome.diff.events.length === 1 ? '' : 's'} ·{' '}
            <span className="text-verified">+{current.outcome.diff.added}</span>{' '}
            <span className="text-refuted">−{current.outcome.diff.removed}</span>
            {current.outcome.diff.reversed && (
              <span className="chip chip-warning">reversed: events undone</span>
            )}
          </span>
        )}
      </div>
      <div className="ledger-diff-body">
        {!current ? (
          <div className="document-empty">Comparing…</div>
        ) : current instanceof Error ? (
          <div className="document-empty text-refuted">{current.message}</div>
        ) : !current.outcome ? (
          <div className="document-empty text-refuted">{current.error}</div>
        ) : !current.outcome.ok ? (
          <div className="document-empty text-refuted">{current.outcome.message}</div>
        ) : current.outcome.diff.files.length === 0 ? (
          <div className="document-empty">No files changed between these two points.</div>
        ) : (
          current.outcome.diff.files.map((f) => <FileCard key={f.path} file={f} />)
        )}
      </div>
    </div>
  );
}

function FileCard({ file }: { file: FileDiff }) {
  const [mode, setMode] = useState<'events' | 'net'>(file.net && file.steps.length > 1 ? 'net' : 'events');
  const replays = [file.replay.from, file.replay.to].filter((r): r is ReplayCheck => r !== null);
  return (
    <section
      className="ledger-file"
      data-testid="ledger-diff-file"
      data-path={file.path}
      data-added={file.added}
      data-removed={file.removed}
    >
      <header className="ledger-file-head">
        <code className="ellipsis-start ledger-file-path" title={file.path}>
          {file.oldPath && file.oldPath !== file.path ? `${file.oldPath} → ${file.path}` : file.path}
        </code>
        {file.created && <span className="badge tone-verified">added</span>}
        {file.deleted && <span className="badge tone-refuted">removed</span>}
        {file.binary && <span className="badge tone-insufficient">binary</span>}
        <span className="text-verified mono">+{file.added}</span>
        <span className="text-refuted mono">−{file.removed}</span>
        <span className="spacer" />
        {replays.map((r, i) => (
          <ReplayChip key={i} check={r} />
        ))}
        {file.net && file.steps.length > 0 && !file.binary && (
          <span className="ledger-seg">
            <button
              type="button"
              className={mode === 'net' ? 'is-on' : ''}
              onClick={() => setMode('net')}
              title="The file at both ends, as replay rebuilds it"
            >
              net
            </button>
            <button
              type="button"
              className={mode === 'events' ? 'is-on' : ''}
              onClick={() => setMode('events')}
              title="Each event's own diff, in order"
            >
              by event
            </button>
          </span>
        )}
      </header>
      {file.impacts.length > 0 && (
        <div className="ledger-impacts">
          {file.impacts.map((imp, i) => (
            <Impact key={i} impact={imp} />
          ))}
        </div>
      )}
      {mode === 'net' && file.net ? (
        file.net.hunks.length ? (
          file.net.hunks.map((h, i) => <HunkTable key={i} hunk={h} />)
        ) : (
          <div className="ledger-note faint">No net change: the events cancel out.</div>
        )
      ) : (
        file.steps.map((s) => (
          <div key={s.eventKey} className="ledger-step">
            <div className="ledger-step-head">
              <code>{s.eventId ?? s.eventKey}</code>
              <span className="badge">{s.actionType ?? '?'}</span>
              {s.oldPath && s.oldPath !== file.path && <span className="faint">from {s.oldPath}</span>}
              <span className="text-verified mono">+{s.added}</span>
              <span className="text-refuted mono">−{s.removed}</span>
              {s.note && <span className="faint ellipsis">{s.note}</span>}
            </div>
            {s.hunks.map((h, i) => (
              <HunkTable key={i} hunk={h} />
            ))}
          </div>
        ))
      )}
      {replays
        .filter((r) => r.status === 'diverged')
        .map((r, i) => (
          <div key={i} className="ledger-problem is-block" data-testid="ledger-replay-divergence">
            <span className="badge badge-solid tone-refuted">replay_divergence</span>
            <span>
              {r.reason} — manifest {r.snapshotId ?? ''} expects <code>{r.expected}</code>, rebuilt{' '}
              <code>{r.actual ?? 'nothing'}</code>
            </span>
          </div>
        ))}
    </section>
  );
}

function ReplayChip({ check }: { check: ReplayCheck }) {
  const tone =
    check.status === 'verified'
      ? 'chip-verified'
      : check.status === 'diverged'
        ? 'chip-refuted'
        : 'chip-muted';
  return (
    <span
      className={`chip ${tone}`}
      data-testid="ledger-replay"
      data-status={check.status}
      title={`${check.reason}\nexpected ${check.expected}\nactual ${check.actual ?? '—'}`}
    >
      {check.status === 'verified'
        ? '✓ replay verified'
        : check.status === 'diverged'
          ? '✗ replay diverged'
          : 'replay unverifiable'}
      {check.snapshotId ? ` · ${check.snapshotId}` : ''}
    </span>
  );
}

const short = (hash: string | null) =>
  hash ? (hash.length > 23 ? `${hash.slice(0, 19)}…${hash.slice(-4)}` : hash) : '—';

function Impact({ impact }: { impact: BinaryImpact }) {
  return (
    <div className="ledger-impact" data-testid="ledger-binary-impact">
      <div>
        <span className="badge tone-insufficient">{impact.kind ?? 'binary'}</span>{' '}
        {impact.summary ? (
          <span>{impact.summary}</span>
        ) : (
          <span className="text-refuted">no impact summary (CT-PROV-05)</span>
        )}{' '}
        <span className="faint">in {impact.eventId ?? impact.eventKey}</span>
      </div>
      <div className="mono ledger-hashes">
        <span title={impact.hashBefore ?? ''}>{short(impact.hashBefore)}</span>
        <span className="faint"> → </span>
        <span title={impact.hashAfter ?? ''} data-testid="ledger-hash-after">
          {short(impact.hashAfter)}
        </span>
        {impact.bytesChanged !== null && (
          <span className="faint"> · {impact.bytesChanged} bytes changed</span>
        )}
      </div>
    </div>
  );
}

function HunkTable({ hunk }: { hunk: Hunk }) {
  const rows = sideBySide(hunk);
  return (
    <table className="ledger-hunk" data-testid="ledger-hunk">
      <colgroup>
        <col className="ln" />
        <col />
        <col className="ln" />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th colSpan={4} className="faint mono">
            @@ −{hunk.oldStart},{hunk.oldLines} +{hunk.newStart},{hunk.newLines} @@
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            <td className="ln">{r.left?.line ?? ''}</td>
            <td className={`code ${r.left ? `is-${r.left.kind}` : 'is-empty'}`} data-side="left">
              {r.left && (r.left.kind === 'remove' ? <span className="sign">−</span> : null)}
              {r.left?.text}
            </td>
            <td className="ln">{r.right?.line ?? ''}</td>
            <td className={`code ${r.right ? `is-${r.right.kind}` : 'is-empty'}`} data-side="right">
              {r.right && (r.right.kind === 'add' ? <span className="sign">+</span> : null)}
              {r.right?.text}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
