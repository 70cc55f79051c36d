/** Real files for tests of the Electron layer: a temp sciagent home made from the e2e fixtures. */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export { until } from '../../test-support/until';

export const FIXTURE_SESSIONS = path.resolve(import.meta.dirname, '../../../e2e/fixtures/home-sessions');

export interface TempDirs {
  base: string;
  /** A sciagent home with the given fixture sessions under sessions/. */
  home: string;
  logOf(sessionId: string, home?: string): string;
  /** Another folder holding copies of fixture sessions (not under any root at start). */
  elsewhere(name: string, ...sessionIds: string[]): Promise<string>;
  cleanup(): Promise<void>;
}

export async function makeTempDirs(...sessionIds: string[]): Promise<TempDirs> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'le-electron-'));
  const home = path.join(base, 'home');
  const copy = async (to: string, ids: string[]) => {
    for (const id of ids) await cp(path.join(FIXTURE_SESSIONS, id), path.join(to, id), { recursive: true });
  };
  await copy(path.join(home, 'sessions'), sessionIds);
  return {
    base,
    home,
    logOf: (id, at = path.join(home, 'sessions')) => path.join(at, id, 'provenance.jsonl'),
    elsewhere: async (name, ...ids) => {
      const dir = path.join(base, name);
      await copy(dir, ids);
      return dir;
    },
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}
