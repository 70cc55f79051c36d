/**
 * `TraceContentAccess` over files held in memory (tests, the browser host, bundled demo data).
 * Paths are keys relative to the trace's folder; SHA-256 comes from Web Crypto, which every
 * host we run in (Node ≥ 20, Electron, browsers) provides as `crypto.subtle`.
 */
import { normaliseContentPath } from './content-path';
import type { ContentRead, TraceContentAccess } from './types';

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  // Copy into a fresh ArrayBuffer: digest() does not take views of shared or larger buffers.
  const digest = await crypto.subtle.digest('SHA-256', bytes.slice());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export class MemoryTraceContent implements TraceContentAccess {
  private readonly files = new Map<string, Uint8Array>();

  constructor(files: Iterable<[string, Uint8Array | string]> = []) {
    for (const [path, content] of files) this.set(path, content);
  }

  set(path: string, content: Uint8Array | string): this {
    const normalised = normaliseContentPath(path);
    if (normalised.kind !== 'file') throw new Error(`not a file path inside the folder: ${path}`);
    this.files.set(
      normalised.path,
      typeof content === 'string' ? new TextEncoder().encode(content) : content,
    );
    return this;
  }

  async readFile(relPath: string): Promise<ContentRead> {
    const normalised = normaliseContentPath(relPath);
    if (normalised.kind === 'escape') return { status: 'escape', reason: normalised.reason };
    if (normalised.kind === 'folder') return { status: 'missing', reason: 'names the folder, not a file' };
    const bytes = this.files.get(normalised.path);
    return bytes ? { status: 'ok', bytes } : { status: 'missing', reason: 'no such file' };
  }

  sha256(bytes: Uint8Array): Promise<string> {
    return sha256Hex(bytes);
  }
}
