/**
 * A folder held in memory (tests, the browser host, bundled demo data): files by path relative
 * to the folder, read through the same `FolderFileAccess` as the real file system. SHA-256 comes
 * from Web Crypto, which every host we run in (Node ≥ 20, Electron, browsers) provides.
 */
import type { FolderFileAccess, FolderRead } from './folder-access';
import { normaliseRelativePath } from './relative-path';

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  // Copy into a fresh ArrayBuffer: digest() does not take views of shared or larger buffers.
  const digest = await crypto.subtle.digest('SHA-256', bytes.slice());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export class MemoryFolder implements FolderFileAccess {
  readonly files = new Map<string, Uint8Array>();

  /** `what` names the folder in messages ("trace folder", "ledger folder"). */
  constructor(
    files: Iterable<[string, Uint8Array | string]> = [],
    private readonly what = 'folder',
  ) {
    for (const [path, content] of files) this.set(path, content);
  }

  set(path: string, content: Uint8Array | string): this {
    const normalised = normaliseRelativePath(path, this.what);
    if (normalised.kind !== 'file') throw new Error(`not a file path inside the folder: ${path}`);
    this.files.set(
      normalised.path,
      typeof content === 'string' ? new TextEncoder().encode(content) : content,
    );
    return this;
  }

  async readFile(relPath: string): Promise<FolderRead> {
    const normalised = normaliseRelativePath(relPath, this.what);
    if (normalised.kind === 'escape') return { status: 'escape', reason: normalised.reason };
    if (normalised.kind === 'folder') return { status: 'missing', reason: 'names the folder, not a file' };
    const bytes = this.files.get(normalised.path);
    return bytes ? { status: 'ok', bytes } : { status: 'missing', reason: 'no such file' };
  }

  sha256(bytes: Uint8Array): Promise<string> {
    return sha256Hex(bytes);
  }
}
