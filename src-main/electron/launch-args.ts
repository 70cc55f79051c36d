/**
 * What a launch of the app asks for, from its argv: `lineage-explorer open PATH…`,
 * `lineage-explorer PATH…` (a double-clicked file, a file association), or `lineage-explorer://`
 * links. The same parse serves the first launch and a second one whose argv the single-instance
 * lock hands over (resolved against that launch's working directory).
 */
import path from 'node:path';
import { isDeepLink, parseDeepLink, type DeepLink } from './deep-link';

export type LaunchRequest =
  { kind: 'path'; path: string } | { kind: 'link'; link: DeepLink } | { kind: 'bad-link'; raw: string };

export interface LaunchArgsOptions {
  /** The launch's working directory: relative paths are resolved against it. */
  cwd: string;
  /**
   * Started as `electron <app>` (process.defaultApp): the first positional argument is the app
   * itself, not a path to open.
   */
  defaultApp: boolean;
  platform?: NodeJS.Platform;
}

/** Switches whose value is the next argument (Node's, as Electron accepts them; Playwright uses -r). */
const SWITCHES_WITH_VALUE = new Set(['-r', '--require', '--import', '--loader']);

export function parseLaunchArgs(argv: readonly string[], options: LaunchArgsOptions): LaunchRequest[] {
  const positional: string[] = [];
  let rest = false;
  // argv[0] is the executable.
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (rest) positional.push(arg);
    else if (arg === '--') rest = true;
    else if (SWITCHES_WITH_VALUE.has(arg)) i++;
    // Chromium, Electron and macOS (-psn_…) switches.
    else if (arg.startsWith('-')) continue;
    else positional.push(arg);
  }
  if (options.defaultApp) positional.shift();
  if (positional[0] === 'open') positional.shift();

  return positional
    .filter((arg) => arg !== '')
    .map((arg): LaunchRequest => {
      if (isDeepLink(arg)) {
        const link = parseDeepLink(arg, options.platform);
        return link ? { kind: 'link', link } : { kind: 'bad-link', raw: arg };
      }
      const p = options.platform === 'win32' ? path.win32 : path;
      return { kind: 'path', path: p.resolve(options.cwd, arg) };
    });
}
