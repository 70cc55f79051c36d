import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sessionLines } from '../../bench/generate-session.mjs';

/**
 * Writes a generated session of `events` events (the bench's generator: the corpus's event mix)
 * into a sciagent home as `sessions/<id>/provenance.jsonl`; returns its path and its lines (the
 * generator adds a closing event, so there is one more line than `events`).
 */
export async function writeGeneratedSession(
  home: string,
  sessionId: string,
  events: number,
): Promise<{ log: string; lines: string[] }> {
  return writeSession(path.join(home, 'sessions', sessionId), sessionId, events);
}

/**
 * The same, written beside the home: `reveal()` makes the whole session appear in it at once
 * (one rename of its folder, on the same file system), as a big log copied in does.
 */
export async function stageGeneratedSession(
  home: string,
  sessionId: string,
  events: number,
): Promise<{ lines: string[]; reveal: () => Promise<void> }> {
  const staged = path.join(`${home}-staging`, sessionId);
  const { lines } = await writeSession(staged, sessionId, events);
  return { lines, reveal: () => rename(staged, path.join(home, 'sessions', sessionId)) };
}

async function writeSession(dir: string, sessionId: string, events: number) {
  const log = path.join(dir, 'provenance.jsonl');
  await mkdir(dir, { recursive: true });
  const lines = [...sessionLines(sessionId, events)];
  await writeFile(log, lines.join('\n') + '\n');
  return { log, lines };
}
