/** The step-trace service: a trace validated against its evidence files on request. */
import type { StepTraceDocument, StepTraceService } from '../../../src-shared/bridge/contract';
import { validateStepTraceFile } from '../step-trace/validate-step-trace-file';
import type { DocumentIndex } from './document-index';

export async function loadStepTraceDocument(key: string): Promise<StepTraceDocument> {
  try {
    return { key, report: await validateStepTraceFile(key), error: null };
  } catch (error) {
    return { key, report: null, error: (error as Error).message };
  }
}

/** Every method first checks the key is a known document: no other path from the renderer is read. */
export function stepTraceService(documents: DocumentIndex): StepTraceService {
  return {
    report: async (key) => loadStepTraceDocument(documents.get(key).key),
  };
}
