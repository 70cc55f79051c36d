/** The sessions sidebar: search, sort, filters and the (filtered, sorted) list of rows. */
import { useCallback, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { closeSession, openSession } from '../../state/host-sync';
import { selectPrefs, selectSearch, selectSelectedKey, selectSessions } from '../../state/selectors';
import { useAppStore } from '../../state/store';
import type { SessionSort } from '../../state/ui-slice';
import { EmptyState } from '../../shared/ui';
import { OpenFolderForm } from '../app/OpenFolderForm';
import { filterSessions, sortSessions } from './filter-sessions';
import { SessionRow } from './SessionRow';
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

  return (
    <aside className="sidebar" aria-label="Sessions">
      <div className="sidebar-head">
        <div className="sidebar-title">
          <span>Sessions</span>
          <span className="faint">
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
      <div className="session-list" role="list">
        {rows.map((item) => (
          <SessionRow
            key={item.key}
            item={item}
            selected={item.key === selectedKey}
            onOpen={onOpen}
            onClose={onClose}
          />
        ))}
        {rows.length === 0 && (
          <EmptyState title={sessions.length ? 'No session matches' : 'No sessions yet'}>
            {sessions.length
              ? 'Clear the search or the filters.'
              : 'Sessions appear here as soon as a provenance.jsonl is written.'}
          </EmptyState>
        )}
      </div>
      <div className="sidebar-foot">
        <OpenFolderForm compact />
      </div>
    </aside>
  );
}
