// The whole desktop wiring with electron replaced by its test double: real temp folders, a real
// session store, real files in the user-data folder. The test plays the OS (launches, menus,
// dialogs) and the page (IPC calls, did-finish-load).
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_CHANNEL, DROP_CHANNEL, EVENT_CHANNEL } from '../../src-shared/bridge/channels';
import type { BridgeReply, HostCommand, SessionListItem } from '../../src-shared/bridge/contract';
import { APP_ENTRY_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES } from './app-protocol';
import { openLink } from './deep-link';
import { runDesktopApp, USER_DATA_ENV, type DesktopApp } from './desktop-app';
import { readWindowState, WINDOW_STATE_FILE } from './window-state';
import {
  app,
  dialog,
  FakeBrowserWindow,
  ipcMain,
  Menu,
  protocol,
  resetFakeElectron,
  session,
} from './test-support/fake-electron';
import { makeTempDirs, until, type TempDirs } from './test-support/temp-home';

vi.mock('electron', () => import('./test-support/fake-electron'));

const EXE = '/opt/lineage-explorer/lineage-explorer';
let dirs: TempDirs;
let userData: string;
let desktop: DesktopApp | null;
const savedHome = process.env['SCIAGENT_HOME'];

beforeEach(async () => {
  resetFakeElectron();
  dirs = await makeTempDirs('e2e-sess');
  userData = await mkdtemp(path.join(dirs.base, 'user-data-'));
  process.env['SCIAGENT_HOME'] = dirs.home;
  desktop = null;
});
afterEach(async () => {
  await desktop?.dispose();
  if (savedHome === undefined) delete process.env['SCIAGENT_HOME'];
  else process.env['SCIAGENT_HOME'] = savedHome;
  await dirs.cleanup();
});

function start(...args: string[]): DesktopApp | null {
  desktop = runDesktopApp({
    argv: [EXE, ...args],
    cwd: dirs.base,
    env: { [USER_DATA_ENV]: userData },
    defaultApp: false,
    preloadPath: '/app/out/preload/index.cjs',
    rendererDir: '/app/out/renderer',
  });
  return desktop;
}

const theWindow = () => FakeBrowserWindow.instances[0]!;
const commands = (win = theWindow()) =>
  win.webContents.sent
    .filter((s) => s.channel === EVENT_CHANNEL && (s.payload as { type: string }).type === 'command')
    .map((s) => (s.payload as { command: HostCommand }).command);
const shown = (key: string) => () => commands().some((c) => c.name === 'open-session' && c.key === key);

async function sessionIds(): Promise<string[]> {
  const reply = (await ipcMain.invoke(CALL_CHANNEL, theWindow().webContents.ipcEvent(), {
    service: 'sessions',
    method: 'list',
    args: [],
  })) as BridgeReply<SessionListItem[]>;
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value.map((s) => s.sessionId).sort();
}

function menuItem(label: string): MenuItemConstructorOptions {
  const walk = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
    items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? walk(i.submenu) : [])]);
  const found = walk(Menu.applied!.template as MenuItemConstructorOptions[]).find((i) => i.label === label);
  if (!found) throw new Error(`no menu item ${label}`);
  return found;
}

