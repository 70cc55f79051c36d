/**
 * The user's own bookmarks on change-ledger events, as the ledger view asks for them: a view of
 * the one bookmark store (src-main/services/bookmarks/) filtered to one ledger's events. They used
 * to live in their own `ledger-bookmarks.json`; that file is still read (and folded into the one
 * store), never written.
 */
import type { Bookmark } from '../../../src-shared/bridge/services/bookmarks-service';
import type { UserLedgerBookmark } from '../../../src-shared/bridge/services/ledger-service';
import { sharedBookmarkStore, type BookmarkStore } from '../bookmarks/bookmark-store';

export { userDataDir } from '../bookmarks/user-data-dir';
export { LEDGER_BOOKMARKS_FILE } from '../bookmarks/legacy-ledger-bookmarks';

export class LedgerBookmarkStore {
  constructor(readonly store: BookmarkStore = sharedBookmarkStore()) {}

  async list(ledger: string): Promise<UserLedgerBookmark[]> {
    return toLedgerBookmarks((await this.store.list()).bookmarks, ledger);
  }

  async add(entry: Omit<UserLedgerBookmark, 'id' | 'createdAt'>): Promise<UserLedgerBookmark[]> {
    await this.store.add({
      target: { kind: 'document', key: entry.ledger, at: { kind: 'event', id: entry.eventKey } },
      name: entry.name,
      note: entry.note,
      targetLabel: `event ${entry.eventId ?? entry.eventKey}`,
      seq: null,
    });
    return this.list(entry.ledger);
  }

  async remove(ledger: string, id: string): Promise<UserLedgerBookmark[]> {
    const mine = await this.list(ledger);
    if (mine.some((b) => b.id === id)) await this.store.remove(id);
    return this.list(ledger);
  }
}

/** The bookmarks on events of this ledger, in the shape the ledger view knows. */
function toLedgerBookmarks(all: readonly Bookmark[], ledger: string): UserLedgerBookmark[] {
  const out: UserLedgerBookmark[] = [];
  for (const b of all) {
    const t = b.target;
    if (t.kind !== 'document' || t.key !== ledger || t.at?.kind !== 'event') continue;
    const eventId = b.targetLabel.startsWith('event ') ? b.targetLabel.slice('event '.length) : null;
    out.push({
      id: b.id,
      ledger,
      eventKey: t.at.id,
      eventId,
      name: b.name,
      note: b.note,
      createdAt: b.createdAt,
    });
  }
  return out;
}
