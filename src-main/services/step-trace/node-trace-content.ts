/** Evidence files of a step trace: read beside the trace, never outside its folder. */
import type { TraceContentAccess } from '../../../src-shared/formats/step-trace/types';
import { createFolderFileAccess } from '../fs/folder-file-access';

export function createNodeTraceContent(traceDir: string): TraceContentAccess {
  return createFolderFileAccess(traceDir, 'trace folder');
}
