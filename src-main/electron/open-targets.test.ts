// Real files and a real session store; only the window side (notices, commands, the question a
// link asks) is recorded by the test.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../services/sessions/session-store';
import { appPath } from '../../src-shared/links/app-link';
import { memberKey } from '../services/treetrace/treetrace-sets';
import { classifyTarget, kindOfFile, Opener, type OpenerDeps } from './open-targets';
import { makeTempDirs, type TempDirs } from './test-support/temp-home';

let dirs: TempDirs;
let store: SessionStore;
let log: string[];
let answer: boolean;
let opener: Opener;

beforeEach(async () => {
  dirs = await makeTempDirs('e2e-sess');
  store = new SessionStore({ roots: [dirs.home], poolSize: 1 });
  await store.start();
  await store.idle();
  log = [];
  answer = true;
  opener = new Opener(deps());
});
afterEach(async () => {
  await store.close();
  await dirs.cleanup();
});

function deps(): OpenerDeps {
  return {
    store,
    remember: (p) => log.push(`remember ${p}`),
    forget: (p) => log.push(`forget ${p}`),
    notify: (m) => log.push(`notice ${m}`),
    showSession: (key) => log.push(`show ${key}`),
    showDocument: (key) => log.push(`document ${key}`),
    showLink: (p) => log.push(`link ${p}`),
    confirmLinkTarget: async (p) => {
      log.push(`ask ${p}`);
      return answer;
    },
  };
}

describe('classifyTarget', () => {
  it('tells folders, logs and bundles apart, and says what is wrong with anything else', async () => {
    await writeFile(path.join(dirs.base, 'run.jsonl'), '');
    await writeFile(path.join(dirs.base, 'bundle.tar.gz'), '');
    await writeFile(path.join(dirs.base, 'notes.txt'), '');
    expect(await classifyTarget(dirs.home)).toEqual({ kind: 'folder' });
    expect(await classifyTarget(path.join(dirs.base, 'run.jsonl'))).toEqual({ kind: 'log' });
    expect(await classifyTarget(path.join(dirs.base, 'bundle.tar.gz'))).toEqual({ kind: 'bundle' });
    expect(await classifyTarget(path.join(dirs.base, 'notes.txt'))).toMatchObject({ error: /not a folder/ });
    expect(await classifyTarget(path.join(dirs.base, 'gone'))).toEqual({ error: 'no such file or folder' });
    expect(['a.ZIP', 'b.tgz', 'c.tar', 'd.JSONL', 'e.json'].map(kindOfFile)).toEqual([
      'bundle',
      'bundle',
      'bundle',
      'log',
      null,
    ]);
  });
});

describe('Opener', () => {
  it('follows a folder outside the roots, remembers it and shows its session', async () => {
    const other = await dirs.elsewhere('other', '42d50babf77e');
    expect(await opener.openPath(other)).toBe(true);
    expect(store.roots).toContain(other);
    expect(log).toEqual([`remember ${other}`, `show ${dirs.logOf('42d50babf77e', other)}`]);
  });

  it('shows a session already followed without adding a root', async () => {
    const session = path.join(dirs.home, 'sessions', 'e2e-sess');
    await opener.openPath(session);
    expect(store.roots).toEqual([dirs.home]);
    expect(log).toEqual([`remember ${session}`, `show ${dirs.logOf('e2e-sess')}`]);
  });

  it('reports a path that is not there and forgets it', async () => {
    const gone = path.join(dirs.base, 'deleted');
    expect(await opener.openPath(gone)).toBe(false);
    expect(log).toEqual([`notice Cannot open ${gone}: no such file or folder`, `forget ${gone}`]);
  });

  it('says so when a folder holds nothing to show yet', async () => {
    const empty = path.join(dirs.base, 'empty');
    await mkdir(empty);
    opener = new Opener({ ...deps(), firstFoundTimeoutMs: 300 });
    await opener.openPath(empty);
    expect(log).toEqual([`remember ${empty}`, `notice Following ${empty} — nothing to show there yet`]);
  });

  it('asks before a link opens a path outside the roots, and does nothing when refused', async () => {
    const other = await dirs.elsewhere('linked', 'f9f9250c87a4');
    answer = false;
    await opener.openLink({ kind: 'open', path: other });
    expect(log).toEqual([`ask ${other}`]);
    expect(store.roots).not.toContain(other);

    answer = true;
    log = [];
    await opener.openLink({ kind: 'open', path: other });
    expect(log).toEqual([`ask ${other}`, `remember ${other}`, `show ${dirs.logOf('f9f9250c87a4', other)}`]);
  });

  it('does not ask for links inside the roots; a session link to a known session just shows it', async () => {
    await opener.openLink({ kind: 'session', key: dirs.logOf('e2e-sess') });
    await opener.openLink({ kind: 'open', path: path.join(dirs.home, 'sessions') });
    expect(log.filter((l) => l.startsWith('ask'))).toEqual([]);
    expect(log[0]).toBe(`show ${dirs.logOf('e2e-sess')}`);
  });

  it('a link to a point hands its path to the page, following (and asking for) the log first when needed', async () => {
    const key = dirs.logOf('e2e-sess');
    const at = {
      kind: 'target',
      target: { kind: 'session', key, at: { kind: 'node', id: 'job:j1' } },
    } as const;
    await opener.openLink({ ...at, path: appPath(at.target) });
    expect(log).toEqual([`link ${appPath(at.target)}`]);

    const other = await dirs.elsewhere('pointed', 'f9f9250c87a4');
    const otherLog = dirs.logOf('f9f9250c87a4', other);
    const target = { kind: 'session', key: otherLog, at: { kind: 'seq', seq: 3 } } as const;
    log = [];
    answer = false;
    await opener.openLink({ kind: 'target', target, path: appPath(target) });
    expect(log).toEqual([`ask ${otherLog}`]);
    log = [];
    answer = true;
    await opener.openLink({ kind: 'target', target, path: appPath(target) });
    expect(log).toEqual([
      `ask ${otherLog}`,
      `remember ${otherLog}`,
      `show ${otherLog}`,
      `link ${appPath(target)}`,
    ]);

    log = [];
    await opener.openLink({ kind: 'target', target: { kind: 'bookmark', id: 'b1' }, path: 'bookmark/b1' });
    expect(log).toEqual(['link bookmark/b1']);
  });

  it('a link to a member of a TreeTrace set follows (and asks for) the set folder, not the member key', async () => {
    const set = path.join(dirs.base, 'tt-set');
    await mkdir(set, { recursive: true });
    const target = { kind: 'document', key: memberKey(set, 'sessions/a'), at: null } as const;
    answer = false;
    await opener.openLink({ kind: 'target', target, path: appPath(target) });
    expect(log).toEqual([`ask ${set}`]);
  });

  it('runs a launch in order and reports links it could not read', async () => {
    const other = await dirs.elsewhere('launch', '3326ebef62bf');
    await opener.handleLaunch([
      { kind: 'bad-link', raw: 'lineage-explorer://nope' },
      { kind: 'path', path: other },
    ]);
    expect(log).toEqual([
      'notice Ignored a link Lineage Explorer does not understand: lineage-explorer://nope',
      `remember ${other}`,
      `show ${dirs.logOf('3326ebef62bf', other)}`,
    ]);
  });
});
