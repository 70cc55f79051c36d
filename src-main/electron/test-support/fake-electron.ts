/**
 * A small stand-in for the `electron` module, for unit tests of the Electron layer on machines
 * without an Electron binary: `vi.mock('electron', () => import('./test-support/fake-electron'))`.
 * It models only what our code calls, records what was done, and lets a test play the OS or the
 * page (emit events, invoke IPC handlers). The file system is never faked: tests use temp folders.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

type Listener = (...args: never[]) => unknown;

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

export class FakeWebContents extends EventEmitter {
  private static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  readonly sent: { channel: string; payload: unknown }[] = [];
  readonly mainFrame: FakeFrame = { url: '', parent: null };
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  zoomFactor = 1;
  private destroyed = false;

  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  getURL(): string {
    return this.mainFrame.url;
  }
  async loadURL(url: string): Promise<void> {
    this.mainFrame.url = url;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  getZoomFactor(): number {
    return this.zoomFactor;
  }
  setZoomFactor(factor: number): void {
    this.zoomFactor = factor;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }
  /** An IPC event as Electron builds it, from a frame of this web contents. */
  ipcEvent(frame: FakeFrame | null = this.mainFrame): {
    sender: FakeWebContents;
    senderFrame: FakeFrame | null;
  } {
    return { sender: this, senderFrame: frame };
  }
}

interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  static focused: FakeBrowserWindow | null = null;
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.instances.filter((w) => !w.isDestroyed());
  }
  static getFocusedWindow(): FakeBrowserWindow | null {
    return FakeBrowserWindow.focused;
  }

  readonly webContents = new FakeWebContents();
  bounds: Bounds;
  maximized = false;
  fullScreen = false;
  minimized = false;
  shown = false;
  private destroyed = false;

  constructor(readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> }) {
    super();
    this.bounds = {
      x: (options['x'] as number | undefined) ?? 100,
      y: (options['y'] as number | undefined) ?? 100,
      width: (options['width'] as number | undefined) ?? 800,
      height: (options['height'] as number | undefined) ?? 600,
    };
    FakeBrowserWindow.instances.push(this);
  }
  getBounds(): Bounds {
    return { ...this.bounds };
  }
  getNormalBounds(): Bounds {
    return { ...this.bounds };
  }
  setBounds(bounds: Partial<Bounds>): void {
    this.bounds = { ...this.bounds, ...bounds };
    this.emit('resize');
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  maximize(): void {
    this.maximized = true;
    this.emit('maximize');
  }
  isFullScreen(): boolean {
    return this.fullScreen;
  }
  setFullScreen(on: boolean): void {
    this.fullScreen = on;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  focus(): void {
    FakeBrowserWindow.focused = this;
  }
  show(): void {
    this.shown = true;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url);
  }
  close(): void {
    this.emit('close');
    this.destroyed = true;
    this.webContents.destroy();
    this.emit('closed');
  }
}

class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, Listener>();
  handle(channel: string, listener: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  reset(): void {
    this.removeAllListeners();
    this.handlers.clear();
  }
  /** What ipcRenderer.invoke would get back. */
  async invoke(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return (handler as (...a: unknown[]) => unknown)(event, ...args);
  }
}

class FakeApp extends EventEmitter {
  isPackaged = false;
  lockAvailable = true;
  lockData: unknown = undefined;
  readonly paths = new Map<string, string>();
  name = 'lineage-explorer';
  readonly quit = vi.fn();
  readonly exit = vi.fn();
  readonly enableSandbox = vi.fn();
  readonly setAsDefaultProtocolClient = vi.fn<(scheme: string) => boolean>(() => true);
  readonly addRecentDocument = vi.fn<(path: string) => void>();
  readonly clearRecentDocuments = vi.fn();
  readonly setAppUserModelId = vi.fn();

  reset(): void {
    this.removeAllListeners();
    this.isPackaged = false;
    this.lockAvailable = true;
    this.lockData = undefined;
    this.paths.clear();
    this.name = 'lineage-explorer';
    for (const f of [
      this.quit,
      this.exit,
      this.enableSandbox,
      this.setAsDefaultProtocolClient,
      this.addRecentDocument,
      this.clearRecentDocuments,
      this.setAppUserModelId,
    ])
      f.mockClear();
  }

