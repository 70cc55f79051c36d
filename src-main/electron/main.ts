/**
 * Electron entry: one locked-down window that loads the renderer. Kept deliberately thin —
 * everything that does real work lives in services that also run under plain Node
 * (CLI, `serve`, tests), so this is the only layer that needs an Electron binary.
 */
import { app, BrowserWindow, session, type WebContents } from 'electron';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolveAppRoots } from '../services/app-roots';
import { SessionStore } from '../services/sessions/session-store';
import { startIpcHost, type IpcHost } from './ipc-host';

// Resolved against this bundle (out/main/index.js), so it works in dev, preview and packaged builds.
const PRELOAD_PATH = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const RENDERER_HTML = fileURLToPath(new URL('../renderer/index.html', import.meta.url));

function lockDown(contents: WebContents): void {
  // The app only ever shows its own page: no link or script may move the window elsewhere.
  // A reload of the current URL (e.g. dev-server full reload) is not a navigation away.
  contents.on('will-navigate', (event, url) => {
    if (url !== contents.getURL()) event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

let ipcHost: IpcHost | null = null;
let store: SessionStore | null = null;

/** Our page: the bundled renderer file, or the dev server in development. */
function isTrustedUrl(url: string): boolean {
  const devUrl = process.env['ELECTRON_RENDERER_URL'];
  if (!app.isPackaged && devUrl && url.startsWith(devUrl)) return true;
  return url.startsWith(pathToFileURL(RENDERER_HTML).href);
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    title: 'Lineage Explorer',
    show: false,
    webPreferences: {
      preload: PRELOAD_PATH,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  ipcHost?.attach(win.webContents);
  // Showing once painted avoids a white flash in dark mode.
  win.once('ready-to-show', () => win.show());

  // electron-vite sets ELECTRON_RENDERER_URL only for `dev`; builds load the bundled file.
  const devUrl = process.env['ELECTRON_RENDERER_URL'];
  if (!app.isPackaged && devUrl) void win.loadURL(devUrl);
  else void win.loadFile(RENDERER_HTML);
  return win;
}

app.on('web-contents-created', (_event, contents) => lockDown(contents));

void app.whenReady().then(async () => {
  // Nothing in the app needs camera, notifications, geolocation, …: refuse every request and check.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  // Paths given on the command line (after the app's own arguments) are opened as roots.
  const paths = process.argv.slice(app.isPackaged ? 1 : 2).filter((a) => !a.startsWith('-'));
  const roots = await resolveAppRoots(paths, undefined).catch(() => resolveAppRoots([], undefined));
  store = new SessionStore({ roots: roots.roots });
  await store.start();
  ipcHost = startIpcHost(
    store,
    () => ({ version: app.getVersion(), home: roots.home, roots: store?.roots ?? [], demo: roots.demo }),
    isTrustedUrl,
  );

  createWindow();
  // macOS keeps apps alive without windows; re-open one when the dock icon is clicked.
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('will-quit', () => {
  ipcHost?.dispose();
  void store?.close();
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
