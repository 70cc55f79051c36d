/**
 * `lineage-explorer validate TRACE [--json]`: check a step trace (step-trace-format-v1) and its
 * evidence files. Exit 0 valid; 1 invalid or rejected; 2 for a usage error or a trace that cannot
 * be read, with a one-line message naming the path. Also the step-trace part of `inspect`.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { formatVerdict, formatViolations } from '../../src-shared/formats/step-trace/format-report';
import type { StepTraceReport } from '../../src-shared/formats/step-trace/types';
import { describeFsError } from '../services/fs/describe-fs-error';
import { validateStepTraceFile } from '../services/step-trace/validate-step-trace-file';
import type { CliIo } from './cli-io';

/** How many violations `inspect` lists in its readable summary (`validate` lists all). */
const INSPECT_MAX_VIOLATIONS = 8;

export async function validateCommand(
  paths: string[],
  options: { json: boolean },
  io: CliIo,
): Promise<number> {
  if (paths.length !== 1) {
    io.err('lineage-explorer validate: give exactly one TRACE (a step trace, JSONL)');
    return 2;
  }
  const trace = paths[0]!;
  const read = await readReport(trace);
  if (!read.ok) {
    io.err(`lineage-explorer: ${read.message}`);
    return 2;
  }
  const { verdict, violations } = read.report;
  if (options.json) io.out(JSON.stringify({ verdict, violations }, null, 2));
  else io.out([`${trace}: ${formatVerdict(read.report)}`, ...formatViolations(read.report, '  ')].join('\n'));
  return verdict === 'valid' ? 0 : 1;
}

/** The `inspect` entry for a file recognised as a step trace. Throws when it cannot be read. */
export async function inspectStepTrace(file: string): Promise<{ json: unknown; text: string }> {
  const report = await validateStepTraceFile(file);
  const json = {
    source: 'step-trace',
    path: file,
    verdict: report.verdict,
    violations: report.violations,
    steps: report.steps,
    claims: report.claims,
    evidence: report.evidence,
  };
  const text = [
    `step trace ${file}`,
    `  ${formatVerdict(report)}`,
    ...(report.violations.length ? [`  violations (${report.violations.length}):`] : []),
    ...formatViolations(report, '    ', INSPECT_MAX_VIOLATIONS),
  ];
  return { json, text: text.join('\n') };
}

async function readReport(
  trace: string,
): Promise<{ ok: true; report: StepTraceReport } | { ok: false; message: string }> {
  const file = path.resolve(trace);
  try {
    if (!(await stat(file)).isFile()) return { ok: false, message: `cannot read ${trace}: not a file` };
    return { ok: true, report: await validateStepTraceFile(file) };
  } catch (error) {
    return { ok: false, message: `cannot read ${trace}: ${describeFsError(error as NodeJS.ErrnoException)}` };
  }
}
