/**
 * The theme in force: the user's choice, or the system's (prefers-color-scheme) when they chose
 * "system". Written to <html data-theme> so CSS variables switch in one place.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useAppStore } from '../../state/store';

// One query object, read by every render that asks (useSyncExternalStore calls `systemDark` on
// each render and store check: a new matchMedia each time was ~2% of a live page's main thread).
let mediaQuery: MediaQueryList | null = null;
const query = () => (mediaQuery ??= window.matchMedia('(prefers-color-scheme: dark)'));

function subscribe(callback: () => void) {
  const q = query();
  q.addEventListener('change', callback);
  return () => q.removeEventListener('change', callback);
}

const systemDark = () => query().matches;

export function useResolvedTheme(): 'light' | 'dark' {
  const pref = useAppStore((s) => s.prefs.theme);
  const dark = useSyncExternalStore(subscribe, systemDark);
  return pref === 'system' ? (dark ? 'dark' : 'light') : pref;
}

/** Mount once, near the root. */
export function useApplyTheme(): void {
  const theme = useResolvedTheme();
  useEffect(() => {
    document.documentElement.dataset['theme'] = theme;
  }, [theme]);
}
