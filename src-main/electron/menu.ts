/**
 * The application menu as a template (Menu.buildFromTemplate in main). Built by a plain function
 * of the platform, the recent list and the actions, so tests read it without Electron.
 * Accelerators are CmdOrCtrl-based (⌘ on macOS, Ctrl elsewhere); single letters stay with the
 * page (j/k, /, ?, t, h, f — see the Keys overlay), because a menu accelerator would swallow them
 * while typing in the search field.
 */
import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import type { HostCommand } from '../../src-shared/bridge/contract';

export interface MenuActions {
  openFolder(): void;
  openFileOrBundle(): void;
  openRecent(target: string): void;
  clearRecent(): void;
  /** Sends a command to the focused window's page. */
  command(command: HostCommand): void;
  showDataLocations(): void;
  showAbout(): void;
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  recent: readonly string[];
  /** Development build: Reload and DevTools in the View menu. */
  dev: boolean;
  actions: MenuActions;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

/** "provenance.jsonl — /home/me/.sciagent/sessions/abc" reads better than the bare path. */
export function recentLabel(target: string): string {
  const base = path.basename(target);
  const dir = path.dirname(target);
  return base && dir !== target ? `${base} — ${dir}` : target;
}

function quitItem(platform: NodeJS.Platform): MenuItemConstructorOptions {
  return platform === 'win32'
    ? { role: 'quit', label: 'Exit' }
    : { role: 'quit', label: 'Quit', accelerator: 'CmdOrCtrl+Q' };
}

export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { actions, platform, appName } = options;
  const mac = platform === 'darwin';
  const command = (c: HostCommand) => () => actions.command(c);
  // Mnemonics (&File) are a Windows/Linux habit; macOS menus have none.
  const title = (label: string) => (mac ? label.replace('&', '') : label);

  const recentItems: MenuItemConstructorOptions[] = options.recent.length
    ? [
        ...options.recent.map((target) => ({
          label: recentLabel(target),
          click: () => actions.openRecent(target),
        })),
        separator,
        { label: 'Clear Recent', click: () => actions.clearRecent() },
      ]
    : [{ label: 'No Recent Items', enabled: false }];

  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      { role: 'about', label: `About ${appName}` },
      separator,
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit' },
    ],
  };

  const fileMenu: MenuItemConstructorOptions = {
    label: title('&File'),
    submenu: [
      { label: 'Open Folder…', accelerator: 'CmdOrCtrl+O', click: () => actions.openFolder() },
      {
        label: 'Open File or Bundle…',
        accelerator: 'CmdOrCtrl+Shift+O',
        click: () => actions.openFileOrBundle(),
      },
      { label: 'Open Recent', submenu: recentItems },
      separator,
      { role: 'close', label: 'Close', accelerator: 'CmdOrCtrl+W' },
      // macOS quits from the app menu; Windows says Exit and quits with Alt+F4 (the OS's), Linux Ctrl+Q.
      ...(mac ? [] : [separator, quitItem(platform)]),
    ],
  };

  const editMenu: MenuItemConstructorOptions = {
    label: title('&Edit'),
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
      separator,
      { label: 'Find Session…', accelerator: 'CmdOrCtrl+F', click: command({ name: 'focus-search' }) },
    ],
  };

  const viewMenu: MenuItemConstructorOptions = {
    label: title('&View'),
    submenu: [
      {
        label: 'Theme',
        submenu: [
          { label: 'Follow System', click: command({ name: 'set-theme', theme: 'system' }) },
          { label: 'Light', click: command({ name: 'set-theme', theme: 'light' }) },
          { label: 'Dark', click: command({ name: 'set-theme', theme: 'dark' }) },
        ],
      },
      separator,
      {
        label: 'Timeline',
        accelerator: 'CmdOrCtrl+1',
        click: command({ name: 'show-tab', tab: 'timeline' }),
      },
      {
        label: 'Tail Health',
        accelerator: 'CmdOrCtrl+2',
        click: command({ name: 'show-tab', tab: 'health' }),
      },
      separator,
      { label: 'Graph Left to Right', click: command({ name: 'set-direction', direction: 'RIGHT' }) },
      { label: 'Graph Top Down', click: command({ name: 'set-direction', direction: 'DOWN' }) },
      { label: 'Fit Graph', accelerator: 'CmdOrCtrl+Shift+F', click: command({ name: 'fit-graph' }) },
      separator,
      { role: 'resetZoom', accelerator: 'CmdOrCtrl+0' },
      { role: 'zoomIn', accelerator: 'CmdOrCtrl+Plus' },
      // Plus needs Shift on most layouts: also take CmdOrCtrl+= (hidden duplicate).
      { role: 'zoomIn', accelerator: 'CmdOrCtrl+=', visible: false, acceleratorWorksWhenHidden: true },
      { role: 'zoomOut', accelerator: 'CmdOrCtrl+-' },
      separator,
      { role: 'togglefullscreen' },
      ...(options.dev ? [separator, { role: 'reload' } as const, { role: 'toggleDevTools' } as const] : []),
    ],
  };

  const helpMenu: MenuItemConstructorOptions = {
    label: title('&Help'),
    role: 'help',
    submenu: [
      { label: 'Keyboard Shortcuts', accelerator: 'CmdOrCtrl+/', click: command({ name: 'show-keys' }) },
      { label: 'Data Locations…', click: () => actions.showDataLocations() },
      ...(mac ? [] : [separator, { label: `About ${appName}`, click: () => actions.showAbout() }]),
    ],
  };

  return [
    ...(mac ? [appMenu] : []),
    fileMenu,
    editMenu,
    viewMenu,
    ...(mac ? [{ role: 'windowMenu' } as const] : []),
    helpMenu,
  ];
}
