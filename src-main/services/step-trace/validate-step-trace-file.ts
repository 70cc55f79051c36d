/**
 * Validates a step trace on disk: the trace is read in large chunks into the pure reader, and
 * its evidence files are read relative to the trace's folder (the folder of the path given).
 * Throws the file-system error when the trace itself cannot be read.
 */
import path from 'node:path';
import { StepTraceReader } from '../../../src-shared/formats/step-trace/trace-reader';
import { finishReport } from '../../../src-shared/formats/step-trace/validate-trace';
import type { StepTraceReport } from '../../../src-shared/formats/step-trace/types';
import { readLogFile } from '../sessions/read-log-file';
import { createNodeTraceContent } from './node-trace-content';

export async function validateStepTraceFile(file: string): Promise<StepTraceReport> {
  const reader = new StepTraceReader();
  await readLogFile(file, (chunk) => reader.push(chunk));
  reader.end();
  return finishReport(reader, createNodeTraceContent(path.dirname(path.resolve(file))));
}
