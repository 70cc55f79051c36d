/**
 * The sessions sidebar: search, sort, filters and the (filtered, sorted) list of rows — windowed,
 * so a home of thousands of sessions mounts only the rows in view (their heights come from
 * session-row-layout). The selected row is scrolled into view when the selection, the search, a
 * filter or the sort changes (not when live appends re-sort the rows). From the keyboard: ↓ in the
 * search box goes to the first row, ↑/↓, Home/End and PageUp/PageDown move between rows (a row
 * not mounted yet is brought into view first), Enter or Space opens one.
 */
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { closeSession, openSession } from '../../state/host-sync';
import { selectPrefs, selectSearch, selectSelectedKey, selectSessions } from '../../state/selectors';
import { useAppStore } from '../../state/store';
import type { SessionSort } from '../../state/ui-slice';
import { EmptyState } from '../../shared/ui';
import { VirtualList, type VirtualListHandle } from '../../shared/VirtualList';
import { OpenFolderForm } from '../app/OpenFolderForm';
import { filterSessions, sortSessions } from './filter-sessions';
import { SessionRow } from './SessionRow';
import { sessionRowHeight } from './session-row-layout';
import './sessions.css';

export const SEARCH_INPUT_ID = 'session-search';

const SORTS: { value: SessionSort; label: string }[] = [
  { value: 'recent', label: 'Recent' },
  { value: 'name', label: 'Name' },
  { value: 'events', label: 'Events' },
  { value: 'errors', label: 'Errors' },
];

