import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asLaunchData, claimSingleInstance, type LaunchData } from './single-instance';
import { app, resetFakeElectron } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(() => resetFakeElectron());

const own: LaunchData = { argv: ['/opt/le/lineage-explorer'], cwd: '/home/me' };

describe('claimSingleInstance', () => {
  it('hands our arguments to the lock, so a running instance gets them', () => {
    expect(claimSingleInstance(own, () => {})).toBe(true);
    expect(app.lockData).toEqual(own);
  });

  it('passes a second launch’s arguments on, from the lock data', () => {
    const seen: LaunchData[] = [];
    claimSingleInstance(own, (launch) => seen.push(launch));
    const second = { argv: ['/opt/le/lineage-explorer', 'open', 'runs/a'], cwd: '/work' };
    app.emit(
      'second-instance',
      {},
      ['/opt/le/lineage-explorer', '--reordered-by-chromium'],
      '/elsewhere',
      second,
    );
    expect(seen).toEqual([second]);
  });

  it('falls back to Electron’s argv when the data is missing or malformed', () => {
    const seen: LaunchData[] = [];
    claimSingleInstance(own, (launch) => seen.push(launch));
    app.emit('second-instance', {}, ['le', 'x.jsonl'], '/work', undefined);
    app.emit('second-instance', {}, ['le', 'y.jsonl'], '/work', { argv: 'not a list', cwd: '/work' });
    expect(seen).toEqual([
      { argv: ['le', 'x.jsonl'], cwd: '/work' },
      { argv: ['le', 'y.jsonl'], cwd: '/work' },
    ]);
  });

  it('returns false, and listens to nothing, when another instance holds the lock', () => {
    app.lockAvailable = false;
    expect(claimSingleInstance(own, () => {})).toBe(false);
    expect(app.listenerCount('second-instance')).toBe(0);
  });
});

describe('asLaunchData', () => {
  it('takes only plain, bounded data', () => {
    expect(asLaunchData({ argv: ['a'], cwd: '/w', extra: 1 })).toEqual({ argv: ['a'], cwd: '/w' });
    for (const bad of [
      null,
      'x',
      { argv: ['a'] },
      { argv: ['a'], cwd: '' },
      { argv: [1], cwd: '/w' },
      { argv: Array.from({ length: 300 }, () => 'a'), cwd: '/w' },
      { argv: ['x'.repeat(40_000)], cwd: '/w' },
    ])
      expect(asLaunchData(bad)).toBeNull();
  });
});
