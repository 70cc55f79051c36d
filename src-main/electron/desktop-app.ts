/**
 * The desktop app's wiring: single instance, security, the app protocol, the session store over
 * IPC, the window, menus and everything that opens paths. Each piece lives in its own module and
 * is tested there (with electron replaced by a test double); this file only connects them, so it
 * stays short enough to read in one go.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, Menu, protocol, screen, session, type WebContents } from 'electron';
import type { HostCommand } from '../../src-shared/bridge/contract';
import { resolveAppRoots, type AppRoots } from '../services/app-roots';
import { SessionStore } from '../services/sessions/session-store';
import { APP_ENTRY_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol';
import { LINK_SCHEME, parseDeepLink } from './deep-link';
import {
  chooseFilesOrBundles,
  chooseFolders,
  confirmLinkTarget,
  showAbout,
  showDataLocations,
} from './dialogs';
import { startIpcHost, type IpcHost } from './ipc-host';
import { parseLaunchArgs, type LaunchRequest } from './launch-args';
import { buildMenuTemplate } from './menu';
import { classifyTarget, Opener } from './open-targets';
import { RecentList, RECENT_FILE } from './recent-list';
import { lockDownContents, lockDownSession } from './security';
import { claimSingleInstance, type LaunchData } from './single-instance';
import { appPageMatcher } from './trusted-sender';
import {
  fitToDisplays,
  MIN_HEIGHT,
  MIN_WIDTH,
  readWindowState,
  trackWindowState,
  WINDOW_STATE_FILE,
} from './window-state';

export const APP_NAME = 'Lineage Explorer';
export const APP_ID = 'dev.lineage-explorer.app';
/** Overrides the user-data folder (portable use, and each end-to-end test gets its own). */
export const USER_DATA_ENV = 'LINEAGE_EXPLORER_USER_DATA_DIR';

export interface DesktopAppOptions {
  argv?: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Started as `electron <app>` rather than as the packaged executable. */
  defaultApp?: boolean;
  preloadPath?: string;
  rendererDir?: string;
}

export interface DesktopApp {
  /** Resolves once the store runs and the first window exists. */
  ready: Promise<void>;
  dispose(): Promise<void>;
}

