/**
 * The selected session's graph, timeline, problems and health, applied from a snapshot and then
 * from deltas. A delta that does not follow the version we hold is refused ("gap") and the
 * caller resyncs from a fresh snapshot.
 */
import type { StateCreator } from 'zustand';
import type { SessionDelta, SessionSnapshot } from '../../../src-shared/bridge/contract';
import { applyDelta, fromSnapshot, type SessionData } from './session-data';
import type { AppState } from './store';

export type ViewStatus = 'loading' | 'ready' | 'error';

export interface SessionViewSlice {
  viewKey: string | null;
  viewStatus: ViewStatus;
  viewError: string | null;
  data: SessionData | null;
  /** Node ids that arrived live in the last moments (the transient "new" mark). */
  newNodes: ReadonlySet<string>;
  beginView(key: string | null): void;
  failView(key: string, message: string): void;
  applySnapshot(snapshot: SessionSnapshot): void;
  /** Returns the ids it marked new, or 'gap' when the delta does not follow our version. */
  applySessionDelta(delta: SessionDelta): string[] | 'gap' | 'ignored';
  expireNew(ids: readonly string[]): void;
}

export const createSessionViewSlice: StateCreator<AppState, [], [], SessionViewSlice> = (set, get) => ({
  viewKey: null,
  viewStatus: 'loading',
  viewError: null,
  data: null,
  newNodes: new Set(),

  beginView: (key) =>
    set({ viewKey: key, viewStatus: 'loading', viewError: null, data: null, newNodes: new Set() }),

  failView: (key, message) => {
    if (get().viewKey === key) set({ viewStatus: 'error', viewError: message });
  },

  applySnapshot: (snapshot) => {
    if (get().viewKey !== snapshot.key) return;
    const prev = get().data;
    const data = fromSnapshot(snapshot);
    // A resync of the same session keeps its layout unless the node set changed.
    if (prev && prev.key === data.key) data.structure = prev.structure + 1;
    set({ data, viewStatus: 'ready', viewError: null });
  },

  applySessionDelta: (delta) => {
    const { viewKey, data, newNodes } = get();
    if (viewKey !== delta.key || !data) return 'ignored';
    if (delta.version <= data.version) return 'ignored'; // already in the snapshot we hold
    if (delta.fromVersion !== data.version) return 'gap';
    const result = applyDelta(data, delta);
    if (delta.reset) {
      // The file was re-read: a picked problem line may not exist any more.
      set({ data: result.data, newNodes: new Set(), selectedProblem: null });
      return [];
    }
    // While the file is first read everything is new; the mark is for live growth only.
    if (result.added.length === 0 || delta.summary.status === 'loading') {
      set({ data: result.data });
      return [];
    }
    const marks = new Set(newNodes);
    for (const id of result.added) marks.add(id);
    set({ data: result.data, newNodes: marks });
    return result.added;
  },

  expireNew: (ids) => {
    const current = get().newNodes;
    if (!ids.some((id) => current.has(id))) return;
    const next = new Set(current);
    for (const id of ids) next.delete(id);
    set({ newNodes: next });
  },
});
