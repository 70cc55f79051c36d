/**
 * The renderer is served from `app://bundle/…` rather than file://: a privileged standard scheme
 * gives the page a real origin ('self' in the CSP means our files only, module workers load,
 * localStorage is the app's own), and every response carries the security headers, which file://
 * cannot. Only files under the built renderer folder are served; anything else is a 404.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CustomScheme } from 'electron';
import { isUnder } from '../services/fs/is-under';
import { SECURITY_HEADERS } from './csp';

export const APP_SCHEME = 'app';
export const APP_HOST = 'bundle';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Registered before `ready` (protocol.registerSchemesAsPrivileged). */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

function refuse(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/** The file a request names, or null when it names nothing we serve. */
export function resolveAppFile(rendererDir: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  if (pathname === '/' || pathname === '') pathname = '/index.html';
  const file = path.join(rendererDir, pathname);
  return isUnder(file, rendererDir) && file !== path.resolve(rendererDir) ? file : null;
}

/** The `protocol.handle(APP_SCHEME, …)` handler over the built renderer folder. */
export function createAppProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  const root = path.resolve(rendererDir);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'method not allowed');
    const file = resolveAppFile(root, request.url);
    if (!file) return refuse(404, 'not found');
    try {
      if (!(await stat(file)).isFile()) return refuse(404, 'not found');
      const body = request.method === 'HEAD' ? null : await readFile(file);
      const type = MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
      return new Response(body, { status: 200, headers: { ...SECURITY_HEADERS, 'Content-Type': type } });
    } catch {
      return refuse(404, 'not found');
    }
  };
}
