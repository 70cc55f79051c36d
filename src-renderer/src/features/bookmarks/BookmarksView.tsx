/**
 * Every bookmark the user made, across sessions and documents, in ONE place: grouped by the
 * session or document they sit in, each with its name, note, target and when it was made;
 * rename, edit the note, delete, copy its link, click to open its target. A bookmark whose
 * session or document is not open any more is shown as such (never dropped). Tick two bookmarks
 * of sciagent sessions (or one, against its session now) to Compare them.
 */
import { useMemo, useState } from 'react';
import type { BookmarkEntry } from '../../../../src-shared/bridge/contract';
import { formatDateTime } from '../../shared/format';
import { EllipsisStart, EmptyState } from '../../shared/ui';
import { useAppStore } from '../../state/store';
import { openCompare } from '../compare/compare-store';
import { KIND_LABEL } from '../documents/DocumentsSection';
import { useDocuments } from '../documents/documents-store';
import { CopyLinkButton } from '../links/CopyLinkButton';
import { describePoint, openTarget } from '../links/open-target';
import { deleteBookmark, editBookmark, useBookmarks } from './bookmarks-store';
import './bookmarks.css';
import { BookmarkFields } from './BookmarkFields';

interface Group {
  key: string;
  kind: 'session' | 'document';
  label: string;
  sub: string;
  present: boolean;
  items: BookmarkEntry[];
}

/**
 * A name for a session or document that is not open (nothing else to ask): a session's folder
 * (…/<id>/provenance.jsonl), a bundle's folder (…/<name>/.treetrace), else the last part.
 */
function nameOfKey(key: string): string {
  const parts = key.split(/[\\/]/).filter(Boolean);
  const last = parts[parts.length - 1] ?? key;
  if ((last === 'provenance.jsonl' || last.startsWith('.')) && parts.length > 1)
    return parts[parts.length - 2]!;
  return last;
}

