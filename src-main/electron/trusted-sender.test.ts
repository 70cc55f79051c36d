import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from './app-protocol';
import { appPageMatcher, isTrustedSender, type SenderInfo } from './trusted-sender';

const ours = appPageMatcher();
const dev = appPageMatcher({ devServerUrl: 'http://localhost:5173' });

describe('appPageMatcher', () => {
  it('accepts our bundled page, with any query or hash', () => {
    expect(ours(APP_ENTRY_URL)).toBe(true);
    expect(ours(`${APP_ENTRY_URL}?x=1#/session`)).toBe(true);
  });

  it('refuses look-alikes and everything else', () => {
    for (const url of [
      'app://bundle/index.html.evil',
      'app://bundle/assets/index.html',
      'app://bundle.evil/index.html',
      'app://other/index.html',
      'file:///opt/lineage/out/renderer/index.html',
      'https://example.com/index.html',
      'http://localhost:5173/',
      'about:blank',
      '',
      'not a url',
    ])
      expect(ours(url), url).toBe(false);
  });

  it('trusts the dev server only when one is configured, and only its exact origin', () => {
    expect(dev('http://localhost:5173/')).toBe(true);
    expect(dev('http://localhost:5173/index.html')).toBe(true);
    expect(dev('http://localhost:51730/')).toBe(false);
    expect(dev('http://localhost:5173.evil.com/')).toBe(false);
    expect(dev('https://localhost:5173/')).toBe(false);
    expect(dev('http://localhost:5173/other.html')).toBe(false);
  });
});

describe('isTrustedSender', () => {
  const top = { url: APP_ENTRY_URL, parent: null };
  const event = (frame: SenderInfo['senderFrame'], id = 1): SenderInfo => ({
    sender: { id },
    senderFrame: frame,
  });
  const known = (id: number) => id === 1;

  it('accepts the top frame of our window showing our page', () => {
    expect(isTrustedSender(event(top), known, ours)).toBe(true);
  });

  it('refuses an iframe, even one showing our own page', () => {
    expect(isTrustedSender(event({ url: APP_ENTRY_URL, parent: top }), known, ours)).toBe(false);
    expect(isTrustedSender(event({ url: 'https://evil.example/', parent: top }), known, ours)).toBe(false);
  });

  it('refuses a window navigated to a foreign URL', () => {
    expect(isTrustedSender(event({ url: 'https://evil.example/', parent: null }), known, ours)).toBe(false);
    expect(isTrustedSender(event({ url: 'file:///etc/passwd', parent: null }), known, ours)).toBe(false);
  });

  it('refuses a frame that is gone, and web contents we did not create', () => {
    expect(isTrustedSender(event(null), known, ours)).toBe(false);
    expect(isTrustedSender(event(top, 2), known, ours)).toBe(false);
  });
});
