/**
 * Tells a step trace from other logs by its first non-blank line, reading no more than that line
 * (up to 1 MiB). Any read problem answers "no": the caller then reads the file its usual way
 * and reports the problem there.
 */
import { readFirstLine } from '../fs/read-first-line';
import { isStepTraceFirstLine } from '../../../src-shared/formats/step-trace/detect';

export async function isStepTraceFile(file: string): Promise<boolean> {
  const line = await readFirstLine(file).catch(() => null);
  return line !== null && isStepTraceFirstLine(line);
}
