import { describe, expect, it } from 'vitest';
import { appPath, desktopLink, type AppTarget } from '../../src-shared/links/app-link';
import { linkPath, openLink, parseDeepLink, sessionLink } from './deep-link';

describe('parseDeepLink', () => {
  it('reads the open form', () => {
    expect(parseDeepLink('lineage-explorer://open?path=%2Fhome%2Fme%2F.sciagent', 'linux')).toEqual({
      kind: 'open',
      path: '/home/me/.sciagent',
    });
    // A trailing slash after the host, as some launchers write it.
    expect(parseDeepLink('lineage-explorer://open/?path=/data/run%201', 'linux')).toEqual({
      kind: 'open',
      path: '/data/run 1',
    });
  });

  it('reads the session form, encoded or not', () => {
    const key = '/home/me/.sciagent/sessions/abc/provenance.jsonl';
    expect(parseDeepLink(sessionLink(key), 'linux')).toEqual({ kind: 'session', key });
    expect(parseDeepLink(`lineage-explorer://session/${key}`, 'linux')).toEqual({ kind: 'session', key });
  });

  it('round-trips the links it makes', () => {
    const p = '/tmp/a b/c#d?e%f/provenance.jsonl';
    expect(parseDeepLink(openLink(p), 'linux')).toEqual({ kind: 'open', path: p });
    expect(parseDeepLink(sessionLink(p), 'linux')).toEqual({ kind: 'session', key: p });
  });

  it('reads every app link form (src-shared/links/app-link.ts), with keys held to the path rule', () => {
    const key = '/home/me/.sciagent/sessions/abc/provenance.jsonl';
    const targets: AppTarget[] = [
      { kind: 'session', key, at: { kind: 'node', id: 'job:train/7' } },
      { kind: 'session', key, at: { kind: 'event', id: 'ev-1' } },
      { kind: 'session', key, at: { kind: 'seq', seq: 42 } },
      { kind: 'document', key: '/data/bundle/.treetrace', at: null },
      { kind: 'document', key: '/data/bundle/.treetrace', at: { kind: 'chain', id: '#0' } },
      { kind: 'document', key: '/data/ledger', at: { kind: 'event', id: 'e6' } },
      { kind: 'bookmark', id: 'b-1' },
    ];
    for (const target of targets)
      expect(parseDeepLink(desktopLink(target), 'linux')).toEqual({
        kind: 'target',
        target,
        path: appPath(target),
      });
    // The plain session form is the same as before.
    expect(parseDeepLink(desktopLink({ kind: 'session', key, at: null }), 'linux')).toEqual({
      kind: 'session',
      key,
    });
    // Keys are normalised and must be absolute local paths, as for every other link.
    expect(
      parseDeepLink(desktopLink({ kind: 'document', key: '/data/x/../../etc', at: null }), 'linux'),
    ).toMatchObject({
      target: { key: '/etc' },
    });
    for (const bad of [
      desktopLink({ kind: 'document', key: 'relative/ledger', at: null }),
      desktopLink({ kind: 'session', key: 'rel.jsonl', at: { kind: 'node', id: 'n' } }),
      desktopLink({ kind: 'document', key: '\\\\attacker\\share', at: null }),
      'lineage-explorer://session/%2Fa/chain/c1',
      'lineage-explorer://bookmark/',
    ])
      expect(parseDeepLink(bad, 'win32'), bad).toBeNull();
  });

  it('normalises, so a link cannot smuggle `..` past a later check', () => {
    expect(parseDeepLink(openLink('/data/x/../../etc'), 'linux')).toEqual({ kind: 'open', path: '/etc' });
  });

  it('takes Windows drive paths on Windows and refuses UNC paths there', () => {
    expect(parseDeepLink(openLink('C:\\Users\\me\\logs'), 'win32')).toEqual({
      kind: 'open',
      path: 'C:\\Users\\me\\logs',
    });
    expect(parseDeepLink(openLink('\\\\attacker\\share\\x.jsonl'), 'win32')).toBeNull();
    expect(parseDeepLink(openLink('//attacker/share/x.jsonl'), 'win32')).toBeNull();
    expect(parseDeepLink(openLink('\\rooted\\but\\no\\drive'), 'win32')).toBeNull();
  });

  it('refuses everything else', () => {
    for (const url of [
      'https://open?path=/etc',
      'lineage-explorer://open',
      'lineage-explorer://open?path=',
      'lineage-explorer://open?path=relative/path',
      'lineage-explorer://open?path=%2Ftmp%00x',
      'lineage-explorer://open/extra?path=/tmp',
      'lineage-explorer://session/',
      'lineage-explorer://session/relative.jsonl',
      'lineage-explorer://session/%E0%A4%A',
      'lineage-explorer://delete?path=/tmp',
      `lineage-explorer://open?path=/${'a'.repeat(5000)}`,
      'not a url',
    ])
      expect(parseDeepLink(url, 'linux'), url).toBeNull();
  });
});

describe('linkPath', () => {
  it('wants absolute local paths', () => {
    expect(linkPath('/a/./b/', 'darwin')).toBe('/a/b/');
    expect(linkPath('a/b', 'darwin')).toBeNull();
    expect(linkPath('D:/logs', 'win32')).toBe('D:\\logs');
  });
});
