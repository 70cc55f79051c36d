/** The title bar: what is shown, whether the host is reachable, theme and keys. */
import { useEffect, useState } from 'react';
import { transport } from '../../host';
import { selectConnection, selectViewSummary } from '../../state/selectors';
import { useAppStore } from '../../state/store';
import type { ThemePref } from '../../state/ui-slice';
import { formatBytes, formatCount, percent } from '../../shared/format';
import { EllipsisStart, ProgressBar, StatusDot } from '../../shared/ui';
import { openComparePicker, useCompare } from '../compare/compare-store';
import { useBookmarks } from '../bookmarks/bookmarks-store';
import { KIND_LABEL } from '../documents/DocumentsSection';
import { useDocuments } from '../documents/documents-store';

/** What the main area shows instead of a session, if anything: its title says that, not the session. */
function useOtherView(): { title: string; detail: string; path: string | null } | null {
  const doc = useDocuments((st) => (st.selected ? (st.docs[st.selected] ?? null) : null));
  const docKey = useDocuments((st) => st.selected);
  const compare = useCompare((st) => st.open);
  const bookmarks = useBookmarks((st) => st.open);
  if (compare) return { title: 'Compare', detail: '', path: null };
  if (bookmarks) return { title: 'Bookmarks', detail: '', path: null };
  if (docKey)
    return {
      title: doc?.label ?? docKey,
      detail: doc ? KIND_LABEL[doc.kind] : 'document',
      path: doc?.path ?? null,
    };
  return null;
}

const NEXT_THEME: Record<ThemePref, ThemePref> = { system: 'light', light: 'dark', dark: 'system' };
const THEME_LABEL: Record<ThemePref, string> = { system: 'Auto', light: 'Light', dark: 'Dark' };

function ConnectionBadge() {
  const c = useAppStore(selectConnection);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (c.status !== 'closed') return;
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, [c.status]);
  if (c.status === 'open') return null;
  const text =
    c.status === 'connecting'
      ? 'Connecting…'
      : `Disconnected — retrying in ${Math.max(0, Math.ceil((c.retryAt - now) / 1000))} s`;
  return (
    <div
      className={`connection conn-${c.status}`}
      data-testid="connection-state"
      data-state={c.status}
      role="status"
    >
      <span>{text}</span>
      {c.status === 'closed' && (
        <button type="button" className="link-button" onClick={() => transport.retryNow()}>
          Retry now
        </button>
      )}
    </div>
  );
}

export function TopBar() {
  const sessionSummary = useAppStore(selectViewSummary);
  const other = useOtherView();
  const summary = other ? null : sessionSummary;
  const theme = useAppStore((s) => s.prefs.theme);
  const setPref = useAppStore((s) => s.setPref);
  const setKeysOpen = useAppStore((s) => s.setKeysOpen);
  return (
    <header className="topbar">
      <div className="brand">
        <span className="brand-mark" aria-hidden>
          ◆
        </span>
        Lineage Explorer
      </div>
      {other && (
        <div className="topbar-session" title={other.path ?? undefined} data-testid="topbar-view">
          <span className="mono">{other.title}</span>
          {other.detail && <span className="faint">{other.detail}</span>}
          {other.path && <EllipsisStart className="faint topbar-path" text={other.path} />}
        </div>
      )}
      {summary && (
        <div className="topbar-session" title={summary.path}>
          <StatusDot state={summary.status === 'loading' ? 'loading' : summary.live ? 'live' : 'idle'} />
          <span className="mono">{summary.sessionId}</span>
          <span className="faint">
            {formatCount(summary.events)} events · {formatBytes(summary.fileBytes)}
            {summary.live ? ' · live' : ''}
          </span>
          {summary.status === 'loading' && (
            <span className="topbar-progress" title="bytes read of the file">
              <ProgressBar value={summary.bytesRead} total={summary.fileBytes} label="bytes read" />
              <span className="faint">{Math.floor(percent(summary.bytesRead, summary.fileBytes))}%</span>
            </span>
          )}
          <EllipsisStart className="faint topbar-path" text={summary.path} />
        </div>
      )}
      <span className="spacer" />
      <ConnectionBadge />
      <button
        type="button"
        className="button"
        onClick={() => openComparePicker()}
        title="Compare two sessions, or one session at two seqs"
        data-testid="compare-open"
      >
        Compare…
      </button>
      <button
        type="button"
        className="button"
        onClick={() => setPref('theme', NEXT_THEME[theme])}
        title="Theme: automatic follows the system"
        data-testid="theme-toggle"
      >
        Theme: {THEME_LABEL[theme]}
      </button>
      <button
        type="button"
        className="button"
        onClick={() => setKeysOpen(true)}
        title="Keyboard shortcuts (?)"
      >
        Keys <kbd className="kbd">?</kbd>
      </button>
    </header>
  );
}