  whenReady(): Promise<void> {
    return Promise.resolve();
  }
  getPath(name: string): string {
    const p = this.paths.get(name);
    if (!p) throw new Error(`fake app: no path "${name}" set by the test`);
    return p;
  }
  setPath(name: string, value: string): void {
    this.paths.set(name, value);
  }
  getVersion(): string {
    return '0.0.0-test';
  }
  getName(): string {
    return this.name;
  }
  setName(name: string): void {
    this.name = name;
  }
  requestSingleInstanceLock(data?: unknown): boolean {
    this.lockData = data;
    return this.lockAvailable;
  }
}

class FakeSession extends EventEmitter {
  permissionRequestHandler: Listener | null = null;
  permissionCheckHandler: Listener | null = null;
  devicePermissionHandler: Listener | null = null;
  setPermissionRequestHandler(handler: Listener): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: Listener): void {
    this.permissionCheckHandler = handler;
  }
  setDevicePermissionHandler(handler: Listener): void {
    this.devicePermissionHandler = handler;
  }
}

export const app = new FakeApp();
export const ipcMain = new FakeIpcMain();
export const BrowserWindow = FakeBrowserWindow;
export const session = { defaultSession: new FakeSession() };

export const protocol = {
  privileged: [] as unknown[],
  handlers: new Map<string, (request: Request) => Promise<Response>>(),
  registerSchemesAsPrivileged(schemes: unknown[]): void {
    this.privileged.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void {
    this.handlers.set(scheme, handler);
  },
};

export const Menu = {
  applied: null as { template: unknown[] } | null,
  buildFromTemplate(template: unknown[]): { template: unknown[] } {
    return { template };
  },
  setApplicationMenu(menu: { template: unknown[] } | null): void {
    this.applied = menu;
  },
};

export const dialog = {
  showOpenDialog: vi.fn<(...args: unknown[]) => Promise<{ canceled: boolean; filePaths: string[] }>>(
    async () => ({
      canceled: true,
      filePaths: [],
    }),
  ),
  showMessageBox: vi.fn<(...args: unknown[]) => Promise<{ response: number; checkboxChecked: boolean }>>(
    async () => ({
      response: 1,
      checkboxChecked: false,
    }),
  ),
  showErrorBox: vi.fn(),
};

export const shell = {
  openExternal: vi.fn<(url: string) => Promise<void>>(async () => {}),
  openPath: vi.fn<(path: string) => Promise<string>>(async () => ''),
};

export const screen = {
  displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
  getAllDisplays() {
    return this.displays;
  },
};

// ---- renderer-side modules, for the preload ----

export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, value: unknown): void {
    this.exposed.set(key, value);
  },
};

class FakeIpcRenderer extends EventEmitter {
  readonly invoke = vi.fn<(...args: unknown[]) => Promise<unknown>>(async () => ({ ok: true, value: null }));
  readonly send = vi.fn();
  reset(): void {
    this.removeAllListeners();
    this.invoke.mockClear();
    this.send.mockClear();
  }
}
export const ipcRenderer = new FakeIpcRenderer();

export const webUtils = {
  getPathForFile: (file: { path?: string }) => file.path ?? '',
};

/** A fresh electron for the next test. */
export function resetFakeElectron(): void {
  app.reset();
  ipcMain.reset();
  ipcRenderer.reset();
  session.defaultSession = new FakeSession();
  FakeBrowserWindow.instances = [];
  FakeBrowserWindow.focused = null;
  protocol.privileged = [];
  protocol.handlers = new Map();
  Menu.applied = null;
  contextBridge.exposed = new Map();
  dialog.showOpenDialog.mockReset().mockResolvedValue({ canceled: true, filePaths: [] });
  dialog.showMessageBox.mockReset().mockResolvedValue({ response: 1, checkboxChecked: false });
  dialog.showErrorBox.mockReset();
  shell.openExternal.mockReset().mockResolvedValue(undefined);
  shell.openPath.mockReset().mockResolvedValue('');
  screen.displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }];
}
