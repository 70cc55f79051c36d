/** The session list (sidebar rows) and what the host said about itself. */
import type { StateCreator } from 'zustand';
import type { AppInfo, SessionListItem } from '../../../src-shared/bridge/contract';
import type { AppState } from './store';

export interface SessionsSlice {
  sessions: readonly SessionListItem[];
  /** The first list has arrived (drives `#root[data-app-state="ready"]`). */
  listReceived: boolean;
  appInfo: AppInfo | null;
  setSessions(items: readonly SessionListItem[]): void;
  /** `sessions.changed` carries only the rows that changed: each replaces the row of its key. */
  upsertSessions(items: readonly SessionListItem[]): void;
  setAppInfo(info: AppInfo): void;
}

export const createSessionsSlice: StateCreator<AppState, [], [], SessionsSlice> = (set) => ({
  sessions: [],
  listReceived: false,
  appInfo: null,
  setSessions: (items) => set({ sessions: items, listReceived: true }),
  upsertSessions: (items) =>
    set((s) => {
      const byKey = new Map(items.map((i) => [i.key, i]));
      const sessions = s.sessions.map((old) => byKey.get(old.key) ?? old);
      const known = new Set(s.sessions.map((old) => old.key));
      for (const item of items) if (!known.has(item.key)) sessions.push(item);
      return { sessions, listReceived: true };
    }),
  setAppInfo: (info) => set({ appInfo: info }),
});
