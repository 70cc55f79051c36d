/**
 * A bookmark's name and note inputs, with the limits the bookmarks service enforces: the new-bookmark
 * form, the edit form in the Bookmarks view and the ledger's pin form all use these.
 */
import { MAX_NAME, MAX_NOTE } from '../../../../src-shared/bridge/services/bookmarks-service';

export function BookmarkFields(props: {
  name: string;
  note: string;
  onName(name: string): void;
  onNote(note: string): void;
  /** Test ids of the two inputs (each form keeps its own). */
  testIds: { name: string; note: string };
  rows?: number;
  autoFocus?: boolean;
}) {
  return (
    <>
      <input
        autoFocus={props.autoFocus}
        value={props.name}
        onChange={(e) => props.onName(e.target.value)}
        placeholder="Name"
        aria-label="Bookmark name"
        maxLength={MAX_NAME}
        data-testid={props.testIds.name}
      />
      <textarea
        value={props.note}
        onChange={(e) => props.onNote(e.target.value)}
        placeholder="Note (optional)"
        aria-label="Bookmark note"
        rows={props.rows ?? 3}
        maxLength={MAX_NOTE}
        data-testid={props.testIds.note}
      />
    </>
  );
}
