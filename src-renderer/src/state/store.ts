/**
 * The renderer's one store, made of typed slices (zustand's slices pattern). It is fed only by
 * the actions in `session-actions.ts` / `host-sync.ts`, which are driven by host events and by
 * the user; components read it through the selectors in `selectors.ts`.
 */
import { create } from 'zustand';
import { createConnectionSlice, type ConnectionSlice } from './connection-slice';
import { createLayoutSlice, type LayoutSlice } from './layout-slice';
import { createSelectionSlice, type SelectionSlice } from './selection-slice';
import { createSessionViewSlice, type SessionViewSlice } from './session-view-slice';
import { createSessionsSlice, type SessionsSlice } from './sessions-slice';
import { createUiSlice, type UiSlice } from './ui-slice';

export type AppState = SessionsSlice &
  ConnectionSlice &
  SessionViewSlice &
  SelectionSlice &
  UiSlice &
  LayoutSlice;

export const useAppStore = create<AppState>()((...a) => ({
  ...createSessionsSlice(...a),
  ...createConnectionSlice(...a),
  ...createSessionViewSlice(...a),
  ...createSelectionSlice(...a),
  ...createUiSlice(...a),
  ...createLayoutSlice(...a),
}));
