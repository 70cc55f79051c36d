/**
 * The window opens where it was left: size, position, maximised/full screen and zoom, kept in
 * `window-state.json` in the app's user-data folder (never beside the logs). A saved position
 * that no longer lies on any display (a monitor was unplugged) is dropped and the window centred.
 * Written when the window moves or resizes (debounced) and, synchronously, when it closes.
 */
import type { BrowserWindow } from 'electron';
import { readJsonFile, writeJsonFile } from './json-file';

export const WINDOW_STATE_FILE = 'window-state.json';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** Absent: let the OS centre the window. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
  fullScreen: boolean;
  zoomFactor: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = {
  width: 1280,
  height: 820,
  maximized: false,
  fullScreen: false,
  zoomFactor: 1,
};

export const MIN_WIDTH = 640;
export const MIN_HEIGHT = 400;
const MIN_ZOOM = 0.25;
const MAX_ZOOM = 5;
/** How much of the title bar must be on a display for a saved position to count as visible. */
const VISIBLE_TITLE_WIDTH = 64;
const TITLE_HEIGHT = 24;

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);

/** Whatever was on disk, made safe: unknown or broken fields fall back to the defaults. */
export function sanitizeWindowState(value: unknown): WindowState {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const state: WindowState = {
    width: isInt(v['width']) && v['width'] >= MIN_WIDTH ? v['width'] : DEFAULT_WINDOW_STATE.width,
    height: isInt(v['height']) && v['height'] >= MIN_HEIGHT ? v['height'] : DEFAULT_WINDOW_STATE.height,
    maximized: v['maximized'] === true,
    fullScreen: v['fullScreen'] === true,
    zoomFactor:
      typeof v['zoomFactor'] === 'number' && v['zoomFactor'] >= MIN_ZOOM && v['zoomFactor'] <= MAX_ZOOM
        ? v['zoomFactor']
        : 1,
  };
  if (isInt(v['x']) && isInt(v['y'])) {
    state.x = v['x'];
    state.y = v['y'];
  }
  return state;
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

/** Keeps the saved position only if its title bar is on a display; never larger than the largest display. */
export function fitToDisplays(state: WindowState, workAreas: readonly Rect[]): WindowState {
  if (workAreas.length === 0) return state;
  const maxWidth = Math.max(...workAreas.map((a) => a.width));
  const maxHeight = Math.max(...workAreas.map((a) => a.height));
  const fitted: WindowState = {
    ...state,
    width: Math.max(Math.min(state.width, maxWidth), Math.min(MIN_WIDTH, maxWidth)),
    height: Math.max(Math.min(state.height, maxHeight), Math.min(MIN_HEIGHT, maxHeight)),
  };
  if (fitted.x === undefined || fitted.y === undefined) return fitted;
  const { x, y, width } = fitted;
  const visible = workAreas.some(
    (a) =>
      overlap(x, x + width, a.x, a.x + a.width) >= Math.min(VISIBLE_TITLE_WIDTH, width) &&
      overlap(y, y + TITLE_HEIGHT, a.y, a.y + a.height) >= TITLE_HEIGHT / 2,
  );
  if (visible) return fitted;
  delete fitted.x;
  delete fitted.y;
  return fitted;
}

/** Missing or broken: defaults (the first start, or a file someone edited), not an error. */
export function readWindowState(file: string): WindowState {
  return sanitizeWindowState(readJsonFile(file));
}

export function writeWindowState(file: string, state: WindowState): void {
  writeJsonFile(file, sanitizeWindowState(state));
}

/** What to save now: the restored (normal) bounds even while maximised, so un-maximising works. */
export function captureWindowState(win: BrowserWindow): WindowState {
  const bounds = win.getNormalBounds();
  return sanitizeWindowState({
    ...bounds,
    maximized: win.isMaximized(),
    fullScreen: win.isFullScreen(),
    zoomFactor: win.webContents.getZoomFactor(),
  });
}

/**
 * Saves the window's state to `file` when it moves or resizes (debounced) and when it closes.
 * Returns a disposer that stops tracking.
 */
export function trackWindowState(win: BrowserWindow, file: string, debounceMs = 400): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (win.isDestroyed()) return;
    try {
      writeWindowState(file, captureWindowState(win));
    } catch (error) {
      console.warn(`could not save the window state to ${file}:`, error);
    }
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, debounceMs);
  };
  const events = [
    'resize',
    'move',
    'maximize',
    'unmaximize',
    'enter-full-screen',
    'leave-full-screen',
  ] as const;
  for (const name of events) win.on(name as 'resize', later);
  win.webContents.on('zoom-changed', later);
  win.on('close', save);
  return () => {
    if (timer) clearTimeout(timer);
    for (const name of events) win.removeListener(name as 'resize', later);
    win.webContents.removeListener('zoom-changed', later);
    win.removeListener('close', save);
  };
}
