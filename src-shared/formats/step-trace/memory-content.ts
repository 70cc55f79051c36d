/** `TraceContentAccess` over evidence files held in memory (see ../memory-folder.ts). */
import { MemoryFolder } from '../memory-folder';

export { sha256Hex } from '../memory-folder';

export class MemoryTraceContent extends MemoryFolder {
  constructor(files: Iterable<[string, Uint8Array | string]> = []) {
    super(files, 'trace folder');
  }
}
