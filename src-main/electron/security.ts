/**
 * What no page in the app may do: navigate away, open windows, attach webviews, ask for
 * permissions or start downloads. Links to http(s) pages open in the system browser; any other
 * scheme (file:, javascript:, smb:, custom handlers) is refused.
 */
import { shell, type Session, type WebContents } from 'electron';

const MAX_EXTERNAL_URL = 2048;

/** http(s) only, with a host and no credentials: what we hand to the system browser. */
export function isSafeExternalUrl(url: string): boolean {
  if (typeof url !== 'string' || url.length > MAX_EXTERNAL_URL) return false;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  return (
    (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '' && !u.username && !u.password
  );
}

function openInBrowser(url: string): void {
  if (!isSafeExternalUrl(url)) return;
  shell.openExternal(url).catch((error: unknown) => console.warn(`could not open ${url}:`, error));
}

/** For every web contents the app creates (`app.on('web-contents-created')`). */
export function lockDownContents(contents: WebContents): void {
  // A reload of the current page is not a navigation away; everything else is refused.
  contents.on('will-navigate', (event, url) => {
    if (url === contents.getURL()) return;
    event.preventDefault();
    openInBrowser(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (url !== contents.getURL()) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openInBrowser(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Nothing in the app needs a camera, notifications, the clipboard API or downloads. */
export function lockDownSession(ses: Session): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
  ses.on('will-download', (event) => event.preventDefault());
}
