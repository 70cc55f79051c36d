import { mkdir, writeFile } from 'node:fs/promises';
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
  const log = path.join(home, 'sessions', sessionId, 'provenance.jsonl');
  await mkdir(path.dirname(log), { recursive: true });
  const lines = [...sessionLines(sessionId, events)];
  await writeFile(log, lines.join('\n') + '\n');
  return { log, lines };
}
