/**
 * The selected session's graph, timeline, problems and health, applied from a snapshot and then
 * from deltas. A delta that does not follow the version we hold is refused ("gap") and the
 * caller resyncs from a fresh snapshot.
 */
import type { StateCreator } from 'zustand';
import type { SessionDelta, SessionPreview } from '../../../src-shared/bridge/contract';
import { graphChanged, graphMayChange } from './graph-pace';
import { applyDeltas, fromPreview, type Growth, type SessionData } from './session-data';
import type { AppState } from './store';

export type ViewStatus = 'loading' | 'ready' | 'error';

/**
 * The graph's shape as the graph view draws it: the session data's, taken at the pace of
 * graph-pace.ts during a burst of appends. The maps are the data's own (updated in place), so
 * `structure` and `growth` say which version of them this is.
 */
export interface GraphShape {
  key: string;
  nodes: SessionData['nodes'];
  edges: SessionData['edges'];
  structure: number;
  growth: Growth | null;
}

const shapeOf = (d: SessionData): GraphShape => ({
  key: d.key,
  nodes: d.nodes,
  edges: d.edges,
  structure: d.structure,
  growth: d.growth,
});

export interface SessionViewSlice {
  viewKey: string | null;
  viewStatus: ViewStatus;
  viewError: string | null;
  data: SessionData | null;
  /**
   * `data` is a preview (the newest events and the row, no graph) shown while a big session's
   * snapshot is on its way, or while a long read of its log lasts; the snapshot replaces it.
   */
  preview: boolean;
  /** Node ids that arrived live in the last moments (the transient "new" mark). */
  newNodes: ReadonlySet<string>;
  graphShape: GraphShape | null;
  beginView(key: string | null): void;
  failView(key: string, message: string): void;
  /** A snapshot, decoded (`fromSnapshot`: host-sync does it in a task of its own). */
  applySnapshot(data: SessionData): void;
  /** Shows a preview (in place of an older one) until the snapshot comes, never in place of its data. */
  applyPreview(preview: SessionPreview): void;
  /**
   * Applies the deltas that follow our version, in one store update. Returns the ids it marked
   * new, or 'gap' when one does not follow (the ones before it are applied).
   */
  applySessionDeltas(deltas: readonly SessionDelta[]): string[] | 'gap' | 'ignored';
  expireNew(ids: readonly string[]): void;
  /** Brings `graphShape` up to the data (graph-pace's deferred call). */
  showGraphShape(): void;
}

export const createSessionViewSlice: StateCreator<AppState, [], [], SessionViewSlice> = (set, get) => ({
  viewKey: null,
  viewStatus: 'loading',
  viewError: null,
  data: null,
  preview: false,
  newNodes: new Set(),
  graphShape: null,

  beginView: (key) =>
    set({
      viewKey: key,
      viewStatus: 'loading',
      viewError: null,
      data: null,
      preview: false,
      newNodes: new Set(),
      graphShape: null,
    }),

  failView: (key, message) => {
    if (get().viewKey === key) set({ viewStatus: 'error', viewError: message });
  },

  applySnapshot: (data) => {
    if (get().viewKey !== data.key) return;
    // A resync of the same session keeps its layout (positions are kept per session) and places
    // only what is new; the snapshot's own `structure` tells the views to look again.
    graphChanged();
    set({ data, preview: false, graphShape: shapeOf(data), viewStatus: 'ready', viewError: null });
  },

  applyPreview: (preview) => {
    const { viewKey, data } = get();
    // A newer preview replaces one (a long read is watched through them); a snapshot's data stays.
    if (viewKey !== preview.key || (data && !get().preview)) return;
    // No graph shape: the graph says it is loading until the snapshot.
    set({ data: fromPreview(preview), preview: true });
  },

  applySessionDeltas: (deltas) => {
    const { viewKey, data, newNodes, preview } = get();
    // A preview has no version deltas follow: they wait for the snapshot (host-sync holds them).
    if (!data || preview) return 'ignored';
    let version = data.version;
    const following: SessionDelta[] = [];
    let gap = false;
    for (const delta of deltas) {
      if (viewKey !== delta.key || delta.version <= version) continue; // already in what we hold
      if (delta.fromVersion !== version) {
        gap = true;
        break;
      }
      following.push(delta);
      version = delta.version;
    }
    if (following.length === 0) return gap ? 'gap' : 'ignored';
    const result = applyDeltas(data, following);
    const last = following[following.length - 1]!;
    const reset = following.some((d) => d.reset);
    // A reset or the end of the first read is drawn at once (the layout's full pass waits for
    // it); live growth at graph-pace's pace.
    let shape = get().graphShape;
    if (result.data.structure !== data.structure) {
      if (reset || result.data.summary.status !== data.summary.status) {
        graphChanged();
        shape = shapeOf(result.data);
      } else if (graphMayChange(() => get().showGraphShape())) shape = shapeOf(result.data);
    }
    if (reset) {
      // The file was re-read: a picked problem line may not exist any more.
      set({ data: result.data, graphShape: shape, newNodes: new Set(), selectedProblem: null });
      return gap ? 'gap' : [];
    }
    // While the file is first read everything is new; the mark is for live growth only.
    if (result.added.length === 0 || last.summary.status === 'loading') {
      set({ data: result.data, graphShape: shape });
      return gap ? 'gap' : [];
    }
    const marks = new Set(newNodes);
    for (const id of result.added) marks.add(id);
    set({ data: result.data, graphShape: shape, newNodes: marks });
    if (gap) return 'gap';
    return result.added;
  },

  showGraphShape: () => {
    const { data, graphShape } = get();
    if (data && graphShape?.structure !== data.structure) set({ graphShape: shapeOf(data) });
  },

  expireNew: (ids) => {
    const current = get().newNodes;
    if (!ids.some((id) => current.has(id))) return;
    const next = new Set(current);
    for (const id of ids) next.delete(id);
    set({ newNodes: next });
  },
});
