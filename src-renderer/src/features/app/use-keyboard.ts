/** The app's keyboard: j/k step through events, / searches, Esc clears, ? lists the keys. */
import { useEffect } from 'react';
import { useAppStore } from '../../state/store';
import { useBookmarks } from '../bookmarks/bookmarks-store';
import { useCompare } from '../compare/compare-store';
import { useDocuments } from '../documents/documents-store';
import { SEARCH_INPUT_ID } from '../sessions/SessionsSidebar';

/**
 * Whether the session's graph and timeline are shown: a document, Compare or the bookmarks take
 * their place, and a key of the session view (j/k, f, t, h) must not change what cannot be seen
 * (a TreeTrace bundle has its own j/k).
 */
const SESSION_VIEW_KEYS = new Set(['j', 'k', 'f', 't', 'h']);

function sessionViewShown(): boolean {
  return (
    useDocuments.getState().selected === null && !useCompare.getState().open && !useBookmarks.getState().open
  );
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return (
    !!el &&
    (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
  );
}

/** Moves the event selection by `step` in timeline order, starting from the selected node if no event is. */
function stepEvent(step: 1 | -1): void {
  const s = useAppStore.getState();
  const timeline = s.data?.timeline;
  if (!timeline || timeline.length === 0) return;
  let index = s.selectedEventId ? timeline.indexOf(s.selectedEventId) : -1;
  if (index < 0 && s.selectedNodeId) {
    index = timeline.firstOfNode(s.selectedNodeId);
    if (index >= 0) index -= step; // land on the node's first event
  }
  const next =
    index < 0
      ? step === 1
        ? 0
        : timeline.length - 1
      : Math.min(timeline.length - 1, Math.max(0, index + step));
  s.selectEvent(timeline.eventId(next), timeline.nodeId(next));
  if (s.bottomTab !== 'timeline') s.setBottomTab('timeline');
}

function escape(): void {
  const s = useAppStore.getState();
  if (s.keysOpen) s.setKeysOpen(false);
  else if (s.selectedProblem) s.selectProblem(null);
  else if (s.selectedNodeId || s.selectedEventId) s.selectNode(null);
  else if (s.search) s.setSearch('');
}

export function useKeyboard(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'Escape') {
        if (isTyping(e.target)) return; // the field handles its own Esc
        escape();
        return;
      }
      if (isTyping(e.target)) return;
      const s = useAppStore.getState();
      if (SESSION_VIEW_KEYS.has(e.key) && !sessionViewShown()) return;
      switch (e.key) {
        case 'j':
          stepEvent(1);
          break;
        case 'k':
          stepEvent(-1);
          break;
        case '/':
          document.getElementById(SEARCH_INPUT_ID)?.focus();
          break;
        case '?':
          s.setKeysOpen(!s.keysOpen);
          break;
        case 'f':
          s.requestFit();
          break;
        case 't':
          s.setBottomTab('timeline');
          break;
        case 'h':
          s.setBottomTab('health');
          break;
        default:
          return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
