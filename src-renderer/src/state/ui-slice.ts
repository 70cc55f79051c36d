/**
 * View preferences. The durable ones (theme, sort, filters, layout direction) are kept in
 * localStorage so the app opens the way it was left; the rest live for the page only.
 */
import type { StateCreator } from 'zustand';
import type { AppState } from './store';

export type ThemePref = 'system' | 'light' | 'dark';
export type SessionSort = 'recent' | 'name' | 'events' | 'errors';
export type LayoutDirection = 'RIGHT' | 'DOWN';
export type BottomTab = 'timeline' | 'health';

export interface Prefs {
  theme: ThemePref;
  sort: SessionSort;
  liveOnly: boolean;
  withErrors: boolean;
  direction: LayoutDirection;
}

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
}

export interface UiSlice {
  prefs: Prefs;
  search: string;
  bottomTab: BottomTab;
  keysOpen: boolean;
  bannerDismissed: boolean;
  /** Group node ids the user expanded (tool-call groups are collapsed by default). */
  expandedGroups: ReadonlySet<string>;
  toasts: readonly Toast[];
  setPref<K extends keyof Prefs>(key: K, value: Prefs[K]): void;
  setSearch(text: string): void;
  setBottomTab(tab: BottomTab): void;
  setKeysOpen(open: boolean): void;
  dismissBanner(): void;
  toggleGroup(id: string): void;
  setExpandedGroups(ids: ReadonlySet<string>): void;
  pushToast(message: string, tone?: Toast['tone']): void;
  dropToast(id: number): void;
}

const PREFS_KEY = 'lineage-explorer.prefs';
const DEFAULT_PREFS: Prefs = {
  theme: 'system',
  sort: 'recent',
  liveOnly: false,
  withErrors: false,
  direction: 'RIGHT',
};

function loadPrefs(): Prefs {
  try {
    const saved = JSON.parse(localStorage.getItem(PREFS_KEY) ?? '{}') as Partial<Prefs>;
    return { ...DEFAULT_PREFS, ...saved };
  } catch {
    return DEFAULT_PREFS;
  }
}

let toastId = 0;

export const createUiSlice: StateCreator<AppState, [], [], UiSlice> = (set, get) => ({
  prefs: loadPrefs(),
  search: '',
  bottomTab: 'timeline',
  keysOpen: false,
  bannerDismissed: false,
  expandedGroups: new Set(),
  toasts: [],
  setPref: (key, value) => {
    const prefs = { ...get().prefs, [key]: value };
    try {
      localStorage.setItem(PREFS_KEY, JSON.stringify(prefs));
    } catch {
      // Storage may be unavailable (private mode); the preference still holds for this page.
    }
    set({ prefs });
  },
  setSearch: (search) => set({ search }),
  setBottomTab: (bottomTab) => set({ bottomTab }),
  setKeysOpen: (keysOpen) => set({ keysOpen }),
  dismissBanner: () => set({ bannerDismissed: true }),
  // Expanding or collapsing changes what is drawn a lot: the user asked for it, so it lays out anew.
  toggleGroup: (id) => {
    const next = new Set(get().expandedGroups);
    if (!next.delete(id)) next.add(id);
    set({ expandedGroups: next, relayoutRequest: get().relayoutRequest + 1 });
  },
  setExpandedGroups: (expandedGroups) => set({ expandedGroups, relayoutRequest: get().relayoutRequest + 1 }),
  pushToast: (message, tone = 'info') =>
    set({ toasts: [...get().toasts, { id: ++toastId, message, tone }].slice(-4) }),
  dropToast: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
});
