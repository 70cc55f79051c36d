/**
 * The real desktop app under Playwright (`_electron.launch`), as VS Code's smoke tests drive it:
 * the built main bundle (out/main/index.js) on an Electron binary, with its own sciagent home and
 * its own user-data folder, so each test starts clean and the single-instance lock is its own.
 */
import type { ElectronApplication, Page, PlaywrightWorkerArgs } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const MAIN_ENTRY = path.join(REPO, 'out', 'main', 'index.js');
/** desktop-app.ts: USER_DATA_ENV. */
export const USER_DATA_ENV = 'LINEAGE_EXPLORER_USER_DATA_DIR';

export interface LaunchedApp {
  electron: ElectronApplication;
  window: Page;
}

export function electronEnv(home: string, userData: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  // A dev server URL left in the environment would make the app load it instead of the bundle.
  delete env['ELECTRON_RENDERER_URL'];
  delete env['ELECTRON_RUN_AS_NODE'];
  return { ...env, SCIAGENT_HOME: home, [USER_DATA_ENV]: userData };
}

export async function launchElectronApp(
  playwright: PlaywrightWorkerArgs['playwright'],
  options: { executable: string; home: string; userData: string; args?: string[] },
): Promise<LaunchedApp> {
  const electron = await playwright._electron.launch({
    executablePath: options.executable,
    args: [MAIN_ENTRY, ...(options.args ?? [])],
    env: electronEnv(options.home, options.userData),
    cwd: REPO,
  });
  const window = await electron.firstWindow();
  // The same viewport as the browser project, so both run the specs on the same layout.
  await electron.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.setContentSize(1440, 900));
  return { electron, window };
}
