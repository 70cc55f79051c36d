/**
 * `evidence.content_path` is relative to the trace file's folder and may not leave it (see
 * ../relative-path.ts for the rule, shared with ledger paths).
 */
import { normaliseRelativePath, type RelativePath } from '../relative-path';

export type NormalisedPath = RelativePath;

export function normaliseContentPath(raw: string): NormalisedPath {
  return normaliseRelativePath(raw, 'trace folder');
}
