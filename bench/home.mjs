/** Temp sciagent homes for the scenarios, and the generated logs they hold (cached per run). */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GENERATOR_VERSION, sessionLines, writeSession } from './generate-session.mjs';

const CACHE = path.join(os.tmpdir(), 'lineage-explorer-bench');

/**
 * A generated session of `events` events, written once per machine (deterministic, so reusable).
 * `options` go to the generator (a session id of its own per set of options: the file is named by it).
 */
export async function generatedLog(sessionId, events, options = {}) {
  mkdirSync(CACHE, { recursive: true });
  const file = path.join(CACHE, `${sessionId}-${events}-v${GENERATOR_VERSION}.jsonl`);
  if (!existsSync(file)) {
    const tmp = `${file}.${process.pid}.tmp`;
    await writeSession(tmp, sessionId, events, options);
    renameSync(tmp, file);
  }
  return file;
}

/** A sciagent home with one small session, so the sidebar is not empty. */
export async function makeHome() {
  const home = await mkdtemp(path.join(os.tmpdir(), 'le-bench-'));
  const small = path.join(home, 'sessions', 'small-session');
  mkdirSync(small, { recursive: true });
  writeFileSync(
    path.join(small, 'provenance.jsonl'),
    [...sessionLines('small-session', 200)].join('\n') + '\n',
  );
  return {
    home,
    sessionDir: (id) => path.join(home, 'sessions', id),
    remove: async () => {
      await rm(home, { recursive: true, force: true });
      await rm(`${home}-staging`, { recursive: true, force: true });
    },
  };
}

/**
 * Stages `log` as session `id` outside the watched folder (a hard link: no 85 MB copy) so that
 * `reveal()` makes the whole session appear at once with one rename.
 */
export async function stageSession(home, id, log) {
  // Beside the home, not in it (the home is watched); same file system, so the rename is atomic.
  const staging = path.join(`${home.home}-staging`, id);
  await mkdir(staging, { recursive: true });
  // A log given on another file system (`--log`) cannot be linked: copied (outside the timing).
  await link(log, path.join(staging, 'provenance.jsonl')).catch((error) => {
    if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error;
    return copyFile(log, path.join(staging, 'provenance.jsonl'));
  });
  return { reveal: () => rename(staging, home.sessionDir(id)) };
}

export const wallNow = () => performance.timeOrigin + performance.now();
