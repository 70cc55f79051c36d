// Real files in a temp user-data folder; the window is the electron test double.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow } from 'electron';
import { FakeBrowserWindow } from './test-support/fake-electron';
import {
  DEFAULT_WINDOW_STATE,
  fitToDisplays,
  readWindowState,
  sanitizeWindowState,
  trackWindowState,
  writeWindowState,
  WINDOW_STATE_FILE,
} from './window-state';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'le-window-'));
  file = path.join(dir, 'nested', WINDOW_STATE_FILE);
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

const screen = { x: 0, y: 0, width: 1920, height: 1080 };
const rightScreen = { x: 1920, y: 0, width: 2560, height: 1440 };

describe('window state on disk', () => {
  it('starts from defaults when there is no file, or a broken one', async () => {
    expect(readWindowState(file)).toEqual(DEFAULT_WINDOW_STATE);
    await writeFile(path.join(dir, 'broken.json'), '{"width": 9');
    expect(readWindowState(path.join(dir, 'broken.json'))).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('round-trips through a real file, written atomically (no temp file left)', async () => {
    const state = {
      x: 40,
      y: 30,
      width: 1500,
      height: 900,
      maximized: true,
      fullScreen: false,
      zoomFactor: 1.25,
    };
    writeWindowState(file, state);
    expect(readWindowState(file)).toEqual(state);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(state);
    expect(await readdir(path.dirname(file))).toEqual([WINDOW_STATE_FILE]);
  });

  it('keeps only sane values from a hand-edited file', () => {
    expect(
      sanitizeWindowState({
        x: 'left',
        y: 10,
        width: 20,
        height: 1e20,
        maximized: 'yes',
        zoomFactor: 99,
        extra: 1,
      }),
    ).toEqual(DEFAULT_WINDOW_STATE);
    expect(sanitizeWindowState({ x: -50, y: 10, width: 700, height: 500 })).toMatchObject({ x: -50, y: 10 });
  });
});

describe('fitToDisplays', () => {
  const at = (x: number, y: number, width = 1200, height = 800) => ({
    ...DEFAULT_WINDOW_STATE,
    x,
    y,
    width,
    height,
  });

  it('keeps a position that is on a display, the second one included', () => {
    expect(fitToDisplays(at(100, 100), [screen])).toMatchObject({ x: 100, y: 100 });
    expect(fitToDisplays(at(2500, 200), [screen, rightScreen])).toMatchObject({ x: 2500, y: 200 });
  });

  it('centres a window whose monitor was unplugged, or whose title bar is off screen', () => {
    const unplugged = fitToDisplays(at(2500, 200), [screen]);
    expect(unplugged.x).toBeUndefined();
    expect(unplugged.y).toBeUndefined();
    expect(fitToDisplays(at(100, -500), [screen]).x).toBeUndefined();
    expect(fitToDisplays(at(1900, 100), [screen]).x).toBeUndefined();
  });

  it('is never larger than the largest display', () => {
    expect(fitToDisplays(at(0, 0, 4000, 3000), [screen])).toMatchObject({ width: 1920, height: 1080 });
  });
});

describe('trackWindowState', () => {
  const fakeWindow = () => new FakeBrowserWindow({ x: 10, y: 20, width: 1000, height: 700 });

  it('saves after moves and resizes settle, and at once on close', async () => {
    vi.useFakeTimers();
    const win = fakeWindow();
    trackWindowState(win as unknown as BrowserWindow, file, 400);
    win.setBounds({ width: 1100 });
    win.setBounds({ width: 1200 });
    expect(existsSync(file)).toBe(false);
    vi.advanceTimersByTime(400);
    expect(readWindowState(file)).toMatchObject({ x: 10, y: 20, width: 1200, height: 700, maximized: false });

    win.webContents.setZoomFactor(1.5);
    win.maximize();
    win.close();
    expect(readWindowState(file)).toMatchObject({ width: 1200, maximized: true, zoomFactor: 1.5 });
  });

  it('stops when disposed', () => {
    vi.useFakeTimers();
    const win = fakeWindow();
    const stop = trackWindowState(win as unknown as BrowserWindow, file, 400);
    stop();
    win.setBounds({ width: 1300 });
    vi.advanceTimersByTime(1000);
    win.close();
    expect(existsSync(file)).toBe(false);
  });
});
