import { describe, expect, it } from 'vitest';
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
