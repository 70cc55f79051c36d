/**
 * The user's own bookmarks on every kind of session and document: a point (a link target —
 * src-shared/links/app-link.ts) with a name and a note, kept in the app's user-data folder,
 * never beside the logs. Every change is pushed to every window as `bookmarks.changed`.
 */
import { toPinTarget, type PinTarget } from '../../links/app-link';
import { strings, type ArgsValidator } from './validators';

export type { PinTarget } from '../../links/app-link';

export interface Bookmark {
  /** Stable for the bookmark's life (links to it use it). */
  id: string;
  target: PinTarget;
  name: string;
  note: string;
  /** What the point was called when it was pinned ("job train-7", "seq 42"): shown when it is gone. */
  targetLabel: string;
  /** The sciagent seq the point stands at (a node's or event's seq), for Compare; null when none. */
  seq: number | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * `present`: the session or document the bookmark sits in is open now (the point itself is
 * checked when it is opened, and said so when it is not there); `gone`: it is not.
 */
export interface BookmarkEntry extends Bookmark {
  container: 'present' | 'gone';
}

export interface BookmarkList {
  bookmarks: BookmarkEntry[];
  /** Where they are kept (for the panel's footer). */
  file: string;
  /** The file could not be read (it is kept aside, see the message); null when all is well. */
  problem: string | null;
}

export interface BookmarkDraft {
  target: PinTarget;
  name: string;
  note: string;
  targetLabel: string;
  seq: number | null;
}

export interface BookmarksService {
  list(): Promise<BookmarkList>;
  add(draft: BookmarkDraft): Promise<Bookmark>;
  /** Renames and re-notes a bookmark; its target never changes. */
  update(id: string, name: string, note: string): Promise<Bookmark>;
  remove(id: string): Promise<void>;
}

export const MAX_NAME = 200;
export const MAX_NOTE = 4096;

/** A name is trimmed and must say something; a note may be empty. */
function nameAndNote(name: unknown, note: unknown): [string, string] | string {
  if (typeof name !== 'string' || typeof note !== 'string') return 'expects a name and a note (strings)';
  const trimmed = name.trim();
  if (!trimmed) return 'expects a name';
  if (trimmed.length > MAX_NAME) return `expects a name of at most ${MAX_NAME} characters`;
  if (note.length > MAX_NOTE) return `expects a note of at most ${MAX_NOTE} characters`;
  return [trimmed, note];
}

export function checkDraft(value: unknown): BookmarkDraft | string {
  if (typeof value !== 'object' || value === null) return 'expects a bookmark';
  const v = value as Record<string, unknown>;
  const target = toPinTarget(v['target']);
  if (!target) return 'expects a target (a session or document, optionally a point in it)';
  const checked = nameAndNote(v['name'], v['note']);
  if (typeof checked === 'string') return checked;
  const label = typeof v['targetLabel'] === 'string' ? v['targetLabel'].slice(0, MAX_NAME) : '';
  const seq = v['seq'];
  if (seq !== null && seq !== undefined && !(typeof seq === 'number' && Number.isSafeInteger(seq)))
    return 'expects seq to be an integer or null';
  return { target, name: checked[0], note: checked[1], targetLabel: label, seq: (seq as number) ?? null };
}

export const BOOKMARKS_METHOD_ARGS: {
  [M in keyof BookmarksService]: ArgsValidator<Parameters<BookmarksService[M]>>;
} = {
  list: (args) => (Array.isArray(args) && args.length === 0 ? [] : 'expects no arguments'),
  add: (args) => {
    if (!Array.isArray(args) || args.length !== 1) return 'expects one bookmark';
    const draft = checkDraft(args[0]);
    return typeof draft === 'string' ? draft : [draft];
  },
  update: (args) => {
    if (!Array.isArray(args) || args.length !== 3 || typeof args[0] !== 'string' || !args[0])
      return 'expects id, name and note';
    const checked = nameAndNote(args[1], args[2]);
    return typeof checked === 'string' ? checked : [args[0], ...checked];
  },
  remove: strings(1) as ArgsValidator<[string]>,
};