export function SessionsSidebar() {
  const sessions = useAppStore(selectSessions);
  const search = useAppStore(selectSearch);
  const selectedKey = useAppStore(selectSelectedKey);
  const { sort, liveOnly, withErrors } = useAppStore(
    useShallow((s) => {
      const p = selectPrefs(s);
      return { sort: p.sort, liveOnly: p.liveOnly, withErrors: p.withErrors };
    }),
  );
  const setSearch = useAppStore((s) => s.setSearch);
  const setPref = useAppStore((s) => s.setPref);

  const rows = useMemo(
    () => sortSessions(filterSessions(sessions, { search, liveOnly, withErrors }), sort),
    [sessions, search, liveOnly, withErrors, sort],
  );
  const liveCount = useMemo(() => sessions.filter((s) => s.live).length, [sessions]);
  const onOpen = useCallback((key: string) => void openSession(key), []);
  const onClose = useCallback((key: string) => void closeSession(key), []);
  const rowHeight = useCallback((i: number) => sessionRowHeight(rows[i]!), [rows]);
  const renderRow = useCallback(
    (i: number) => {
      const item = rows[i]!;
      return (
        <SessionRow
          key={item.key}
          item={item}
          selected={item.key === selectedKey}
          onOpen={onOpen}
          onClose={onClose}
        />
      );
    },
    [rows, selectedKey, onOpen, onClose],
  );

  // The selected row is brought into view once when it is selected (from a link, on start, by
  // a search) and again when the search, a filter or the sort changes: rows re-sorted by live
  // appends do not move the reader.
  const list = useRef<VirtualListHandle>(null);
  const revealed = useRef<string | null>(null);
  const view = `${search}\n${liveOnly}\n${withErrors}\n${sort}`;
  const revealedView = useRef(view);
  useEffect(() => {
    if (view !== revealedView.current) {
      revealedView.current = view;
      revealed.current = null;
    }
    if (selectedKey === revealed.current) return;
    const i = rows.findIndex((r) => r.key === selectedKey);
    if (i < 0) return;
    revealed.current = selectedKey;
    list.current?.reveal(i);
  }, [rows, selectedKey, view]);

  // Focus moves by row index over the filtered, sorted rows; the row is revealed first, then
  // focused once the list has drawn it (a frame or two later when it was not mounted).
  const listBox = useRef<HTMLDivElement>(null);
  const focusRow = useCallback(
    (i: number) => {
      const at = Math.max(0, Math.min(rows.length - 1, i));
      const item = rows[at];
      if (!item) return;
      list.current?.reveal(at);
      const selector = `[data-testid="session-row"][data-session-key="${CSS.escape(item.key)}"]`;
      const focus = (tries: number) => {
        const el = listBox.current?.querySelector<HTMLElement>(selector);
        if (el) el.focus();
        else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
      };
      focus(3);
    },
    [rows],
  );
  const onListKey = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      const key = (e.target as HTMLElement).closest<HTMLElement>('[data-testid="session-row"]')?.dataset[
        'sessionKey'
      ];
      if (key === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
      const at = rows.findIndex((r) => r.key === key);
      // A page: the rows that fit in the list's height from this one (at least one).
      const shown = listBox.current?.querySelector('.session-list')?.clientHeight ?? 0;
      const pageFrom = (dir: 1 | -1) => {
        let i = at;
        for (let h = 0; rows[i + dir] && (h += sessionRowHeight(rows[i + dir]!)) <= shown;) i += dir;
        return i === at ? at + dir : i;
      };
      const moves: Record<string, () => number> = {
        ArrowDown: () => at + 1,
        ArrowUp: () => at - 1,
        Home: () => 0,
        End: () => rows.length - 1,
        PageDown: () => pageFrom(1),
        PageUp: () => pageFrom(-1),
      };
      const next = Object.hasOwn(moves, e.key) ? moves[e.key]!() : null;
      if (next === null || at < 0) return;
      e.preventDefault();
      focusRow(next);
    },
    [rows, focusRow],
  );

  return (
    <aside className="sidebar" aria-label="Sessions">
      <div className="sidebar-head">
        <div className="sidebar-title">
          <span>Sessions</span>
          <span className="faint" data-testid="session-count">
            {rows.length === sessions.length ? sessions.length : `${rows.length} of ${sessions.length}`}
          </span>
        </div>
        <input
          id={SEARCH_INPUT_ID}
          className="input search-input"
          type="search"
          placeholder="Search id, path, model…  /"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setSearch('');
              e.currentTarget.blur();
            } else if (e.key === 'ArrowDown' && rows.length > 0) {
              e.preventDefault();
              focusRow(0);
            }
          }}
          aria-label="Search sessions"
        />
        <div className="sidebar-controls">
          <select
            className="select"
            value={sort}
            onChange={(e) => setPref('sort', e.target.value as SessionSort)}
            aria-label="Sort sessions"
          >
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                Sort: {s.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className={`toggle${liveOnly ? ' is-on' : ''}`}
            aria-pressed={liveOnly}
            onClick={() => setPref('liveOnly', !liveOnly)}
            title="Show only sessions being written now"
          >
            Live{liveCount ? ` ${liveCount}` : ''}
          </button>
          <button
            type="button"
            className={`toggle${withErrors ? ' is-on' : ''}`}
            aria-pressed={withErrors}
            onClick={() => setPref('withErrors', !withErrors)}
            title="Show only sessions with parse errors"
          >
            With errors
          </button>
        </div>
      </div>
      {rows.length > 0 && (
        <div className="session-list-keys" ref={listBox} onKeyDown={onListKey}>
          <VirtualList
            ref={list}
            className="session-list"
            count={rows.length}
            rowHeight={rowHeight}
            renderRow={renderRow}
            ariaLabel="Session list"
          />
        </div>
      )}
      {rows.length === 0 && (
        <div className="session-list session-list-empty">
          <EmptyState title={sessions.length ? 'No session matches' : 'No sessions yet'}>
            {sessions.length
              ? 'Clear the search or the filters.'
              : 'Sessions appear here as soon as a provenance.jsonl is written.'}
          </EmptyState>
        </div>
      )}
      <div className="sidebar-foot">
        <OpenFolderForm compact />
      </div>
    </aside>
  );
}
