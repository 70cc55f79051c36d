/**
 * Validates a whole step trace: the structural pass over its bytes, then the content pass over
 * its evidence files. Every violation is reported, not just the first; the verdict is
 * `rejected` if any is of a rejecting rule, else `invalid` if there is any, else `valid`.
 */
import { checkContent } from './check-content';
import { StepTraceReader } from './trace-reader';
import { verdictOf, type StepTraceReport, type TraceContentAccess } from './types';

/** Validates a trace given as one buffer or as chunks in order (e.g. a file read in pieces). */
export async function validateStepTrace(
  bytes: Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  access: TraceContentAccess,
): Promise<StepTraceReport> {
  const reader = new StepTraceReader();
  if (bytes instanceof Uint8Array) reader.push(bytes);
  else for await (const chunk of bytes) reader.push(chunk);
  reader.end();
  return finishReport(reader, access);
}

/** The report of a reader that has seen its whole trace (`end()` called). */
export async function finishReport(
  reader: StepTraceReader,
  access: TraceContentAccess,
): Promise<StepTraceReport> {
  const violations = [...reader.violations, ...(await checkContent(reader, access))];
  // Stable: within a line, structural findings come before content findings.
  violations.sort((a, b) => a.line - b.line);
  return {
    verdict: verdictOf(violations),
    violations,
    events: reader.events,
    steps: reader.stepIds.size,
    claims: reader.claims,
    evidence: reader.evidenceEvents,
  };
}
