/** Which session to show on start: the one shown last time if it is still there, else the top row. */
import type { SessionListItem } from '../../../src-shared/bridge/contract';
import { sortSessions } from '../features/sessions/filter-sessions';
import type { SessionSort } from './ui-slice';

export function pickInitialSession(
  items: readonly SessionListItem[],
  last: string | null,
  sort: SessionSort,
): string | null {
  if (last && items.some((s) => s.key === last)) return last;
  return sortSessions(items, sort)[0]?.key ?? null;
}
