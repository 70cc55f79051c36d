/** The sidebar's way into the Bookmarks view, with how many there are. */
import { closeCompare } from '../compare/compare-store';
import { useBookmarks } from './bookmarks-store';
import './bookmarks.css';

export function BookmarksEntry() {
  const count = useBookmarks((s) => s.list.length);
  const open = useBookmarks((s) => s.open);
  return (
    <div className="bookmarks-entry">
      <button
        type="button"
        className={`document-row${open ? ' is-selected' : ''}`}
        data-testid="bookmarks-open"
        onClick={() => {
          // The Compare view sits over everything else in the main area: leave it for the list.
          if (!open) closeCompare();
          useBookmarks.getState().setOpen(!open);
        }}
        title="All your bookmarks, across sessions and documents"
      >
        <span className="bookmarks-star" aria-hidden="true">
          ★
        </span>
        <span className="document-label">Bookmarks</span>
        <span className="spacer" />
        <span className="documents-count" data-testid="bookmarks-count">
          {count}
        </span>
      </button>
    </div>
  );
}
