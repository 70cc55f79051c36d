/**
 * Module-level selectors: defined once so components select narrowly and re-render only when
 * what they show changes (pair with `useShallow` where a selector builds an object).
 */
import type { AppState } from './store';

export const selectSessions = (s: AppState) => s.sessions;
export const selectListReceived = (s: AppState) => s.listReceived;
export const selectAppInfo = (s: AppState) => s.appInfo;
export const selectConnection = (s: AppState) => s.connection;
export const selectData = (s: AppState) => s.data;
export const selectNodes = (s: AppState) => s.data?.nodes;
export const selectEdges = (s: AppState) => s.data?.edges;
export const selectStructure = (s: AppState) => s.data?.structure ?? -1;
export const selectGrowth = (s: AppState) => s.data?.growth ?? null;
/** The graph's shape as drawn (paced during bursts of appends: graph-pace.ts). */
export const selectGraphShape = (s: AppState) => s.graphShape;
/** Bumps on every change of the session's data (its node and edge maps change in place). */
export const selectRevision = (s: AppState) => s.data?.revision ?? -1;
export const selectTimeline = (s: AppState) => s.data?.timeline;
export const selectProblems = (s: AppState) => s.data?.problems;
export const selectHealth = (s: AppState) => s.data?.health;
export const selectSummary = (s: AppState) => s.data?.summary;
export const selectIsPreview = (s: AppState) => s.preview;
export const selectViewKey = (s: AppState) => s.viewKey;
export const selectViewStatus = (s: AppState) => s.viewStatus;
export const selectSelectedKey = (s: AppState) => s.selectedKey;
export const selectSelectedNodeId = (s: AppState) => s.selectedNodeId;
export const selectSelectedEventId = (s: AppState) => s.selectedEventId;
export const selectSelectedProblem = (s: AppState) => s.selectedProblem;
export const selectPrefs = (s: AppState) => s.prefs;
export const selectDirection = (s: AppState) => s.prefs.direction;
export const selectSearch = (s: AppState) => s.search;
export const selectExpandedGroups = (s: AppState) => s.expandedGroups;
export const selectNewNodes = (s: AppState) => s.newNodes;
export const selectBottomTab = (s: AppState) => s.bottomTab;
export const selectKeysOpen = (s: AppState) => s.keysOpen;
export const selectToasts = (s: AppState) => s.toasts;

/**
 * The list row of the shown session, live: the fresher of its sidebar row (`sessions.changed`,
 * applied at most every second — see host-sync) and the summary its last delta carried.
 */
export const selectViewSummary = (s: AppState) => {
  const row = s.sessions.find((item) => item.key === s.viewKey) ?? null;
  const fromDelta = s.data && s.data.key === s.viewKey ? s.data.summary : null;
  if (!row || !fromDelta) return row ?? fromDelta;
  return fromDelta.bytesRead > row.bytesRead ? fromDelta : row;
};

export const nodeById = (id: string) => (s: AppState) => s.data?.nodes.get(id);
export const isNodeSelected = (id: string) => (s: AppState) => s.selectedNodeId === id;