describe('the desktop app', () => {
  it('starts locked down: sandboxed window, our protocol, denied permissions, no link scheme taken', async () => {
    await start()!.ready;
    expect(app.getPath('userData')).toBe(userData);
    expect(app.enableSandbox).toHaveBeenCalled();
    expect(protocol.privileged).toEqual([APP_SCHEME_PRIVILEGES]);
    expect(protocol.handlers.has(APP_SCHEME)).toBe(true);
    expect(app.setAsDefaultProtocolClient).not.toHaveBeenCalled();
    expect(session.defaultSession.permissionRequestHandler).not.toBeNull();

    const win = theWindow();
    expect(win.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
    expect(win.webContents.getURL()).toBe(APP_ENTRY_URL);
    // Every web contents the app creates is locked down.
    app.emit('web-contents-created', {}, win.webContents);
    expect(win.webContents.windowOpenHandler!({ url: 'https://example.org/' })).toEqual({ action: 'deny' });

    expect(Menu.applied!.template.map((m) => (m as MenuItemConstructorOptions).label)).toEqual([
      '&File',
      '&Edit',
      '&View',
      '&Help',
    ]);
    expect(await sessionIds()).toEqual(['e2e-sess']);
  });

  it('an installed app claims the lineage-explorer:// scheme', async () => {
    app.isPackaged = true;
    await start()!.ready;
    expect(app.setAsDefaultProtocolClient).toHaveBeenCalledWith('lineage-explorer');
  });

  it('`open PATH` follows the path and, once the page is up, shows its session', async () => {
    const other = await dirs.elsewhere('runs', '42d50babf77e');
    await start('open', 'runs')!.ready;
    expect(await sessionIds()).toEqual(['42d50babf77e', 'e2e-sess']);
    theWindow().webContents.emit('did-finish-load');
    await until(shown(dirs.logOf('42d50babf77e', other)), 'the opened session to be shown');
    expect(app.addRecentDocument).toHaveBeenCalledWith(other);
    expect(menuItem(`runs — ${dirs.base}`)).toBeTruthy();
  });

  it('a second launch hands its paths and links to this one, which focuses its window', async () => {
    await start()!.ready;
    const win = theWindow();
    win.webContents.emit('did-finish-load');
    win.minimized = true;
    const third = await dirs.elsewhere('third', 'f9f9250c87a4');
    app.emit('second-instance', {}, [EXE, '--chromium-switch'], '/', {
      argv: [EXE, 'open', 'third'],
      cwd: dirs.base,
    });
    await until(shown(dirs.logOf('f9f9250c87a4', third)), 'the second launch’s session');
    expect(win.minimized).toBe(false);
    expect(FakeBrowserWindow.getFocusedWindow()).toBe(win);

    // A link to a path outside the roots asks first.
    const fourth = await dirs.elsewhere('fourth', '3326ebef62bf');
    dialog.showMessageBox.mockResolvedValue({ response: 0, checkboxChecked: false });
    app.emit('second-instance', {}, [], '/', { argv: [EXE, openLink(fourth)], cwd: '/' });
    await until(shown(dirs.logOf('3326ebef62bf', fourth)), 'the linked session');
    expect(dialog.showMessageBox).toHaveBeenCalledOnce();
  });

  it('quits at once when another instance runs, creating nothing', () => {
    app.lockAvailable = false;
    expect(start('open', 'x')).toBeNull();
    expect(app.quit).toHaveBeenCalled();
    expect(FakeBrowserWindow.instances).toEqual([]);
    expect(protocol.privileged).toEqual([]);
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('File → Open Folder… follows what the native dialog returns', async () => {
    await start()!.ready;
    theWindow().webContents.emit('did-finish-load');
    const picked = await dirs.elsewhere('picked', '88753ff4b751');
    dialog.showOpenDialog.mockResolvedValue({ canceled: false, filePaths: [picked] });
    (menuItem('Open Folder…').click as () => void)();
    await until(shown(dirs.logOf('88753ff4b751', picked)), 'the picked folder’s session');
    expect(dialog.showOpenDialog.mock.calls[0]![1]).toMatchObject({
      properties: expect.arrayContaining(['openDirectory']),
    });
  });

  it('a drop on the window follows the dropped folder', async () => {
    await start()!.ready;
    const win = theWindow();
    win.webContents.emit('did-finish-load');
    const dropped = await dirs.elsewhere('dropped', 'writer-edge-cases');
    ipcMain.emit(DROP_CHANNEL, win.webContents.ipcEvent(), [dropped]);
    await until(shown(dirs.logOf('writer-edge-cases', dropped)), 'the dropped folder’s session');
  });

  it('menu commands go to the page', async () => {
    await start()!.ready;
    theWindow().focus();
    (menuItem('Dark').click as () => void)();
    (menuItem('Tail Health').click as () => void)();
    expect(commands()).toEqual([
      { name: 'set-theme', theme: 'dark' },
      { name: 'show-tab', tab: 'health' },
    ]);
  });

  it('remembers the window between runs, in the user-data folder', async () => {
    await start()!.ready;
    const win = theWindow();
    win.setBounds({ x: 200, y: 150, width: 1400, height: 900 });
    win.close();
    const file = path.join(userData, WINDOW_STATE_FILE);
    expect(readWindowState(file)).toMatchObject({ x: 200, y: 150, width: 1400, height: 900 });
    expect(existsSync(path.join(dirs.home, WINDOW_STATE_FILE))).toBe(false);

    await desktop!.dispose();
    resetFakeElectron();
    await start()!.ready;
    expect(theWindow().options).toMatchObject({ x: 200, y: 150, width: 1400, height: 900 });
  });
});
