/**
 * The app's own user-data folder, where everything the app keeps lives (bookmarks, settings) —
 * never beside the logs it reads.
 *
 * `LINEAGE_EXPLORER_DATA_DIR` (tests), else `LINEAGE_EXPLORER_USER_DATA_DIR` (the desktop app's
 * override), else the desktop app's user-data folder when running in Electron, else
 * `$XDG_CONFIG_HOME/lineage-explorer` or `~/.config/lineage-explorer` (`serve`).
 */
import os from 'node:os';
import path from 'node:path';

export function userDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env['LINEAGE_EXPLORER_DATA_DIR'] || env['LINEAGE_EXPLORER_USER_DATA_DIR'];
  if (explicit) return path.resolve(explicit);
  // The desktop app: its user-data folder (src-main/electron/desktop-app.ts, README "Where settings
  // and bookmarks are stored"), found the same way without importing Electron here.
  if (process.versions['electron']) return path.join(appDataDir(env), 'Lineage Explorer');
  const config = env['XDG_CONFIG_HOME'] || path.join(os.homedir(), '.config');
  return path.join(config, 'lineage-explorer');
}

function appDataDir(env: NodeJS.ProcessEnv): string {
  if (process.platform === 'win32') return env['APPDATA'] || path.join(os.homedir(), 'AppData', 'Roaming');
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support');
  return env['XDG_CONFIG_HOME'] || path.join(os.homedir(), '.config');
}
