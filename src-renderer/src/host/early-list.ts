/**
 * The sessions list the web host's page asked for as it loaded (src-main/web/early-list.ts): the
 * response to the `<link rel="preload">` in its HTML, taken by a `fetch` of the same URL. Null
 * where there is no such link (the desktop app: its list comes over IPC, not behind a socket that
 * opens late) or the request fails (the socket's list is then the first).
 */
import type { SessionListItem } from '../../../src-shared/bridge/contract';
import { EARLY_LIST_LINK_ID } from '../../../src-shared/bridge/ws-protocol';

export async function fetchEarlyList(): Promise<SessionListItem[] | null> {
  const link = document.getElementById(EARLY_LIST_LINK_ID);
  if (!(link instanceof HTMLLinkElement)) return null;
  try {
    const response = await fetch(link.href);
    if (!response.ok) return null;
    const items: unknown = await response.json();
    return Array.isArray(items) ? (items as SessionListItem[]) : null;
  } catch {
    return null;
  }
}
