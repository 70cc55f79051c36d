/**
 * The native dialogs: Open Folder…, Open File or Bundle…, the question a link to an unopened path
 * asks, Help → Data Locations… and About. Paths chosen here come from the user through the OS,
 * not from the page, so main follows them as roots.
 */
import { dialog, shell, type BrowserWindow, type MessageBoxOptions, type OpenDialogOptions } from 'electron';

export async function chooseFolders(win: BrowserWindow | null): Promise<string[]> {
  const options: OpenDialogOptions = {
    title: 'Open Folder',
    buttonLabel: 'Open',
    message:
      'A sciagent home (~/.sciagent), a sessions folder, a session folder or a TreeTrace bundle folder',
    properties: ['openDirectory', 'multiSelections', 'showHiddenFiles'],
  };
  const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
  return result.canceled ? [] : result.filePaths;
}

export async function chooseFilesOrBundles(win: BrowserWindow | null): Promise<string[]> {
  const options: OpenDialogOptions = {
    title: 'Open File or Bundle',
    buttonLabel: 'Open',
    properties: ['openFile', 'multiSelections', 'showHiddenFiles'],
    // Dialog filters take one extension each: .tar.gz is offered as gz.
    filters: [
      { name: 'Logs and bundles', extensions: ['jsonl', 'zip', 'tgz', 'gz'] },
      { name: 'All files', extensions: ['*'] },
    ],
  };
  const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
  return result.canceled ? [] : result.filePaths;
}

export async function confirmLinkTarget(win: BrowserWindow | null, target: string): Promise<boolean> {
  const options: MessageBoxOptions = {
    type: 'question',
    buttons: ['Open', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    message: `Open ${target}?`,
    detail:
      'A lineage-explorer:// link asks to open a folder or file that is not open yet. ' +
      'Open it only if you trust where the link came from. Lineage Explorer only ever reads it.',
  };
  const result = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
  return result.response === 0;
}

export interface DataLocations {
  settings: string;
  windowState: string;
  recent: string;
  home: string;
  roots: readonly string[];
}

export function dataLocationsText(l: DataLocations): string {
  return [
    `Settings, window position, Open Recent and the page's preferences (theme, last session):`,
    `  ${l.settings}`,
    `  (${l.windowState}, ${l.recent}, and Local Storage/)`,
    '',
    'sciagent home (read only):',
    `  ${l.home}`,
    '',
    'Followed now (read only, never written):',
    ...l.roots.map((r) => `  ${r}`),
  ].join('\n');
}

export async function showDataLocations(win: BrowserWindow | null, locations: DataLocations): Promise<void> {
  const options: MessageBoxOptions = {
    type: 'info',
    buttons: ['Show Settings Folder', 'Close'],
    defaultId: 1,
    cancelId: 1,
    message: 'Where Lineage Explorer keeps its data',
    detail: dataLocationsText(locations),
  };
  const result = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
  if (result.response === 0) await shell.openPath(locations.settings);
}

export async function showAbout(win: BrowserWindow | null, name: string, version: string): Promise<void> {
  const options: MessageBoxOptions = {
    type: 'info',
    buttons: ['Close'],
    message: `${name} ${version}`,
    detail: [
      'Read what AI agents did: sciagent provenance logs, TreeTrace bundles, change ledgers and step traces, live.',
      `Electron ${process.versions['electron'] ?? '?'} · Chromium ${process.versions['chrome'] ?? '?'} · Node ${process.versions.node}`,
    ].join('\n'),
  };
  if (win) await dialog.showMessageBox(win, options);
  else await dialog.showMessageBox(options);
}
