/**
 * Turns the PATHs given to `inspect` into the logs to read: a provenance.jsonl (or any file),
 * a session folder, a sciagent home (all its sessions) or a folder of session folders.
 * A file whose first non-blank line is a step trace header or step event is a step trace.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  PROVENANCE_FILE,
  describeFsError,
  discoverSessions,
  isHome,
  readTaskIndex,
  statOrNull,
  type DiscoveredSession,
  type TaskManifest,
} from '../services/sources/sciagent-home';
import { isStepTraceFile } from '../services/step-trace/sniff-step-trace';
import { isLedgerEventsFile, isLedgerFolder } from '../services/ledger/sniff-ledger';
import { isTreeTracePath } from '../services/treetrace/detect-treetrace';

export interface SessionInput {
  kind: 'sciagent';
  logPath: string;
  sessionId: string;
  /** Names of the folders beside the session's folder: where child sessions would be. */
  siblings: ReadonlySet<string> | null;
  session: DiscoveredSession | null;
  tasks: TaskManifest[];
}

/** A file recognised as a step trace by its content (step-trace-format-v1). */
export interface StepTraceInput {
  kind: 'step-trace';
  path: string;
}

/** A change ledger folder (sys-prov-v1.1): events.jsonl, snapshots/*.json and diff files. */
export interface LedgerInput {
  kind: 'change-ledger';
  folder: string;
}

/**
 * TreeTrace evidence: a project folder with `.treetrace/`, a `.treetrace/` folder, a tree.json, a
 * folder of bundles (index.json), or a zipped bundle (.zip, .tar.gz, .tgz, .tar).
 */
export interface TreeTraceInput {
  kind: 'treetrace';
  path: string;
}

export type InspectInput = SessionInput | StepTraceInput | LedgerInput | TreeTraceInput;

export type ResolvedPath =
  { ok: true; inputs: InspectInput[]; note?: string } | { ok: false; message: string };

export async function resolveInspectPath(input: string): Promise<ResolvedPath> {
  const abs = path.resolve(input);
  let info;
  try {
    info = await stat(abs);
  } catch (error) {
    return { ok: false, message: `cannot read ${input}: ${describeFsError(error as NodeJS.ErrnoException)}` };
  }
  if (info.isFile()) {
    if (await isTreeTracePath(abs, { scan: false }))
      return { ok: true, inputs: [{ kind: 'treetrace', path: abs }] };
    if (await isStepTraceFile(abs)) return { ok: true, inputs: [{ kind: 'step-trace', path: abs }] };
    if (await isLedgerEventsFile(abs))
      return { ok: true, inputs: [{ kind: 'change-ledger', folder: path.dirname(abs) }] };
    const sessionDir = path.dirname(abs);
    const isProvenance = path.basename(abs) === PROVENANCE_FILE;
    return {
      ok: true,
      inputs: [
        {
          kind: 'sciagent',
          logPath: abs,
          sessionId: isProvenance ? path.basename(sessionDir) : path.basename(abs).replace(/\.[^.]*$/, ''),
          siblings: isProvenance ? await folderNames(path.dirname(sessionDir)) : null,
          session: null,
          tasks: [],
        },
      ],
    };
  }
  if (!info.isDirectory()) return { ok: false, message: `cannot read ${input}: not a file or folder` };

  try {
    await readdir(abs);
  } catch (error) {
    return { ok: false, message: `cannot read ${input}: ${describeFsError(error as NodeJS.ErrnoException)}` };
  }

  // A session folder.
  if ((await statOrNull(path.join(abs, PROVENANCE_FILE)))?.isFile()) {
    return {
      ok: true,
      inputs: [
        {
          kind: 'sciagent',
          logPath: path.join(abs, PROVENANCE_FILE),
          sessionId: path.basename(abs),
          siblings: await folderNames(path.dirname(abs)),
          session: null,
          tasks: [],
        },
      ],
    };
  }

  // A change ledger folder.
  if (await isLedgerFolder(abs)) return { ok: true, inputs: [{ kind: 'change-ledger', folder: abs }] };

  // TreeTrace: a project folder with .treetrace/, a .treetrace/ folder, or a set with index.json.
  if (await isTreeTracePath(abs, { scan: false }))
    return { ok: true, inputs: [{ kind: 'treetrace', path: abs }] };

  // A sciagent home, or a folder of session folders.
  const home = await isHome(abs);
  const sessionsDir = home ? path.join(abs, 'sessions') : abs;
  const sessions = await discoverSessions(sessionsDir);
  const tasks = home ? await readTaskIndex(path.join(abs, 'tasks')) : [];
  const siblings = new Set(sessions.map((s) => s.sessionId));
  const withLogs = sessions.filter((s) => s.logPath !== null);
  const inputs = withLogs.map<SessionInput>((s) => ({
    kind: 'sciagent',
    logPath: s.logPath!,
    sessionId: s.sessionId,
    siblings,
    session: s,
    tasks: tasks.filter((t) => t.sessionId === s.sessionId),
  }));
  // No sciagent session: a folder of TreeTrace bundles, a few levels down, is read as a set.
  if (inputs.length === 0 && !home && (await isTreeTracePath(abs, { scan: true })))
    return { ok: true, inputs: [{ kind: 'treetrace', path: abs }] };
  if (inputs.length === 0) {
    const what = home ? 'a sciagent home with no session logs' : 'no sciagent sessions';
    return {
      ok: true,
      inputs,
      note: `${input}: ${what} (looked for ${home ? 'sessions/<id>/' : '<id>/'}${PROVENANCE_FILE})`,
    };
  }
  return { ok: true, inputs };
}

async function folderNames(dir: string): Promise<Set<string>> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return new Set(entries.filter((e) => e.isDirectory()).map((e) => e.name));
}
