import type { Session, WebContents } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ENTRY_URL } from './app-protocol';
import { isSafeExternalUrl, lockDownContents, lockDownSession } from './security';
import { FakeWebContents, resetFakeElectron, session, shell } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(() => resetFakeElectron());

function navigationEvent() {
  return { preventDefault: vi.fn() };
}

describe('isSafeExternalUrl', () => {
  it('takes http(s) links with a host', () => {
    expect(isSafeExternalUrl('https://github.com/org/repo/issues/1')).toBe(true);
    expect(isSafeExternalUrl('http://example.org/')).toBe(true);
  });

  it('refuses every other scheme, credentials, and junk', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://server/share',
      'ms-msdt:/id',
      'lineage-explorer://open?path=/',
      'app://bundle/index.html',
      'data:text/html,hi',
      'https://user:pass@example.org/',
      'https:',
      'not a url',
      `https://example.org/${'a'.repeat(3000)}`,
    ])
      expect(isSafeExternalUrl(url), url).toBe(false);
  });
});

describe('lockDownContents', () => {
  function locked() {
    const contents = new FakeWebContents();
    void contents.loadURL(APP_ENTRY_URL);
    lockDownContents(contents as unknown as WebContents);
    return contents;
  }

  it('refuses navigation away; http(s) targets open in the browser, others nowhere', () => {
    const contents = locked();
    const toWeb = navigationEvent();
    contents.emit('will-navigate', toWeb, 'https://example.org/docs');
    expect(toWeb.preventDefault).toHaveBeenCalled();
    expect(shell.openExternal).toHaveBeenCalledWith('https://example.org/docs');

    const toFile = navigationEvent();
    contents.emit('will-navigate', toFile, 'file:///home/me/.ssh/id_rsa');
    expect(toFile.preventDefault).toHaveBeenCalled();
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it('lets the page reload itself', () => {
    const contents = locked();
    const reload = navigationEvent();
    contents.emit('will-navigate', reload, APP_ENTRY_URL);
    expect(reload.preventDefault).not.toHaveBeenCalled();
  });

  it('denies every new window, opening only http(s) ones in the browser', () => {
    const contents = locked();
    expect(contents.windowOpenHandler!({ url: 'https://example.org/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'file:///etc/hosts' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'app://bundle/index.html' })).toEqual({ action: 'deny' });
    expect(shell.openExternal.mock.calls).toEqual([['https://example.org/']]);
  });

  it('refuses webviews and redirects away', () => {
    const contents = locked();
    const webview = navigationEvent();
    contents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
    const redirect = navigationEvent();
    contents.emit('will-redirect', redirect, 'https://elsewhere.example/');
    expect(redirect.preventDefault).toHaveBeenCalled();
  });
});

describe('lockDownSession', () => {
  it('denies every permission request and check, devices and downloads', () => {
    const ses = session.defaultSession;
    lockDownSession(ses as unknown as Session);
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      (ses.permissionRequestHandler as unknown as (...a: unknown[]) => void)(null, permission, callback, {});
      expect(callback, permission).toHaveBeenCalledWith(false);
      expect((ses.permissionCheckHandler as unknown as (...a: unknown[]) => boolean)(null, permission)).toBe(
        false,
      );
    }
    expect((ses.devicePermissionHandler as unknown as () => boolean)()).toBe(false);
    const download = navigationEvent();
    ses.emit('will-download', download);
    expect(download.preventDefault).toHaveBeenCalled();
  });
});
