/**
 * "Bookmark": pins a point (a session at a seq, a node, an event, a TreeTrace node or chain)
 * with a name and a note, in a small form under the button. The name starts as what the point is
 * called; the bookmark is kept by the app (bookmarks-store.ts), never beside the logs.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PinTarget } from '../../../../src-shared/links/app-link';
import { addBookmark } from './bookmarks-store';
import { BookmarkFields } from './BookmarkFields';
import { revealPopover } from './reveal-popover';
import './bookmarks.css';

export function BookmarkButton(props: {
  target: PinTarget;
  /** What the point is called (the name's default, and shown if the point is ever gone). */
  label: string;
  seq: number | null;
  className?: string;
  /** Which edge of the button the form lines up with: the side with room (default left). */
  align?: 'left' | 'right';
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(props.label);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);

  // Opened low in a scrolled panel, the form (and its Save button) would hang below the fold.
  useLayoutEffect(() => {
    if (open && form.current) revealPopover(form.current, form.current.querySelector('input'));
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const save = async () => {
    if (!name.trim() || busy) return;
    setBusy(true);
    const ok = await addBookmark({
      target: props.target,
      name: name.trim(),
      note,
      targetLabel: props.label,
      seq: props.seq,
    });
    setBusy(false);
    if (ok) {
      setOpen(false);
      setNote('');
    }
  };

  return (
    <div className="bookmark-button-wrap" ref={box}>
      <button
        type="button"
        className={props.className ?? 'button'}
        data-testid="bookmark-here"
        aria-expanded={open}
        title="Bookmark this point, with a name and a note"
        onClick={(e) => {
          e.stopPropagation();
          if (!open) setName(props.label);
          setOpen(!open);
        }}
      >
        <span aria-hidden="true">☆</span> Bookmark
      </button>
      {open && (
        <form
          ref={form}
          className={`bookmark-form align-${props.align ?? 'left'}`}
          data-testid="bookmark-form"
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => {
            e.stopPropagation();
            if (e.key === 'Escape') setOpen(false);
          }}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="bookmark-form-title">Bookmark {props.label}</div>
          <BookmarkFields
            name={name}
            note={note}
            onName={setName}
            onNote={setNote}
            testIds={{ name: 'bookmark-name-input', note: 'bookmark-note-input' }}
          />
          <div className="bookmark-form-actions">
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button
              type="submit"
              className="button is-on"
              disabled={!name.trim() || busy}
              data-testid="bookmark-save"
            >
              Save bookmark
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
