/** Change ledgers: the snapshot and bookmark timeline, violations, bookmark diffs. */
import type { BookmarkDiffOutcome } from '../../formats/change-ledger/bookmark-diff';
import type { LedgerModel } from '../../formats/change-ledger/types';
import { strings, type ArgsValidator } from './validators';

export interface LedgerDocument {
  key: string;
  model: LedgerModel | null;
  error: string | null;
}

/** A bookmark diff of a ledger document: `outcome` null when the ledger itself could not be read. */
export interface LedgerDiffResult {
  key: string;
  outcome: BookmarkDiffOutcome | null;
  error: string | null;
}

/** The user's own bookmark on a ledger event (kept in the app's user-data folder, not the ledger's). */
export interface UserLedgerBookmark {
  id: string;
  /** The ledger document's key (its folder). */
  ledger: string;
  eventKey: string;
  eventId: string | null;
  name: string;
  note: string;
  createdAt: string;
}

export interface LedgerService {
  model(key: string): Promise<LedgerDocument>;
  /**
   * Every file changed between two points (CT-PROV-03): `from` and `to` are bookmark names,
   * snapshot ids or event ids of the ledger; B before A gives the same events undone.
   */
  diff(key: string, from: string, to: string): Promise<LedgerDiffResult>;
  /** The user's own bookmarks on this ledger, in the order they were made. */
  userBookmarks(key: string): Promise<UserLedgerBookmark[]>;
  /** Pins an event of the ledger (by its key) with a name and a note (may be empty); the new list. */
  addUserBookmark(key: string, eventKey: string, name: string, note: string): Promise<UserLedgerBookmark[]>;
  removeUserBookmark(key: string, id: string): Promise<UserLedgerBookmark[]>;
}

const MAX_NOTE = 4096;

/** key, eventKey and name non-empty; the note may be empty. */
function bookmarkArgs(args: unknown): [string, string, string, string] | string {
  if (!Array.isArray(args) || args.length !== 4) return 'expects key, eventKey, name and note';
  if (!args.every((a) => typeof a === 'string' && a.length <= MAX_NOTE)) return 'expects strings';
  const [key, eventKey, name, note] = args as string[];
  if (!key || !eventKey || !name?.trim()) return 'expects a key, an event and a name';
  return [key, eventKey, name.trim(), note!];
}

export const LEDGER_METHOD_ARGS: { [M in keyof LedgerService]: ArgsValidator<Parameters<LedgerService[M]>> } =
  {
    model: strings(1) as ArgsValidator<[string]>,
    diff: strings(3) as ArgsValidator<[string, string, string]>,
    userBookmarks: strings(1) as ArgsValidator<[string]>,
    addUserBookmark: bookmarkArgs,
    removeUserBookmark: strings(2) as ArgsValidator<[string, string]>,
  };
