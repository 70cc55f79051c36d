/**
 * Where links meet the page: the link being opened (kept until its target is there — a live
 * session may not have the node yet), a visible notice when it is not, the point a document view
 * should show (documents keep their selection themselves), and the last link copied (tests and
 * the toast read it).
 */
import { create } from 'zustand';
import type { AppTarget, DocumentPoint } from '../../../../src-shared/links/app-link';

export interface DocFocus {
  key: string;
  at: DocumentPoint;
  /** Bumps so the same point can be asked for twice. */
  seq: number;
}

interface LinksState {
  pending: AppTarget | null;
  /** "node X is not in this session (yet)" — shown until the target arrives or the user moves on. */
  notice: string | null;
  docFocus: DocFocus | null;
  /** What the shown document has selected, reported by its view (the URL follows it). */
  docPoint: { key: string; at: DocumentPoint | null } | null;
  lastCopied: string | null;
  setPending(target: AppTarget | null): void;
  setNotice(notice: string | null): void;
  focusDocument(key: string, at: DocumentPoint): void;
  reportDocPoint(key: string, at: DocumentPoint | null): void;
  setLastCopied(link: string): void;
}

let focusSeq = 0;

export const useLinks = create<LinksState>()((set, get) => ({
  pending: null,
  notice: null,
  docFocus: null,
  docPoint: null,
  lastCopied: null,
  setPending: (pending) => set({ pending }),
  setNotice: (notice) => {
    if (get().notice !== notice) set({ notice });
  },
  focusDocument: (key, at) => set({ docFocus: { key, at, seq: ++focusSeq } }),
  reportDocPoint: (key, at) => {
    const now = get().docPoint;
    if (now?.key === key && JSON.stringify(now.at) === JSON.stringify(at)) return;
    set({ docPoint: { key, at } });
  },
  setLastCopied: (lastCopied) => set({ lastCopied }),
}));
