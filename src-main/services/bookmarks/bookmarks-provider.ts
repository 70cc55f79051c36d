/**
 * The bookmarks service one client sees: the one store (shared by every window and tab, so every
 * change is pushed to all of them as `bookmarks.changed`), with each bookmark marked by whether
 * the session or document it sits in is open now. A bookmark whose target is gone is listed as
 * such, never dropped.
 */
import { BridgeError } from '../../../src-shared/bridge/contract';
import type { BookmarksService } from '../../../src-shared/bridge/services/bookmarks-service';
import type { BookmarkStore } from './bookmark-store';

/** What is open now: session keys (log paths) and document keys. */
export interface OpenContainers {
  hasSession(key: string): boolean;
  hasDocument(key: string): boolean;
}

export function bookmarksService(store: BookmarkStore, open: OpenContainers): BookmarksService {
  return {
    list: async () => {
      const { bookmarks, file, problem } = await store.list();
      return {
        file,
        problem,
        bookmarks: bookmarks.map((b) => {
          const present =
            b.target.kind === 'session' ? open.hasSession(b.target.key) : open.hasDocument(b.target.key);
          return { ...b, container: present ? 'present' : 'gone' };
        }),
      };
    },
    add: async (draft) => {
      // Only points in what is open now: a bookmark is made from the page, on something shown.
      const { target } = draft;
      const present = target.kind === 'session' ? open.hasSession(target.key) : open.hasDocument(target.key);
      if (!present) throw new BridgeError('not-found', `nothing open at ${target.key}`);
      return store.add(draft);
    },
    update: async (id, name, note) => {
      const changed = await store.edit(id, name, note);
      if (!changed) throw new BridgeError('not-found', `no bookmark ${id}`);
      return changed;
    },
    remove: async (id) => {
      if (!(await store.remove(id))) throw new BridgeError('not-found', `no bookmark ${id}`);
    },
  };
}
