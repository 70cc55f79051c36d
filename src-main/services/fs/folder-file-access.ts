/**
 * `FolderFileAccess` on the real file system: files are read relative to one folder and never
 * outside it. Pure code has already refused escapes by text; this checks again on what the OS
 * resolves — `..`, absolute paths and symlinks (real paths compared) — so a cited file cannot be
 * a link to ~/.ssh/id_rsa. Files are opened read-only, non-blocking (a FIFO must not hang us)
 * and must be regular files. Used for step-trace evidence and ledger diff files.
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { FolderFileAccess, FolderRead } from '../../../src-shared/formats/folder-access';
import { describeFsError } from './describe-fs-error';

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/** `what` names the folder in messages: "trace folder", "ledger folder". */
export function createFolderFileAccess(folder: string, what: string): FolderFileAccess {
  const root = path.resolve(folder);
  let realRoot: Promise<string> | null = null;

  return {
    async readFile(relPath: string): Promise<FolderRead> {
      if (relPath.includes('\0')) return escape('contains a NUL byte');
      if (path.isAbsolute(relPath)) return escape('is absolute');
      const target = path.resolve(root, relPath);
      if (!isInside(root, target)) return escape(`leaves the ${what}`);
      let realTarget: string;
      try {
        realRoot ??= realpath(root);
        const [r, t] = await Promise.all([realRoot, realpath(target)]);
        if (!isInside(r, t)) return escape(`resolves to ${t}, outside the ${what}`);
        realTarget = t;
      } catch (error) {
        return missing(error);
      }
      try {
        const handle = await open(realTarget, OPEN_FLAGS);
        try {
          if (!(await handle.stat()).isFile()) return { status: 'missing', reason: 'not a regular file' };
          return { status: 'ok', bytes: await handle.readFile() };
        } finally {
          await handle.close();
        }
      } catch (error) {
        return missing(error);
      }
    },

    async sha256(bytes: Uint8Array): Promise<string> {
      return createHash('sha256').update(bytes).digest('hex');
    },
  };
}

/** Strictly inside: the folder itself is not a file inside it. */
function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

function escape(reason: string): FolderRead {
  return { status: 'escape', reason };
}

function missing(error: unknown): FolderRead {
  return { status: 'missing', reason: describeFsError(error as NodeJS.ErrnoException) };
}
