/**
 * The link a "Copy link" button copies: in the desktop app the `lineage-explorer://` link, in a
 * browser the `serve` URL of this server with this page's token (the one format:
 * src-shared/links/app-link.ts). And where the page keeps its place: a browser's path, the
 * desktop page's hash (its path must stay `app://bundle/index.html`).
 */
import { TOKEN_PARAM } from '../../../../src-shared/bridge/ws-protocol';
import {
  appPath,
  desktopLink,
  parseAppPath,
  webLink,
  type AppTarget,
} from '../../../../src-shared/links/app-link';

const inDesktop = () => Boolean(window.host);

export function linkFor(target: AppTarget): string {
  if (inDesktop()) return desktopLink(target);
  const token = new URLSearchParams(location.search).get(TOKEN_PARAM) ?? '';
  return webLink(location.origin, token, target);
}

/** The target the page's own URL names (a link opened, or a reload), if any. */
export function targetOfLocation(): AppTarget | null {
  if (inDesktop()) return location.hash.startsWith('#/') ? parseAppPath(location.hash.slice(2)) : null;
  return parseAppPath(location.pathname);
}

/** Puts `target` in the page's URL without reloading or adding history entries. */
export function writeLocation(target: AppTarget | null): void {
  const path = target ? appPath(target) : '';
  const next = inDesktop()
    ? `${location.pathname}${location.search}${path ? `#/${path}` : ''}`
    : `/${path}${location.search}`;
  if (next !== `${location.pathname}${location.search}${location.hash}`) {
    try {
      history.replaceState(history.state, '', next);
    } catch {
      // A URL the browser refuses (too long): the place is simply not kept across a reload.
    }
  }
}
