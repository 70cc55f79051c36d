// Real files in a temp folder: a renderer bundle, and a secret beside it that must never be served.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_SCHEME_PRIVILEGES,
  createAppProtocolHandler,
  resolveAppFile,
} from './app-protocol';
import { CONTENT_SECURITY_POLICY } from './csp';

let base: string;
let renderer: string;
let handler: (request: Request) => Promise<Response>;

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'le-protocol-'));
  renderer = path.join(base, 'renderer');
  await mkdir(path.join(renderer, 'assets'), { recursive: true });
  await writeFile(path.join(renderer, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(renderer, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(path.join(renderer, 'assets', 'layout.worker-abc.js'), 'self.onmessage = () => {}');
  await writeFile(path.join(renderer, 'assets', 'index-abc.css'), 'body{}');
  await writeFile(path.join(base, 'secret.txt'), 'do not serve');
  handler = createAppProtocolHandler(renderer);
});
afterAll(() => rm(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => handler(new Request(url, { method }));

describe('the app protocol', () => {
  it('is registered as a standard, secure scheme (a real origin for the CSP and module workers)', () => {
    expect(APP_SCHEME_PRIVILEGES.privileges).toMatchObject({ standard: true, secure: true });
    expect(APP_SCHEME_PRIVILEGES.privileges?.bypassCSP).toBeFalsy();
  });

  it('serves the page with the CSP header and the right type', async () => {
    for (const url of [APP_ENTRY_URL, 'app://bundle/', 'app://bundle/index.html?x#y']) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toContain('<title>app</title>');
    }
  });

  it('serves scripts, the worker and styles, each with the header (workers take their own CSP)', async () => {
    const js = await get('app://bundle/assets/index-abc.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe('console.log(1)');
    const worker = await get('app://bundle/assets/layout.worker-abc.js');
    expect(worker.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect((await get('app://bundle/assets/index-abc.css')).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
  });

  it('never serves a file outside the bundle, however the path is spelled', async () => {
    for (const url of [
      'app://bundle/../secret.txt',
      'app://bundle/%2e%2e/secret.txt',
      'app://bundle/..%2Fsecret.txt',
      'app://bundle/assets/..%2F..%2Fsecret.txt',
      'app://bundle/%2E%2E%5Csecret.txt',
      `app://bundle/${encodeURIComponent(path.join(base, 'secret.txt'))}`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('do not serve');
    }
  });

  it('answers 404 for other hosts, folders, missing files and bad escapes; 405 for writes', async () => {
    expect((await get('app://other/index.html')).status).toBe(404);
    expect((await get('app://bundle/assets')).status).toBe(404);
    expect((await get('app://bundle/nope.js')).status).toBe(404);
    expect((await get('app://bundle/%E0%A4%A')).status).toBe(404);
    expect((await get('app://bundle/index.html', 'POST')).status).toBe(405);
    const refused = await get('app://bundle/nope.js');
    expect(refused.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('answers HEAD without a body', async () => {
    const res = await get(APP_ENTRY_URL, 'HEAD');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('resolves only names under the folder', () => {
    expect(resolveAppFile(renderer, 'app://bundle/assets/x.js')).toBe(path.join(renderer, 'assets', 'x.js'));
    expect(resolveAppFile(renderer, 'app://bundle/a%00b')).toBeNull();
    expect(resolveAppFile(renderer, 'https://bundle/index.html')).toBeNull();
  });
});