export function BookmarksView() {
  const list = useBookmarks((s) => s.list);
  const problem = useBookmarks((s) => s.problem);
  const file = useBookmarks((s) => s.file);
  const picked = useBookmarks((s) => s.picked);
  const sessions = useAppStore((s) => s.sessions);
  const docs = useDocuments((s) => s.docs);

  const groups = useMemo(() => {
    const byKey = new Map<string, Group>();
    for (const b of list) {
      const key = b.target.key;
      let g = byKey.get(key);
      if (!g) {
        const session = b.target.kind === 'session' ? sessions.find((s) => s.key === key) : undefined;
        const doc = b.target.kind === 'document' ? docs[key] : undefined;
        g = {
          key,
          kind: b.target.kind,
          label: session?.sessionId ?? doc?.label ?? nameOfKey(key),
          sub: doc ? KIND_LABEL[doc.kind] : b.target.kind === 'session' ? 'sciagent session' : 'document',
          present: b.container === 'present',
          items: [],
        };
        byKey.set(key, g);
      }
      g.items.push(b);
    }
    return [...byKey.values()];
  }, [list, sessions, docs]);

  const pickedEntries = picked
    .map((id) => list.find((b) => b.id === id))
    .filter((b): b is BookmarkEntry => !!b);
  const compare = () => {
    const [a, b] = pickedEntries;
    if (!a) return;
    const side = (x: BookmarkEntry) => ({ sessionKey: x.target.key, uptoSeq: x.seq });
    useBookmarks.getState().setOpen(false);
    // One bookmark: against its session as it is now.
    void openCompare(side(a), b ? side(b) : { sessionKey: a.target.key, uptoSeq: null });
  };

  return (
    <div className="bookmarks-view" data-testid="bookmarks-view">
      <header className="bookmarks-head">
        <div>
          <strong>Bookmarks</strong> <span className="faint">{list.length}</span>
        </div>
        <span className="spacer" />
        <button
          type="button"
          className="button"
          data-testid="bookmark-compare"
          disabled={pickedEntries.length === 0}
          title={
            pickedEntries.length === 2
              ? 'Compare the graph between these two bookmarks'
              : 'Tick two bookmarks of sciagent sessions, or one to compare it with its session now'
          }
          onClick={compare}
        >
          {pickedEntries.length === 1 ? 'Compare with the session now' : 'Compare'}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Close bookmarks"
          onClick={() => useBookmarks.getState().setOpen(false)}
        >
          ×
        </button>
      </header>
      {problem && (
        <div className="bookmarks-problem" role="alert" data-testid="bookmarks-problem">
          {problem}
        </div>
      )}
      <div className="bookmarks-body">
        {groups.length === 0 ? (
          <EmptyState title="No bookmarks yet">
            Use <b>☆ Bookmark</b> on a node, an event, the session header, a TreeTrace node or chain, or a
            ledger event to pin a point with a name and a note.
          </EmptyState>
        ) : (
          groups.map((g) => (
            <section
              key={g.key}
              className="bookmark-group"
              data-testid="bookmark-group"
              data-key={g.key}
              data-present={g.present}
            >
              <h3 className="bookmark-group-head" title={g.key}>
                <span className="document-kind">{g.sub}</span>
                <span className="mono ellipsis">{g.label}</span>
                {!g.present && <span className="chip chip-refuted">not open now</span>}
                <span className="spacer" />
                <EllipsisStart text={g.key} className="faint bookmark-group-path" />
              </h3>
              <ul className="bookmark-list">
                {g.items.map((b) => (
                  <BookmarkRow key={b.id} bookmark={b} picked={picked.includes(b.id)} />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
      {file && <footer className="bookmarks-foot faint">Kept in {file}</footer>}
    </div>
  );
}

function BookmarkRow({ bookmark: b, picked }: { bookmark: BookmarkEntry; picked: boolean }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(b.name);
  const [note, setNote] = useState(b.note);
  const comparable = b.target.kind === 'session';
  const gone = b.container === 'gone';
  const point = describePoint(b.target);
  return (
    <li
      className={`bookmark-row${gone ? ' is-gone' : ''}`}
      data-testid="bookmark-row"
      data-bookmark-id={b.id}
      data-state={gone ? 'gone' : 'present'}
    >
      {comparable ? (
        <input
          type="checkbox"
          className="bookmark-pick"
          checked={picked}
          aria-label={`Pick ${b.name} for Compare`}
          data-testid="bookmark-pick"
          onChange={() => useBookmarks.getState().togglePicked(b.id)}
        />
      ) : (
        <span className="bookmark-pick" />
      )}
      {editing ? (
        <form
          className="bookmark-edit"
          onSubmit={(e) => {
            e.preventDefault();
            if (!name.trim()) return;
            void editBookmark(b.id, name.trim(), note).then((ok) => ok && setEditing(false));
          }}
          onKeyDown={(e) => e.stopPropagation()}
        >
          <BookmarkFields
            autoFocus
            name={name}
            note={note}
            onName={setName}
            onNote={setNote}
            testIds={{ name: 'bookmark-edit-name', note: 'bookmark-edit-note' }}
          />
          <div className="bookmark-form-actions">
            <button type="button" className="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
            <button
              type="submit"
              className="button is-on"
              disabled={!name.trim()}
              data-testid="bookmark-edit-save"
            >
              Save
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="bookmark-main"
          data-testid="bookmark-open"
          title={gone ? 'Its session or document is not open now: open it to see where it is' : 'Open'}
          onClick={() => openTarget(b.target)}
        >
          <span className="bookmark-name" data-testid="bookmark-name">
            ★ {b.name}
          </span>
          <span className="bookmark-target mono">
            {point}
            {b.targetLabel && b.targetLabel !== point ? ` · ${b.targetLabel}` : ''}
            {gone && <em className="text-refuted"> — gone</em>}
          </span>
          {b.note && (
            <span className="bookmark-note" data-testid="bookmark-note">
              {b.note}
            </span>
          )}
          <span className="bookmark-time faint" title={`made ${b.createdAt}\nchanged ${b.updatedAt}`}>
            {formatDateTime(b.createdAt)}
          </span>
        </button>
      )}
      {!editing && (
        <div className="bookmark-actions">
          <CopyLinkButton target={{ kind: 'bookmark', id: b.id }} />
          <button
            type="button"
            className="button"
            data-testid="bookmark-edit"
            onClick={() => {
              setName(b.name);
              setNote(b.note);
              setEditing(true);
            }}
          >
            Edit
          </button>
          <button
            type="button"
            className="button"
            data-testid="bookmark-delete"
            onClick={() => {
              if (window.confirm(`Delete the bookmark "${b.name}"?`)) void deleteBookmark(b.id);
            }}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
