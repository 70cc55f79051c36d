/** The user's own bookmarks on a ledger: loaded from main (the app's user-data folder), added and removed there. */
import { useCallback, useEffect, useState } from 'react';
import { call, transport } from '../../host';
import type { UserLedgerBookmark } from '../../../../src-shared/bridge/services/ledger-service';

export interface UserBookmarks {
  list: UserLedgerBookmark[];
  error: string | null;
  add(eventKey: string, name: string, note: string): Promise<boolean>;
  remove(id: string): void;
}

export function useUserBookmarks(docKey: string): UserBookmarks {
  const [list, setList] = useState<UserLedgerBookmark[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      call('ledger', 'userBookmarks', docKey).then(
        (l) => live && setList(l),
        (e: Error) => live && setError(e.message),
      );
    void load();
    // They are the one bookmark store's too: renamed or deleted in the Bookmarks view (or in
    // another window), they change here.
    const off = transport.onEvent((event) => {
      if (event.type === 'bookmarks.changed') void load();
    });
    return () => {
      live = false;
      off();
    };
  }, [docKey]);
  const add = useCallback(
    (eventKey: string, name: string, note: string) =>
      call('ledger', 'addUserBookmark', docKey, eventKey, name, note).then(
        (l) => {
          setList(l);
          setError(null);
          return true;
        },
        (e: Error) => {
          setError(e.message);
          return false;
        },
      ),
    [docKey],
  );
  const remove = useCallback(
    (id: string) => {
      call('ledger', 'removeUserBookmark', docKey, id).then(setList, (e: Error) => setError(e.message));
    },
    [docKey],
  );
  return { list, error, add, remove };
}
