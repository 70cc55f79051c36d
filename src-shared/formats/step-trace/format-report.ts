/** The readable, terminal form of a step trace report: a verdict line and one line per violation. */
import type { StepTraceReport, Violation } from './types';

export function formatViolation(v: Violation): string {
  const where = `line ${v.line}${v.idx === null ? '' : ` (idx ${v.idx})`}`;
  return `${where}: ${v.rule}${v.field ? ` ${v.field}` : ''} — ${v.message}`;
}

export function formatVerdictLine(path: string, report: StepTraceReport): string {
  const n = report.violations.length;
  const counts = `${report.events} events, ${report.steps} steps, ${report.claims} claims, ${report.evidence} evidence`;
  return `${path}: ${report.verdict}${n ? ` (${n} violation${n === 1 ? '' : 's'})` : ''} · ${counts}`;
}

/** Verdict line, then the violations indented; `limit` caps how many are listed. */
export function formatStepTraceReport(path: string, report: StepTraceReport, limit = Infinity): string {
  const lines = [formatVerdictLine(path, report)];
  for (const v of report.violations.slice(0, limit)) lines.push(`  ${formatViolation(v)}`);
  if (report.violations.length > limit)
    lines.push(`  … and ${report.violations.length - limit} more (use --json)`);
  return lines.join('\n');
}
