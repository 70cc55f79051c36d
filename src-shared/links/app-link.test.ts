import { describe, expect, it } from 'vitest';
import {
  appPath,
  desktopLink,
  parseAppLink,
  parseAppPath,
  sameTarget,
  toPinTarget,
  webLink,
  type AppTarget,
} from './app-link';

const KEY = '/home/me/.sciagent/sessions/abc/provenance.jsonl';
const ODD = '/tmp/a b/c#d?e%f/x+y/провенанс.jsonl';

const TARGETS: AppTarget[] = [
  { kind: 'session', key: KEY, at: null },
  { kind: 'session', key: KEY, at: { kind: 'node', id: 'job:train-7' } },
  { kind: 'session', key: ODD, at: { kind: 'event', id: 'ev/with/slashes?and#hash' } },
  { kind: 'session', key: KEY, at: { kind: 'seq', seq: 0 } },
  { kind: 'session', key: KEY, at: { kind: 'seq', seq: 123456 } },
  { kind: 'document', key: '/data/bundle/.treetrace', at: null },
  { kind: 'document', key: '/data/bundle/.treetrace', at: { kind: 'node', id: 'n1#2' } },
  { kind: 'document', key: '/data/bundle.zip', at: { kind: 'chain', id: '#0' } },
  { kind: 'document', key: 'C:\\ledgers\\rich', at: { kind: 'event', id: 'e6' } },
  { kind: 'bookmark', id: '0b7c3a1e-2f7e-4f0e-9a55-1f2d3c4b5a69' },
];

describe('app links', () => {
  it('round-trip every kind of target through the path, the serve URL and the desktop link', () => {
    for (const t of TARGETS) {
      expect(parseAppPath(appPath(t)), appPath(t)).toEqual(t);
      expect(parseAppPath(`/${appPath(t)}`)).toEqual(t);
      expect(parseAppLink(webLink('http://127.0.0.1:8600', 'tok', t))).toEqual(t);
      expect(parseAppLink(desktopLink(t))).toEqual(t);
      expect(toPinTarget(JSON.parse(JSON.stringify(t)))).toEqual(t.kind === 'bookmark' ? null : t);
    }
  });

  it('write the documented paths', () => {
    expect(appPath({ kind: 'session', key: '/a/provenance.jsonl', at: { kind: 'node', id: 'job:1' } })).toBe(
      'session/%2Fa%2Fprovenance.jsonl/node/job%3A1',
    );
    expect(appPath({ kind: 'session', key: '/a/p.jsonl', at: { kind: 'seq', seq: 5 } })).toBe(
      'session/%2Fa%2Fp.jsonl/seq/5',
    );
    expect(desktopLink({ kind: 'bookmark', id: 'b1' })).toBe('lineage-explorer://bookmark/b1');
    expect(webLink('http://127.0.0.1:9/', 'a b', { kind: 'document', key: '/l', at: null })).toBe(
      'http://127.0.0.1:9/document/%2Fl?token=a%20b',
    );
  });

  it('survive what a browser does to the URL (the path stays percent-encoded)', () => {
    const t: AppTarget = { kind: 'session', key: ODD, at: { kind: 'event', id: 'e 1/2' } };
    const url = new URL(webLink('http://127.0.0.1:1234', 'tok', t));
    expect(parseAppPath(url.pathname)).toEqual(t);
  });

  it('refuse anything else', () => {
    for (const bad of [
      '',
      '/',
      'session',
      'session/',
      'session/%2Fa/node',
      'session/%2Fa/node/',
      'session/%2Fa/chain/c1',
      'session/%2Fa/seq/-1',
      'session/%2Fa/seq/1.5',
      'session/%2Fa/seq/01',
      'session/%2Fa/seq/99999999999999999',
      'document/%2Fa/seq/3',
      'document/%2Fa/node/x/extra',
      'bookmark/b1/node/x',
      'bookmark/%E0%A4%A',
      'session/%00',
      'open/x',
      `session/${'a'.repeat(5000)}`,
    ])
      expect(parseAppPath(bad), bad).toBeNull();
    expect(parseAppLink('ftp://x/session/%2Fa')).toBeNull();
    expect(parseAppLink('not a url')).toBeNull();
    expect(toPinTarget({ kind: 'bookmark', id: 'x' })).toBeNull();
    expect(toPinTarget({ kind: 'session', key: '/a', at: { kind: 'seq', seq: -2 } })).toBeNull();
    expect(toPinTarget({ kind: 'session', key: '/a', at: { kind: 'chain', id: 'c' } })).toBeNull();
    expect(toPinTarget({ kind: 'session', key: '', at: null })).toBeNull();
    expect(toPinTarget('session/%2Fa')).toBeNull();
  });

  it('compare targets by where they point', () => {
    expect(
      sameTarget(TARGETS[1]!, { kind: 'session', key: KEY, at: { kind: 'node', id: 'job:train-7' } }),
    ).toBe(true);
    expect(sameTarget(TARGETS[0]!, TARGETS[1]!)).toBe(false);
  });
});
