/** The plain-text report of a comparison (the CLI's output without --json). */
import type { CompareResult, CompareSideInfo, StepRef, StepRow } from './compare-types';

const seqText = (s: StepRef | null) => (s ? (s.seq === null ? '—' : String(s.seq)) : '');

export function sideLabel(side: CompareSideInfo): string {
  return `${side.sessionId}@${side.uptoSeq === null ? 'end' : side.uptoSeq}`;
}

function rowLine(row: StepRow): string {
  switch (row.change) {
    case 'added':
      return `  + seq ${seqText(row.b)}  ${row.b!.label}`;
    case 'removed':
      return `  - seq ${seqText(row.a)}  ${row.a!.label}`;
    case 'changed':
      return `  ~ seq ${seqText(row.a)} → ${seqText(row.b)}  ${row.b!.label}  [${row.note ?? ''}]`;
    case 'same':
      return `    seq ${seqText(row.a)} = ${seqText(row.b)}  ${row.b!.label}`;
  }
}

function range(rows: StepRow[], pick: 'a' | 'b'): string {
  const first = rows[0]?.[pick];
  const last = rows.at(-1)?.[pick];
  return first && last ? `${seqText(first)}–${seqText(last)}` : '';
}

export function formatCompareReport(r: CompareResult): string {
  const s = r.summary;
  const lines: string[] = [];
  const sideLine = (name: string, side: CompareSideInfo) =>
    `${name}: ${sideLabel(side)}  ${side.events} events, ${side.nodes} nodes, ${side.edges} edges` +
    (side.cut.lineNo !== null ? `  (cut after line ${side.cut.lineNo})` : '') +
    `  ${side.sessionKey}`;
  lines.push(sideLine('A', r.a), sideLine('B', r.b));
  lines.push(
    r.mode === 'same-session'
      ? 'one session at two points: steps matched by event id'
      : 'two sessions: steps aligned by kind and subject (tool, job, path, gate…)',
  );
  lines.push(
    `nodes: +${s.nodes.added} −${s.nodes.removed} ~${s.nodes.changed}   edges: +${s.edges.added} −${s.edges.removed}   ` +
      `verdict flips: ${s.verdictFlips}   corrections: +${s.corrections.added} −${s.corrections.removed}`,
  );
  lines.push(
    `steps: ${s.steps.same} unchanged, ${s.steps.changed} changed, ${s.steps.added} added, ${s.steps.removed} removed` +
      (r.steps.approximate
        ? ' (approximate: too many differences to align exactly in time; paired greedily)'
        : ''),
  );

  lines.push('', 'Steps:');
  for (const block of r.steps.blocks) {
    if (block.type === 'row') lines.push(rowLine(block.row));
    else
      lines.push(
        `  … ${block.count} unchanged steps (seq ${range(block.rows, 'a')}${r.mode === 'two-sessions' ? ` | ${range(block.rows, 'b')}` : ''})`,
      );
  }
  if (r.steps.rowsNotListed) lines.push(`  … ${r.steps.rowsNotListed} more rows not listed`);

  if (r.verdictFlips.length) {
    lines.push('', 'Verdict flips:');
    for (const f of r.verdictFlips) lines.push(`  ${f.subject} ${f.label}: ${f.before} → ${f.after}`);
  }
  if (r.corrections.length) {
    lines.push('', 'Corrections:');
    for (const c of r.corrections)
      lines.push(
        `  ${c.change === 'added' ? '+' : '-'} ${c.correctionId} on ${c.node?.label ?? c.eventId}: ${c.fields.join(', ')}` +
          (c.reason ? ` (${c.reason})` : ''),
      );
  }
  if (r.nodes.length) {
    lines.push('', 'Nodes:');
    for (const n of r.nodes) {
      const mark = n.change === 'added' ? '+' : n.change === 'removed' ? '-' : '~';
      const detail = n.fields.map((f) => `${f.field} ${f.before ?? '—'} → ${f.after ?? '—'}`).join('; ');
      const node = (n.b ?? n.a)!;
      lines.push(
        `  ${mark} ${n.kind} ${node.label}${node.missing ? ' (missing)' : ''}${detail ? `: ${detail}` : ''}`,
      );
    }
    if (r.notListed.nodes) lines.push(`  … ${r.notListed.nodes} more`);
  }
  if (r.edges.length) {
    lines.push('', 'Edges:');
    for (const e of r.edges)
      lines.push(
        `  ${e.change === 'added' ? '+' : '-'} ${e.source.label} → ${e.target.label} (${e.reasons.join(', ')})`,
      );
    if (r.notListed.edges) lines.push(`  … ${r.notListed.edges} more`);
  }
  return lines.join('\n');
}
