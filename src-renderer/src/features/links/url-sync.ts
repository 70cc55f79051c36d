/**
 * Route state ↔ URL. At start the page's URL (a link opened in a browser, or a reload) is opened
 * like any link; afterwards the URL follows the selection — the session and its selected node or
 * event, or the document and the point its view reports — with `history.replaceState`, so a
 * reload keeps the place and the address bar is always a link to what is shown.
 */
import type { AppTarget } from '../../../../src-shared/links/app-link';
import { useAppStore } from '../../state/store';
import { useBookmarks } from '../bookmarks/bookmarks-store';
import { useDocuments } from '../documents/documents-store';
import { targetOfLocation, writeLocation } from './link-text';
import { useLinks } from './links-store';
import { openTarget, startLinkResolver } from './open-target';

/** What the page shows now, as a link target; null when nothing is. */
export function currentTarget(): AppTarget | null {
  const links = useLinks.getState();
  // A link still being opened is where the page is going: keep it in the URL meanwhile.
  if (links.pending) return links.pending;
  const doc = useDocuments.getState().selected;
  if (doc) {
    const point = links.docPoint?.key === doc ? links.docPoint.at : null;
    return { kind: 'document', key: doc, at: point };
  }
  const s = useAppStore.getState();
  if (!s.viewKey) return null;
  if (s.selectedEventId)
    return { kind: 'session', key: s.viewKey, at: { kind: 'event', id: s.selectedEventId } };
  if (s.selectedNodeId && !s.selectedNodeId.startsWith('group:') && !s.selectedNodeId.startsWith('kinds:'))
    return { kind: 'session', key: s.viewKey, at: { kind: 'node', id: s.selectedNodeId } };
  return { kind: 'session', key: s.viewKey, at: null };
}

/** True when the page was opened on a link that is not a session: no session is picked for it. */
export function startsOnOtherThanSession(): boolean {
  const t = targetOfLocation();
  return t !== null && t.kind !== 'session';
}

export function startUrlSync(): () => void {
  const offResolver = startLinkResolver();
  const initial = targetOfLocation();
  if (initial) openTarget(initial);
  let frame = 0;
  const schedule = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      // The bookmarks view is not a place of its own: the URL keeps what was shown before it.
      if (!useBookmarks.getState().open) writeLocation(currentTarget());
    });
  };
  const offs = [
    useAppStore.subscribe((s, prev) => {
      if (
        s.viewKey !== prev.viewKey ||
        s.selectedNodeId !== prev.selectedNodeId ||
        s.selectedEventId !== prev.selectedEventId
      )
        schedule();
    }),
    useDocuments.subscribe((s, prev) => s.selected !== prev.selected && schedule()),
    useLinks.subscribe(
      (s, prev) => (s.docPoint !== prev.docPoint || s.pending !== prev.pending) && schedule(),
    ),
  ];
  return () => {
    cancelAnimationFrame(frame);
    offResolver();
    for (const off of offs) off();
  };
}
