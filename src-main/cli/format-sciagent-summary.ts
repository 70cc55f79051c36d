/** The readable, terminal form of a session summary: what a person wants at a glance. */
import type { SciagentSessionSummary } from '../../src-shared/formats/sciagent/session-summary';
import type { SessionLog } from '../../src-shared/formats/sciagent/session-log';

const MAX_PROBLEMS = 8;

export function formatSciagentSummary(
  s: SciagentSessionSummary,
  log: SessionLog,
  extra: string[] = [],
): string {
  const lines: string[] = [];
  lines.push(`sciagent session ${s.sessionId}`);
  lines.push(`  ${s.path}`);
  if (s.firstTs)
    lines.push(`  ${s.firstTs} → ${s.lastTs}${s.models.length ? ` · ${s.models.join(', ')}` : ''}`);
  lines.push(
    `  ${s.events} events · ${s.parseErrors} parse errors · ${s.invalid} invalid · ${s.unsupported} unsupported · ${s.duplicates} duplicates` +
      (s.seqRepeats ? ` · ${s.seqRepeats} repeated seq` : ''),
  );
  const kinds = Object.entries(s.byKind).sort((a, b) => b[1] - a[1]);
  if (kinds.length) lines.push(`  kinds: ${kinds.map(([k, n]) => `${k} ${n}`).join(', ')}`);
  lines.push(
    `  tool calls: ${s.toolCalls.total}${s.toolCalls.unmatched ? ` (${s.toolCalls.unmatched} without a result)` : ''}`,
  );
  if (s.jobs.length) {
    lines.push(`  jobs:`);
    for (const j of s.jobs)
      lines.push(
        `    ${j.jobId}: ${j.launches} launch${j.launches === 1 ? '' : 'es'}, status ${j.status ?? '—'}` +
          `${j.skyStatusRaw && j.skyStatusRaw !== j.status ? ` (${j.skyStatusRaw})` : ''}, ${j.artifacts} artifact${j.artifacts === 1 ? '' : 's'}`,
      );
  } else lines.push('  jobs: none');
  const v = s.verifications;
  lines.push(
    `  artifacts: ${s.artifacts} · verifications: ${v.verified} verified, ${v.refuted} refuted, ${v.insufficient} insufficient, ${v.warning} warning`,
  );
  lines.push(
    `  corrections: ${s.corrections.applied} applied, ${s.corrections.dangling} dangling · truncated fields: ${s.truncatedFields}`,
  );
  if (s.childSessions.length) lines.push(`  child sessions: ${s.childSessions.join(', ')}`);
  lines.push(
    `  cost: ${s.cost ? `$${s.cost.usd.toFixed(4)} (from ${s.cost.source === 'session_end' ? 'session_end' : 'tool results'})` : '—'}`,
  );
  lines.push(`  graph: ${s.graph.nodes} nodes, ${s.graph.edges} edges`);
  lines.push(...extra.map((e) => `  ${e}`));

  const problems = [
    ...log.parseErrors.map((p) => ({
      lineNo: p.lineNo,
      text: `line ${p.lineNo} (byte ${p.byteOffset}): ${p.message}`,
    })),
    ...log.invalid.map((p) => ({ lineNo: p.lineNo, text: `line ${p.lineNo}: invalid — ${p.message}` })),
    ...log.unsupported.map((p) => ({
      lineNo: p.lineNo,
      text: `line ${p.lineNo}: unsupported schema_version ${JSON.stringify(p.schemaVersion) ?? 'missing'} (${p.kind})`,
    })),
    ...log.duplicates.map((p) => ({
      lineNo: p.lineNo,
      text: `line ${p.lineNo}: duplicate event_id ${p.eventId} (first on line ${p.firstLineNo})`,
    })),
    ...log.danglingCorrections().map((c) => ({
      lineNo: c.lineNo,
      text: `line ${c.lineNo}: correction ${c.eventId} targets an event not in the log`,
    })),
  ].sort((a, b) => a.lineNo - b.lineNo);
  if (problems.length) {
    lines.push(`  problems (${problems.length}):`);
    for (const p of problems.slice(0, MAX_PROBLEMS)) lines.push(`    ${p.text}`);
    if (problems.length > MAX_PROBLEMS)
      lines.push(`    … and ${problems.length - MAX_PROBLEMS} more (use --json)`);
  }
  return lines.join('\n');
}
