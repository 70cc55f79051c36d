/**
 * The user's bookmarks as the page holds them: fetched from main, fetched again whenever main
 * says they changed (`bookmarks.changed`, from this window or any other) and after a reconnect.
 * Also whether the Bookmarks view is shown and which bookmarks are ticked for Compare.
 */
import { create } from 'zustand';
import type { BookmarkDraft, BookmarkEntry } from '../../../../src-shared/bridge/contract';
import { call, transport } from '../../host';
import { useAppStore } from '../../state/store';

interface BookmarksState {
  list: BookmarkEntry[];
  loaded: boolean;
  file: string | null;
  problem: string | null;
  /** The Bookmarks view is shown in the main area. */
  open: boolean;
  /** Ticked for Compare (ids), in the order ticked. */
  picked: string[];
  setOpen(open: boolean): void;
  togglePicked(id: string): void;
}

export const useBookmarks = create<BookmarksState>()((set, get) => ({
  list: [],
  loaded: false,
  file: null,
  problem: null,
  open: false,
  picked: [],
  setOpen: (open) => set({ open }),
  togglePicked: (id) => {
    const picked = get().picked;
    set({ picked: picked.includes(id) ? picked.filter((p) => p !== id) : [...picked, id].slice(-2) });
  },
}));

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const toast = (text: string, tone: 'info' | 'error' = 'info') => useAppStore.getState().pushToast(text, tone);

let loading: Promise<void> | null = null;
let again = false;

/** Fetches the list (one fetch at a time; a change during one fetches once more after it). */
export function reloadBookmarks(): Promise<void> {
  if (loading) {
    again = true;
    return loading;
  }
  loading = call('bookmarks', 'list')
    .then(({ bookmarks, file, problem }) => {
      const ids = new Set(bookmarks.map((b) => b.id));
      useBookmarks.setState((s) => ({
        list: bookmarks,
        file,
        problem,
        loaded: true,
        picked: s.picked.filter((id) => ids.has(id)),
      }));
    })
    .catch((error) => toast(`Could not load bookmarks: ${message(error)}`, 'error'))
    .finally(() => {
      loading = null;
      if (again) {
        again = false;
        void reloadBookmarks();
      }
    });
  return loading;
}

export function startBookmarksSync(): () => void {
  void reloadBookmarks();
  const offEvents = transport.onEvent((event) => {
    if (event.type === 'bookmarks.changed') void reloadBookmarks();
  });
  const offConnection = transport.onConnection((state) => {
    if (state.status === 'open') void reloadBookmarks();
  });
  return () => {
    offEvents();
    offConnection();
  };
}

export async function addBookmark(draft: BookmarkDraft): Promise<boolean> {
  try {
    const made = await call('bookmarks', 'add', draft);
    toast(`Bookmarked: ${made.name}`);
    await reloadBookmarks();
    return true;
  } catch (error) {
    toast(`Could not add the bookmark: ${message(error)}`, 'error');
    return false;
  }
}

export async function editBookmark(id: string, name: string, note: string): Promise<boolean> {
  try {
    await call('bookmarks', 'update', id, name, note);
    await reloadBookmarks();
    return true;
  } catch (error) {
    toast(`Could not save the bookmark: ${message(error)}`, 'error');
    return false;
  }
}

export async function deleteBookmark(id: string): Promise<void> {
  try {
    await call('bookmarks', 'remove', id);
  } catch (error) {
    toast(`Could not delete the bookmark: ${message(error)}`, 'error');
  }
  await reloadBookmarks();
}
