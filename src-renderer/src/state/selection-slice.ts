/**
 * What the user has selected. Ids only (node id, event id, byte offset), so selections survive
 * live updates and resyncs: a re-read file keeps its ids.
 */
import type { StateCreator } from 'zustand';
import type { ProblemEntry } from '../../../src-shared/bridge/contract';
import type { AppState } from './store';

export interface SelectionSlice {
  selectedKey: string | null;
  selectedNodeId: string | null;
  /** The event picked in the timeline (or in the detail list); its node is selected with it. */
  selectedEventId: string | null;
  selectedProblem: ProblemEntry | null;
  selectSessionKey(key: string | null): void;
  selectNode(nodeId: string | null): void;
  selectEvent(eventId: string | null, nodeId: string | null): void;
  selectProblem(problem: ProblemEntry | null): void;
}

export const createSelectionSlice: StateCreator<AppState, [], [], SelectionSlice> = (set) => ({
  selectedKey: null,
  selectedNodeId: null,
  selectedEventId: null,
  selectedProblem: null,
  selectSessionKey: (key) =>
    set({ selectedKey: key, selectedNodeId: null, selectedEventId: null, selectedProblem: null }),
  selectNode: (nodeId) => set({ selectedNodeId: nodeId, selectedEventId: null }),
  selectEvent: (eventId, nodeId) => set({ selectedEventId: eventId, selectedNodeId: nodeId }),
  selectProblem: (problem) => set({ selectedProblem: problem }),
});
