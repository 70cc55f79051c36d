/**
 * Stable links into the app: `lineage-explorer://` URLs, registered with the OS (electron-builder
 * `protocols`, and `app.setAsDefaultProtocolClient` at run time).
 *
 *   lineage-explorer://open?path=<absolute path, percent-encoded>
 *       open a folder (a sciagent home, a session folder), a .jsonl log or a bundle
 *   lineage-explorer://session/<session key, percent-encoded>
 *       show one session; its key is the absolute path of its log (…/provenance.jsonl)
 *   lineage-explorer://<any other app path>
 *       a point in a session, a document or a point in it, a bookmark — the one link format of
 *       src-shared/links/app-link.ts (the same path as in `serve` URLs); keys must be paths as above
 *
 * Anything else is refused. Paths must be absolute; on Windows, UNC paths (\\server\share) are
 * refused too, because merely looking at one sends the user's credentials to that server. A link
 * may come from any web page, so main asks before opening a path outside the folders already open.
 */
import path from 'node:path';
import { LINK_SCHEME, appPath, parseAppPath, type AppTarget } from '../../src-shared/links/app-link';

export { LINK_SCHEME };

export type DeepLink =
  | { kind: 'open'; path: string }
  | { kind: 'session'; key: string }
  /** A point in a session or document, a document, or a bookmark; `path` is its app path. */
  | { kind: 'target'; target: AppTarget; path: string };

const MAX_LINK = 8192;
const MAX_PATH = 4096;

/** An absolute, local path for this platform, normalised; null when it is not one. */
export function linkPath(raw: string, platform: NodeJS.Platform = process.platform): string | null {
  if (raw.length === 0 || raw.length > MAX_PATH || raw.includes('\0')) return null;
  const p = platform === 'win32' ? path.win32 : path.posix;
  if (!p.isAbsolute(raw)) return null;
  if (platform === 'win32' && (/^[\\/]{2}/.test(raw) || !/^[a-zA-Z]:[\\/]/.test(raw))) return null;
  return p.normalize(raw);
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

export function parseDeepLink(raw: string, platform: NodeJS.Platform = process.platform): DeepLink | null {
  if (typeof raw !== 'string' || raw.length > MAX_LINK) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== `${LINK_SCHEME}:`) return null;
  // Some launchers add a trailing slash after the host (`…://open/?path=`).
  const rest = url.pathname.replace(/^\//, '');
  if (url.host === 'open' && rest === '') {
    const target = url.searchParams.get('path');
    const p = target === null ? null : linkPath(target, platform);
    return p ? { kind: 'open', path: p } : null;
  }
  const target = parseAppPath(`${url.host}${url.pathname}`);
  if (target) {
    const checked = checkTarget(target, platform);
    if (checked?.kind === 'session' && checked.at === null) return { kind: 'session', key: checked.key };
    if (checked) return { kind: 'target', target: checked, path: appPath(checked) };
  }
  // The first form: `session/<the path, not encoded>` (slashes and all).
  if (url.host === 'session' && rest !== '') {
    const decoded = decode(rest);
    const key = decoded === null ? null : linkPath(decoded, platform);
    return key ? { kind: 'session', key } : null;
  }
  return null;
}

/** The target with its key held to the same rule as any path a link names; null when it fails. */
function checkTarget(target: AppTarget, platform: NodeJS.Platform): AppTarget | null {
  if (target.kind === 'bookmark') return target;
  const key = linkPath(target.key, platform);
  return key ? { ...target, key } : null;
}

/** The link that opens `target` (the inverse of parseDeepLink). */
export function openLink(target: string): string {
  return `${LINK_SCHEME}://open?path=${encodeURIComponent(target)}`;
}

/** The link that shows the session whose key is `key`. */
export function sessionLink(key: string): string {
  return `${LINK_SCHEME}://session/${encodeURIComponent(key)}`;
}

export function isDeepLink(arg: string): boolean {
  return arg.toLowerCase().startsWith(`${LINK_SCHEME}:`);
}
