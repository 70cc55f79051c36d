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
  setAppInfo(info: AppInfo): void;
}

export const createSessionsSlice: StateCreator<AppState, [], [], SessionsSlice> = (set) => ({
  sessions: [],
  listReceived: false,
  appInfo: null,
  setSessions: (items) => set({ sessions: items, listReceived: true }),
  setAppInfo: (info) => set({ appInfo: info }),
});
