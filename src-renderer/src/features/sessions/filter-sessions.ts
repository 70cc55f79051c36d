/** Search, filter and sort of the session list: pure, so the sidebar only renders the result. */
import type { SessionListItem } from '../../../../src-shared/bridge/contract';
import type { SessionSort } from '../../state/ui-slice';

export interface SessionQuery {
  search: string;
  liveOnly: boolean;
  withErrors: boolean;
}

/** Every whitespace-separated term must appear in the id, path, models or notice. */
export function filterSessions(items: readonly SessionListItem[], q: SessionQuery): SessionListItem[] {
  const terms = q.search.toLowerCase().split(/\s+/).filter(Boolean);
  return items.filter((s) => {
    if (q.liveOnly && !s.live) return false;
    if (q.withErrors && s.parseErrors === 0) return false;
    if (terms.length === 0) return true;
    const text = [s.sessionId, s.path, ...s.models, s.notice ?? ''].join(' ').toLowerCase();
    return terms.every((t) => text.includes(t));
  });
}

// One collator: localeCompare with options builds one per call (~45–85 ms to sort 2,000 rows).
const collator = new Intl.Collator(undefined, { numeric: true });
const byName = (a: SessionListItem, b: SessionListItem) => collator.compare(a.sessionId, b.sessionId);

const byRecent = (a: SessionListItem, b: SessionListItem) => {
  // ISO timestamps compare as strings; sessions with no time yet go last.
  if (a.lastTs !== b.lastTs) {
    if (a.lastTs === null) return 1;
    if (b.lastTs === null) return -1;
    return a.lastTs < b.lastTs ? 1 : -1;
  }
  return byName(a, b);
};

const COMPARATORS: Record<SessionSort, (a: SessionListItem, b: SessionListItem) => number> = {
  recent: (a, b) => Number(b.live) - Number(a.live) || byRecent(a, b),
  name: byName,
  events: (a, b) => b.events - a.events || byName(a, b),
  errors: (a, b) => b.parseErrors - a.parseErrors || byRecent(a, b),
};

export function sortSessions(items: readonly SessionListItem[], sort: SessionSort): SessionListItem[] {
  return [...items].sort(COMPARATORS[sort]);
}
