/**
 * Where the graph's visible nodes sit. Positions are kept per session for the page's lifetime so
 * live updates and session switches never move what the user already saw; only a full layout
 * (first load, or the user's "re-layout") replaces them.
 */
import type { StateCreator } from 'zustand';
import type { AppState } from './store';

export interface XY {
  x: number;
  y: number;
}

export interface LayoutSlice {
  /** Session key → visible node id → position. */
  positions: ReadonlyMap<string, ReadonlyMap<string, XY>>;
  /** Bumped to ask the graph view for a full layout (user action). */
  relayoutRequest: number;
  /** Bumped to ask the graph view to fit the graph (the "f" key). */
  fitRequest: number;
  setPositions(key: string, positions: ReadonlyMap<string, XY>): void;
  movePosition(key: string, id: string, xy: XY): void;
  requestRelayout(): void;
  requestFit(): void;
}

export const createLayoutSlice: StateCreator<AppState, [], [], LayoutSlice> = (set, get) => ({
  positions: new Map(),
  relayoutRequest: 0,
  fitRequest: 0,
  setPositions: (key, positions) => {
    const next = new Map(get().positions);
    next.set(key, positions);
    set({ positions: next });
  },
  movePosition: (key, id, xy) => {
    const current = get().positions.get(key);
    const session = new Map(current ?? []);
    session.set(id, xy);
    const next = new Map(get().positions);
    next.set(key, session);
    set({ positions: next });
  },
  requestRelayout: () => set({ relayoutRequest: get().relayoutRequest + 1 }),
  requestFit: () => set({ fitRequest: get().fitRequest + 1 }),
});
