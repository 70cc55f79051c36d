/** The readable, terminal form of a step trace report: a verdict line and one line per violation. */
import type { StepTraceReport, Violation } from './types';

/** `line 7 (idx 6): hash_mismatch claim.supports[0].snippet_sha256 — …` */
export function formatViolation(v: Violation): string {
  const where = `line ${v.line}${v.idx === null ? '' : ` (idx ${v.idx})`}`;
  return `${where}: ${v.rule}${v.field ? ` ${v.field}` : ''} — ${v.message}`;
}

/** `invalid (2 violations) · 8 events, 2 steps, 1 claim, 1 evidence` */
export function formatVerdict(report: StepTraceReport): string {
  const n = report.violations.length;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return (
    `${report.verdict}${n ? ` (${plural(n, 'violation')})` : ''} · ` +
    `${plural(report.events, 'event')}, ${plural(report.steps, 'step')}, ${plural(report.claims, 'claim')}, ${report.evidence} evidence`
  );
}

/** The violations as lines with `indent`; at most `limit`, then a line saying how many more. */
export function formatViolations(report: StepTraceReport, indent: string, limit = Infinity): string[] {
  const lines = report.violations.slice(0, limit).map((v) => `${indent}${formatViolation(v)}`);
  if (report.violations.length > limit)
    lines.push(`${indent}… and ${report.violations.length - limit} more (use --json)`);
  return lines;
}
