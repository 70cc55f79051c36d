import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import type { HostCommand } from '../../src-shared/bridge/contract';
import { buildMenuTemplate, recentLabel, type MenuActions } from './menu';

function actions(): MenuActions & { commands: HostCommand[] } {
  const commands: HostCommand[] = [];
  return {
    commands,
    openFolder: vi.fn(),
    openFileOrBundle: vi.fn(),
    openRecent: vi.fn(),
    clearRecent: vi.fn(),
    command: (c) => commands.push(c),
    showDataLocations: vi.fn(),
    showAbout: vi.fn(),
  };
}

function all(items: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? all(i.submenu) : [])]);
}

const top = (template: MenuItemConstructorOptions[], label: string) => {
  const menu = template.find((m) => m.label?.replace('&', '') === label);
  if (!menu || !Array.isArray(menu.submenu)) throw new Error(`no ${label} menu`);
  return menu.submenu;
};
const item = (items: MenuItemConstructorOptions[], label: string) => {
  const found = all(items).find((i) => i.label === label);
  if (!found) throw new Error(`no item ${label}`);
  return found;
};
const click = (i: MenuItemConstructorOptions) => (i.click as () => void)();

const PLATFORMS = ['darwin', 'linux', 'win32'] as const;
const build = (platform: NodeJS.Platform, recent: string[] = [], dev = false, a = actions()) =>
  buildMenuTemplate({ platform, appName: 'Lineage Explorer', recent, dev, actions: a });

describe('the application menu', () => {
  it.each(PLATFORMS)('on %s: File, Edit, View and Help, with a macOS app and Window menu', (platform) => {
    const labels = build(platform).map((m) => m.label ?? m.role);
    if (platform === 'darwin')
      expect(labels).toEqual(['Lineage Explorer', 'File', 'Edit', 'View', 'windowMenu', 'Help']);
    else expect(labels).toEqual(['&File', '&Edit', '&View', '&Help']);
  });

  it.each(PLATFORMS)('on %s: accelerators are CmdOrCtrl-based, unique, and never a bare key', (platform) => {
    const accelerators = all(build(platform, ['/a'], true))
      .map((i) => i.accelerator)
      .filter((a): a is string => typeof a === 'string');
    expect(accelerators.length).toBeGreaterThan(8);
    for (const a of accelerators) {
      expect(a, a).toMatch(/^CmdOrCtrl\+/);
      expect(a, a).not.toMatch(/(^|\+)(Ctrl|Control|Cmd|Command|Meta|Super)\+/);
    }
    expect(new Set(accelerators).size).toBe(accelerators.length);
  });

  it('File has the open items, Open Recent and Close, with the usual keys', () => {
    const a = actions();
    const file = top(build('linux', ['/data/s1/provenance.jsonl', '/data/home'], false, a), 'File');
    expect(item(file, 'Open Folder…').accelerator).toBe('CmdOrCtrl+O');
    expect(item(file, 'Open File or Bundle…').accelerator).toBe('CmdOrCtrl+Shift+O');
    expect(item(file, 'Close')).toMatchObject({ role: 'close', accelerator: 'CmdOrCtrl+W' });
    click(item(file, 'Open Folder…'));
    click(item(file, 'Open File or Bundle…'));
    expect(a.openFolder).toHaveBeenCalledOnce();
    expect(a.openFileOrBundle).toHaveBeenCalledOnce();

    const recent = item(file, 'Open Recent').submenu as MenuItemConstructorOptions[];
    expect(recent.map((i) => i.label ?? i.type)).toEqual([
      'provenance.jsonl — /data/s1',
      'home — /data',
      'separator',
      'Clear Recent',
    ]);
    click(recent[0]!);
    expect(a.openRecent).toHaveBeenCalledWith('/data/s1/provenance.jsonl');
    click(recent[3]!);
    expect(a.clearRecent).toHaveBeenCalledOnce();
  });

  it('an empty Open Recent says so', () => {
    const recent = item(top(build('win32'), 'File'), 'Open Recent').submenu as MenuItemConstructorOptions[];
    expect(recent).toEqual([{ label: 'No Recent Items', enabled: false }]);
  });

  it('quits the platform’s way', () => {
    expect(all(top(build('darwin'), 'File')).some((i) => i.role === 'quit')).toBe(false);
    expect(
      all(build('darwin')[0]!.submenu as MenuItemConstructorOptions[]).some((i) => i.role === 'quit'),
    ).toBe(true);
    expect(item(top(build('linux'), 'File'), 'Quit')).toMatchObject({
      role: 'quit',
      accelerator: 'CmdOrCtrl+Q',
    });
    const exit = item(top(build('win32'), 'File'), 'Exit');
    expect(exit.role).toBe('quit');
    expect(exit.accelerator).toBeUndefined();
  });

  it('View switches themes and views through page commands, and zooms with the standard keys', () => {
    const a = actions();
    const view = top(build('linux', [], false, a), 'View');
    for (const label of [
      'Follow System',
      'Light',
      'Dark',
      'Timeline',
      'Tail Health',
      'Graph Top Down',
      'Fit Graph',
    ])
      click(item(view, label));
    expect(a.commands).toEqual([
      { name: 'set-theme', theme: 'system' },
      { name: 'set-theme', theme: 'light' },
      { name: 'set-theme', theme: 'dark' },
      { name: 'show-tab', tab: 'timeline' },
      { name: 'show-tab', tab: 'health' },
      { name: 'set-direction', direction: 'DOWN' },
      { name: 'fit-graph' },
    ]);
    const zoom = view.filter((i) => ['resetZoom', 'zoomIn', 'zoomOut'].includes(i.role ?? ''));
    expect(zoom.map((i) => i.accelerator)).toEqual([
      'CmdOrCtrl+0',
      'CmdOrCtrl+Plus',
      'CmdOrCtrl+=',
      'CmdOrCtrl+-',
    ]);
    expect(view.some((i) => i.role === 'togglefullscreen')).toBe(true);
  });

  it('shows Reload and DevTools only in development builds', () => {
    const roles = (dev: boolean) => all(build('linux', [], dev)).map((i) => i.role);
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(false)).not.toContain('reload');
    expect(roles(true)).toEqual(expect.arrayContaining(['toggleDevTools', 'reload']));
  });

  it('Help has the keys, the data locations and About', () => {
    const a = actions();
    const help = top(build('win32', [], false, a), 'Help');
    expect(item(help, 'Keyboard Shortcuts').accelerator).toBe('CmdOrCtrl+/');
    click(item(help, 'Keyboard Shortcuts'));
    click(item(help, 'Data Locations…'));
    click(item(help, 'About Lineage Explorer'));
    expect(a.commands).toEqual([{ name: 'show-keys' }]);
    expect(a.showDataLocations).toHaveBeenCalledOnce();
    expect(a.showAbout).toHaveBeenCalledOnce();
    // On macOS, About lives in the app menu.
    expect(all(top(build('darwin'), 'Help')).some((i) => i.label?.startsWith('About'))).toBe(false);
  });

  it('labels recent items by name, then folder', () => {
    expect(recentLabel('/a/b/provenance.jsonl')).toBe('provenance.jsonl — /a/b');
    expect(recentLabel('/')).toBe('/');
  });
});