export function runDesktopApp(options: DesktopAppOptions = {}): DesktopApp | null {
  const env = options.env ?? process.env;
  const own: LaunchData = { argv: options.argv ?? process.argv, cwd: options.cwd ?? process.cwd() };
  const defaultApp = options.defaultApp ?? Boolean(process.defaultApp);
  const preloadPath = options.preloadPath ?? fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
  const rendererDir = options.rendererDir ?? fileURLToPath(new URL('../renderer/', import.meta.url));
  const devServerUrl = !app.isPackaged ? (env['ELECTRON_RENDERER_URL'] ?? null) : null;
  const parse = (launch: LaunchData) => parseLaunchArgs(launch.argv, { cwd: launch.cwd, defaultApp });

  // A fixed folder name in every build (not package.json's "name"), so the README can say where.
  app.setPath('userData', env[USER_DATA_ENV] || path.join(app.getPath('appData'), APP_NAME));

  // What arrives before the first page is up (a second launch, macOS open-file/open-url) waits here.
  let pending: LaunchRequest[] | null = [];
  let opener: Opener | null = null;
  const submit = (requests: LaunchRequest[]) => {
    if (pending) pending.push(...requests);
    else void opener?.handleLaunch(requests);
  };

  const claimed = claimSingleInstance(own, (launch) => {
    focusWindow();
    submit(parse(launch));
  });
  if (!claimed) {
    app.quit();
    return null;
  }

  app.setName(APP_NAME);
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
  app.enableSandbox();
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents));
  // Only an installed app claims the link scheme; a checkout (or a test run) must not take it over.
  if (app.isPackaged) app.setAsDefaultProtocolClient(LINK_SCHEME);
  // macOS hands files and links to the running app as events, possibly before `ready`.
  app.on('open-file', (event, file) => {
    event.preventDefault();
    submit([{ kind: 'path', path: file }]);
  });
  app.on('open-url', (event, url) => {
    event.preventDefault();
    const link = parseDeepLink(url);
    submit([link ? { kind: 'link', link } : { kind: 'bad-link', raw: url }]);
  });

  const isAppPage = appPageMatcher({ devServerUrl });
  const userData = () => app.getPath('userData');
  let store: SessionStore | null = null;
  let ipcHost: IpcHost | null = null;
  let roots: AppRoots | null = null;
  let recent: RecentList | null = null;
  let mainWindow: BrowserWindow | null = null;

  function focusWindow(): void {
    const win = mainWindow && !mainWindow.isDestroyed() ? mainWindow : null;
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  }

  const targetContents = (): WebContents | undefined =>
    (BrowserWindow.getFocusedWindow() ?? mainWindow)?.webContents;
  const sendCommand = (command: HostCommand) => {
    const to = targetContents();
    if (to) ipcHost?.send({ type: 'command', command }, to);
  };
  const openAll = async (paths: string[]) => {
    for (const p of paths) await opener?.openPath(p);
  };

  function setMenu(): void {
    const template = buildMenuTemplate({
      platform: process.platform,
      appName: APP_NAME,
      recent: recent?.list() ?? [],
      dev: !app.isPackaged,
      actions: {
        openFolder: () => void chooseFolders(mainWindow).then(openAll),
        openFileOrBundle: () => void chooseFilesOrBundles(mainWindow).then(openAll),
        openRecent: (target) => void opener?.openPath(target),
        clearRecent: () => {
          recent?.clear();
          app.clearRecentDocuments();
        },
        command: sendCommand,
        showDataLocations: () =>
          void showDataLocations(mainWindow, {
            settings: userData(),
            windowState: WINDOW_STATE_FILE,
            recent: RECENT_FILE,
            home: roots?.home ?? '',
            roots: store?.roots ?? [],
          }),
        showAbout: () => void showAbout(mainWindow, APP_NAME, app.getVersion()),
      },
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  }

  function createWindow(): BrowserWindow {
    const stateFile = path.join(userData(), WINDOW_STATE_FILE);
    const state = fitToDisplays(
      readWindowState(stateFile),
      screen.getAllDisplays().map((d) => d.workArea),
    );
    const win = new BrowserWindow({
      x: state.x,
      y: state.y,
      width: state.width,
      height: state.height,
      minWidth: MIN_WIDTH,
      minHeight: MIN_HEIGHT,
      title: APP_NAME,
      show: false,
      webPreferences: {
        preload: preloadPath,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        // Dropped files go to the preload's handler, never navigate the window.
        navigateOnDragDrop: false,
        // The spell checker would download dictionaries; there is nothing to spell-check.
        spellcheck: false,
      },
    });
    mainWindow = win;
    if (state.maximized) win.maximize();
    if (state.fullScreen) win.setFullScreen(true);
    trackWindowState(win, stateFile);
    ipcHost?.attach(win.webContents);
    // Showing once painted avoids a white flash in dark mode.
    win.once('ready-to-show', () => win.show());
    win.webContents.once('did-finish-load', () => {
      win.webContents.setZoomFactor(state.zoomFactor);
      // The page now listens for commands: run what the launch asked for.
      const queued = pending ?? [];
      pending = null;
      void opener?.handleLaunch(queued);
    });
    win.on('closed', () => {
      if (mainWindow === win) mainWindow = null;
    });
    // electron-vite sets ELECTRON_RENDERER_URL only for `dev`; builds load the bundle.
    void win.loadURL(devServerUrl ?? APP_ENTRY_URL);
    return win;
  }

  const ready = app.whenReady().then(async () => {
    lockDownSession(session.defaultSession);
    protocol.handle(APP_SCHEME, createAppProtocolHandler(rendererDir));

    const launch = parse(own);
    pending?.unshift(...launch);
    // Paths named at launch are roots from the start (a missing one is reported by the opener);
    // once the page is up, the opener shows what each holds and runs the links.
    const startPaths: string[] = [];
    for (const r of launch)
      if (r.kind === 'path' && 'kind' in (await classifyTarget(r.path))) startPaths.push(r.path);
    roots = await resolveAppRoots(startPaths, undefined).catch(() => resolveAppRoots([], undefined));
    store = new SessionStore({ roots: roots.roots });
    await store.start();

    recent = new RecentList(path.join(userData(), RECENT_FILE));
    recent.onChange(setMenu);
    const s = store;
    ipcHost = startIpcHost({
      store: s,
      info: () => ({ version: app.getVersion(), home: roots!.home, roots: s.roots, demo: roots!.demo }),
      isAppPage,
      onDrop: (paths) => void openAll(paths),
    });
    opener = new Opener({
      store: s,
      remember: (target) => {
        recent?.add(target);
        app.addRecentDocument(target);
      },
      forget: (target) => recent?.remove(target),
      notify: (message) => ipcHost?.send({ type: 'notice', message }),
      showSession: (key) => sendCommand({ name: 'open-session', key }),
      showLink: (appPath) => sendCommand({ name: 'open-link', path: appPath }),
      // The page lists documents itself (documents.changed); say what was found where.
      showDocument: (key, label) => ipcHost?.send({ type: 'notice', message: `Opened ${label} (${key})` }),
      confirmLinkTarget: (target) => confirmLinkTarget(mainWindow, target),
    });

    setMenu();
    createWindow();
    // macOS keeps apps alive without windows; re-open one when the dock icon is clicked.
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  });

  const dispose = async () => {
    ipcHost?.dispose();
    ipcHost = null;
    await store?.close();
    store = null;
  };
  app.on('will-quit', () => void dispose());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  return { ready, dispose };
}
