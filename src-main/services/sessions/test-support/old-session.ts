/** For the sessions-list tests: a session log in a temp sciagent home, as a finished run leaves it. */
import { copyFile, mkdir, utimes } from 'node:fs/promises';
import path from 'node:path';

/** The 10-event e2e session (sessions/fixtures). */
export const SESSION_FIXTURE = new URL('../fixtures/e2e-sess.jsonl', import.meta.url);

/** `sessions/<id>/provenance.jsonl` under `home`, the fixture last written an hour ago: not live. */
export async function addOldSession(home: string, id: string): Promise<string> {
  const log = path.join(home, 'sessions', id, 'provenance.jsonl');
  await mkdir(path.dirname(log), { recursive: true });
  await copyFile(SESSION_FIXTURE, log);
  const old = new Date(Date.now() - 3600_000);
  await utimes(log, old, old);
  return log;
}
