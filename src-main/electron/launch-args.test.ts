import { describe, expect, it } from 'vitest';
import { parseLaunchArgs } from './launch-args';

const packaged = { cwd: '/home/me', defaultApp: false, platform: 'linux' as const };
const fromSource = { cwd: '/home/me', defaultApp: true, platform: 'linux' as const };

describe('parseLaunchArgs', () => {
  it('reads `lineage-explorer open PATH…`, resolving against the launch directory', () => {
    expect(parseLaunchArgs(['/opt/le/lineage-explorer', 'open', 'runs/a', '/abs/b.jsonl'], packaged)).toEqual(
      [
        { kind: 'path', path: '/home/me/runs/a' },
        { kind: 'path', path: '/abs/b.jsonl' },
      ],
    );
  });

  it('takes bare paths too (a double-clicked file, a file association)', () => {
    expect(parseLaunchArgs(['/opt/le/lineage-explorer', '/x/provenance.jsonl'], packaged)).toEqual([
      { kind: 'path', path: '/x/provenance.jsonl' },
    ]);
  });

  it('skips the app entry when started as `electron <app>`', () => {
    expect(parseLaunchArgs(['electron', 'out/main/index.js', 'open', 'x'], fromSource)).toEqual([
      { kind: 'path', path: '/home/me/x' },
    ]);
    expect(parseLaunchArgs(['electron', '.'], fromSource)).toEqual([]);
  });

  it('ignores Chromium, Electron, Node and macOS switches, including those with a separate value', () => {
    const playwright = [
      'electron',
      '-r',
      '/pw/loader.js',
      '--no-sandbox',
      '--inspect=0',
      '--remote-debugging-port=0',
      '/repo/out/main/index.js',
    ];
    expect(parseLaunchArgs(playwright, fromSource)).toEqual([]);
    expect(
      parseLaunchArgs(
        [
          'le',
          '--allow-file-access-from-files',
          '-psn_0_12345',
          '--original-process-start-time=1',
          'open',
          'y',
        ],
        packaged,
      ),
    ).toEqual([{ kind: 'path', path: '/home/me/y' }]);
  });

  it('takes everything after -- as a path, even one that starts with a dash', () => {
    expect(parseLaunchArgs(['le', '--', '-odd-name'], packaged)).toEqual([
      { kind: 'path', path: '/home/me/-odd-name' },
    ]);
  });

  it('reads links, and reports the ones it cannot read', () => {
    expect(
      parseLaunchArgs(
        ['le', 'lineage-explorer://open?path=%2Fdata', 'lineage-explorer://evil?x=1'],
        packaged,
      ),
    ).toEqual([
      { kind: 'link', link: { kind: 'open', path: '/data' } },
      { kind: 'bad-link', raw: 'lineage-explorer://evil?x=1' },
    ]);
  });

  it('resolves Windows paths the Windows way', () => {
    expect(
      parseLaunchArgs(['LE.exe', 'open', 'logs\\a.jsonl'], {
        cwd: 'C:\\Users\\me',
        defaultApp: false,
        platform: 'win32',
      }),
    ).toEqual([{ kind: 'path', path: 'C:\\Users\\me\\logs\\a.jsonl' }]);
  });
});
