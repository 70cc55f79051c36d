/**
 * THE link format of the app: one path names a session, a document, a point inside either, or a
 * bookmark. The same path is used three ways —
 *
 *   the page's own URL (route state ↔ location, so a reload keeps the place),
 *   `serve`:        http://127.0.0.1:PORT/<path>?token=…
 *   the desktop:    lineage-explorer://<path>
 *
 * Paths (each `<…>` is one percent-encoded segment, `encodeURIComponent`, so a key's `/` is `%2F`):
 *
 *   session/<key>                  a sciagent session; its key is its log's absolute path
 *   session/<key>/node/<id>        a lineage node of it
 *   session/<key>/event/<id>       an event (by event_id)
 *   session/<key>/seq/<n>          the session as of seq n
 *   document/<key>                 a TreeTrace bundle, change ledger or step trace (its key)
 *   document/<key>/node/<key>      a TreeTrace node (its key within the bundle)
 *   document/<key>/chain/<id>      a TreeTrace correction chain (its id, `#<index>` without one)
 *   document/<key>/event/<key>     a change-ledger event (its key within the ledger)
 *   bookmark/<id>                  one of the user's own bookmarks
 *
 * Pure: runs in the renderer, main and tests alike.
 */

export const LINK_SCHEME = 'lineage-explorer';

export type SessionPoint =
  { kind: 'node'; id: string } | { kind: 'event'; id: string } | { kind: 'seq'; seq: number };
export type DocumentPoint =
  { kind: 'node'; id: string } | { kind: 'chain'; id: string } | { kind: 'event'; id: string };

export type AppTarget =
  | { kind: 'session'; key: string; at: SessionPoint | null }
  | { kind: 'document'; key: string; at: DocumentPoint | null }
  | { kind: 'bookmark'; id: string };

/** What a bookmark can pin: anything a link names except another bookmark. */
export type PinTarget = Exclude<AppTarget, { kind: 'bookmark' }>;

const MAX_SEGMENT = 4096;
const MAX_PATH = 12_288;

const enc = (text: string) => encodeURIComponent(text);

/** The path of a target, without a leading slash: `session/%2Fa%2Fprovenance.jsonl/node/job%3A1`. */
export function appPath(target: AppTarget): string {
  if (target.kind === 'bookmark') return `bookmark/${enc(target.id)}`;
  const head = `${target.kind}/${enc(target.key)}`;
  const at = target.at;
  if (!at) return head;
  return at.kind === 'seq' ? `${head}/seq/${at.seq}` : `${head}/${at.kind}/${enc(at.id)}`;
}

function decode(segment: string): string | null {
  if (segment.length === 0 || segment.length > MAX_SEGMENT) return null;
  try {
    const text = decodeURIComponent(segment);
    return text.length === 0 || text.includes('\0') ? null : text;
  } catch {
    return null;
  }
}

const SEQ = /^(0|[1-9][0-9]{0,15})$/;

/** The inverse of `appPath`; a leading `/` is allowed, anything else unknown gives null. */
export function parseAppPath(path: string): AppTarget | null {
  if (typeof path !== 'string' || path.length > MAX_PATH) return null;
  const parts = path.replace(/^\//, '').split('/');
  const [kind, first, pointKind, pointValue, ...extra] = parts;
  if (extra.length > 0 || first === undefined) return null;
  const value = decode(first);
  if (value === null) return null;
  if (kind === 'bookmark') return pointKind === undefined ? { kind: 'bookmark', id: value } : null;
  if (kind !== 'session' && kind !== 'document') return null;
  if (pointKind === undefined) return { kind, key: value, at: null };
  if (pointValue === undefined) return null;
  if (kind === 'session' && pointKind === 'seq') {
    if (!SEQ.test(pointValue)) return null;
    const seq = Number(pointValue);
    return Number.isSafeInteger(seq) ? { kind, key: value, at: { kind: 'seq', seq } } : null;
  }
  const id = decode(pointValue);
  if (id === null) return null;
  if (kind === 'session' && (pointKind === 'node' || pointKind === 'event'))
    return { kind, key: value, at: { kind: pointKind, id } };
  if (kind === 'document' && (pointKind === 'node' || pointKind === 'chain' || pointKind === 'event'))
    return { kind, key: value, at: { kind: pointKind, id } };
  return null;
}

/** The `serve` URL of a target: the server's origin, the path, and the access token. */
export function webLink(origin: string, token: string, target: AppTarget): string {
  const query = token ? `?token=${enc(token)}` : '';
  return `${origin.replace(/\/$/, '')}/${appPath(target)}${query}`;
}

/** The desktop link of a target. */
export function desktopLink(target: AppTarget): string {
  return `${LINK_SCHEME}://${appPath(target)}`;
}

/**
 * The target of a desktop link or a `serve` URL (any origin: the port changes between runs);
 * null when it names none. Only the path is read — the token is the server's business.
 */
export function parseAppLink(link: string): AppTarget | null {
  if (typeof link !== 'string' || link.length > MAX_PATH + 256) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  // In `lineage-explorer://session/…` the first segment is the URL's host.
  if (url.protocol === `${LINK_SCHEME}:`) return parseAppPath(`${url.host}${url.pathname}`);
  if (url.protocol === 'http:' || url.protocol === 'https:') return parseAppPath(url.pathname);
  return null;
}

/** Two targets name the same place. */
export function sameTarget(a: AppTarget | null, b: AppTarget | null): boolean {
  return a === b || (a !== null && b !== null && appPath(a) === appPath(b));
}

/** A checked copy of an untrusted value (from the renderer, or a file), or null. */
export function toPinTarget(value: unknown): PinTarget | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v['kind'] !== 'session' && v['kind'] !== 'document') return null;
  const key = v['key'];
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_SEGMENT) return null;
  // Round-trip through the path: the one definition of what is well-formed.
  const at = v['at'] ?? null;
  let candidate: AppTarget;
  if (at === null) candidate = { kind: v['kind'], key, at: null } as PinTarget;
  else {
    if (typeof at !== 'object') return null;
    const a = at as Record<string, unknown>;
    if (a['kind'] === 'seq') {
      if (typeof a['seq'] !== 'number') return null;
      candidate = { kind: v['kind'], key, at: { kind: 'seq', seq: a['seq'] } } as PinTarget;
    } else {
      if (typeof a['id'] !== 'string' || typeof a['kind'] !== 'string') return null;
      candidate = { kind: v['kind'], key, at: { kind: a['kind'], id: a['id'] } } as PinTarget;
    }
  }
  let parsed: AppTarget | null;
  try {
    parsed = parseAppPath(appPath(candidate));
  } catch {
    return null;
  }
  return parsed && parsed.kind !== 'bookmark' ? parsed : null;
}
