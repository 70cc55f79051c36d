/**
 * The sessions list asked for with the page, not after it (issue 8, T5: a home of 2,000 sessions
 * listed, and listed sooner on a second start). The page's first list came over its WebSocket,
 * which it opens once its scripts have run: on a second start the cached list was ready in serve
 * before the page asked, and the page still waited ~200 ms after its HTML to ask and ~100 ms more
 * for the answer. The page the web host serves names the list in a `<link rel="preload">`: the
 * browser asks for it as it reads the HTML, beside the scripts, and the page's own `fetch` of the
 * same URL takes that response (src-renderer/src/host/early-list.ts).
 *
 * A first paint only: the page still asks the socket for the list, whose answer is the one pushed
 * row changes follow (host-sync.ts). Serve answers both the same way (`listedSessions`): once the
 * roots are listed.
 */
import type { ServerResponse } from 'node:http';
import { EARLY_LIST_LINK_ID, EARLY_LIST_PATH, TOKEN_PARAM } from '../../src-shared/bridge/ws-protocol';
import { listedSessions } from '../services/client-services';
import type { SessionStore } from '../services/sessions/session-store';
import { jsonInSlices } from './json-in-slices';
import { yieldTurn } from './send-in-order';

/** The page's HTML with the preload of the list (`token`: the page's own, checked already). */
export function withEarlyListLink(html: string, token: string): string {
  const href = `${EARLY_LIST_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`;
  // `crossorigin`: a preload is used by a `fetch` only when their modes match (a fetch is CORS
  // mode, same-origin credentials: what "anonymous" asks for).
  const link = `<link rel="preload" id="${EARLY_LIST_LINK_ID}" as="fetch" crossorigin="anonymous" href="${href}" />`;
  return html.replace(/<head>/i, `<head>\n    ${link}`);
}

/** Answers GET EARLY_LIST_PATH (token checked by the caller): the list as JSON, once listed. */
export async function serveEarlyList(res: ServerResponse, store: SessionStore): Promise<void> {
  try {
    const parts = await jsonInSlices(await listedSessions(store), yieldTurn);
    res.writeHead(200, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    for (const part of parts) res.write(part);
    res.end();
  } catch (error) {
    // Only the encoding can fail here, before anything is written.
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`sessions list: ${(error as Error).message}`);
  }
}
