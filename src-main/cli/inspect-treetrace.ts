/**
 * `inspect` for TreeTrace: a bundle (project folder, `.treetrace/`, tree.json, .zip/.tar.gz/.tgz)
 * gives one JSON object; a set (index.json, or a folder of bundles) one object per bundle. A
 * broken bundle still gives its object, with its problems listed; only a path that cannot be
 * opened at all (missing, unreadable, no bundle, an archive refused) is an error (exit 2).
 */
import { buildTreeTraceBundle } from '../../src-shared/formats/treetrace/build-bundle';
import {
  summarizeTreeTraceBundle,
  type TreeTraceSummary,
} from '../../src-shared/formats/treetrace/bundle-summary';
import type { TreeTraceBundle } from '../../src-shared/formats/treetrace/types';
import { openTreeTrace, type MissingBundle, type OpenedBundle } from '../services/treetrace/open-treetrace';

export type TreeTraceInspectJson = TreeTraceSummary & {
  /** Inside an archive: the bundle's folder in it. */
  archiveEntry?: string;
  /** The set the bundle belongs to: its index.json, or the folder scanned. */
  set?: string;
  /** A set member that is not where index.json says. */
  error?: string;
};

export type TreeTraceInspection =
  { ok: true; json: TreeTraceInspectJson[]; text: string } | { ok: false; message: string };

export async function inspectTreeTrace(target: string): Promise<TreeTraceInspection> {
  const result = await openTreeTrace(target);
  if (!result.ok) return { ok: false, message: result.error.message };
  const opened = result.value;
  if (opened.kind === 'bundle') {
    const json = bundleJson(opened);
    return { ok: true, json: [json], text: formatBundle(json, opened.bundle) };
  }
  const set = opened.indexPath ?? opened.path;
  const json: TreeTraceInspectJson[] = [];
  const texts: string[] = [
    `TreeTrace set ${set}${opened.archiveEntry ? ` (in the archive, at ${opened.archiveEntry || '/'})` : ''}: ${opened.members.length} bundle${opened.members.length === 1 ? '' : 's'}${opened.note ? ` — ${opened.note}` : ''}`,
  ];
  for (const member of opened.members) {
    const item = member.kind === 'bundle' ? bundleJson(member) : missingJson(member);
    item.set = set;
    json.push(item);
    texts.push(member.kind === 'bundle' ? formatBundle(item, member.bundle) : formatMissing(member));
  }
  return { ok: true, json, text: texts.join('\n\n') };
}

function bundleJson(opened: OpenedBundle): TreeTraceInspectJson {
  const json: TreeTraceInspectJson = summarizeTreeTraceBundle(opened.bundle, opened.path);
  if (opened.archiveEntry !== null) json.archiveEntry = opened.archiveEntry;
  return json;
}

function missingJson(member: MissingBundle): TreeTraceInspectJson {
  const json: TreeTraceInspectJson = summarizeTreeTraceBundle(
    buildTreeTraceBundle({ files: {} }),
    member.path,
  );
  json.error = `${member.label}: ${member.message}`;
  json.problems = [{ severity: 'error', file: null, message: json.error }];
  if (member.archiveEntry !== null) json.archiveEntry = member.archiveEntry;
  return json;
}

// ---------- the human form ----------

const SHOWN = 8;

function formatMissing(member: MissingBundle): string {
  return `TreeTrace bundle ${member.path}${member.archiveEntry !== null ? ` → ${member.archiveEntry}` : ''}\n  ✗ ${member.label}: ${member.message}`;
}

function formatBundle(s: TreeTraceInspectJson, bundle: TreeTraceBundle): string {
  const lines: string[] = [];
  lines.push(
    `TreeTrace bundle ${s.path}${s.archiveEntry !== undefined ? ` → ${s.archiveEntry || '/'}` : ''}`,
  );
  const about = [
    s.project ? `project ${s.project}` : null,
    `schema ${s.schemaVersion ?? '?'}`,
    `treetrace ${s.generatorVersion ?? '?'}`,
    s.generatedAt ? `generated ${s.generatedAt}` : null,
    s.sourceType,
  ].filter(Boolean);
  lines.push(`  ${about.join(' · ')}`);
  const errors = s.problems.filter((p) => p.severity === 'error');
  if (errors.length) lines.push(...errors.map((p) => `  ✗ ${p.message}`));
  for (const p of bundle.problems) if (p.code === 'generation-mismatch') lines.push(`  ⚠ ${p.message}`);
  const kinds = Object.entries(s.byKind)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  lines.push(
    `  nodes ${s.nodes}${kinds ? ` (${kinds})` : ''} · edges ${s.edges} · roots ${s.roots} · sessions ${s.sessions} · abandoned ${s.abandoned}`,
  );
  lines.push(
    `  correction chains ${s.correctionChains} · rejections ${s.rejections}${s.rejectionsLedger !== null ? ` (ledger ${s.rejectionsLedger})` : ''} · lessons ${s.lessons} · eval candidates ${s.evalCandidates} · hallucinations ${s.hallucinations} · failures ${s.failures}`,
  );
  lines.push(
    `  cycles ${s.cycles} · dangling refs ${s.danglingRefs}${s.otherDanglingRefs ? ` (+${s.otherDanglingRefs} other)` : ''} · forward parents ${s.forwardParents} · duplicate ids ${s.duplicateIds} · redaction markers ${s.redactionMarkers}`,
  );
  lines.push(
    `  files: ${Object.entries(s.files)
      .map(([name, status]) => `${name} ${status === 'ok' ? '✓' : status}`)
      .join(' · ')}`,
  );
  for (const cycle of bundle.cycles.slice(0, SHOWN)) {
    const keys = cycle.nodes.map((i) => bundle.nodes[i]!.key);
    lines.push(
      `  cycle: ${[...keys, keys[0]].join(' → ')} (broken at ${bundle.nodes[cycle.broken.child]!.key} → ${bundle.nodes[cycle.broken.parent]!.key})`,
    );
  }
  if (bundle.cycles.length > SHOWN) lines.push(`  … and ${bundle.cycles.length - SHOWN} more cycles`);
  for (const chain of bundle.correctionChains.slice(0, SHOWN)) {
    const end = chain.resolvedNodeId ?? 'unresolved';
    lines.push(
      `  chain ${chain.id ?? `#${chain.index}`} (${chain.failureType ?? '?'}, ${chain.confidence ?? '?'}): ${chain.failureNodeId ?? '?'} → ${chain.correctionNodeId ?? '?'} → ${end}`,
    );
  }
  if (bundle.correctionChains.length > SHOWN)
    lines.push(`  … and ${bundle.correctionChains.length - SHOWN} more chains`);
  const shown = bundle.danglingRefs.filter((d) => d.counted).slice(0, SHOWN);
  for (const d of shown) lines.push(`  dangling: ${d.owner} ${d.field} → ${d.ref}`);
  if (s.danglingRefs > shown.length)
    lines.push(`  … and ${s.danglingRefs - shown.length} more dangling refs`);
  const SHOWN_ELSEWHERE = new Set(['parent-cycle', 'generation-mismatch', 'dangling-ref']);
  const others = bundle.problems.filter((p) => p.severity !== 'error' && !SHOWN_ELSEWHERE.has(p.code));
  for (const p of others.slice(0, SHOWN))
    lines.push(
      `  ${p.severity === 'warning' ? '⚠' : '·'} ${p.file ? `${p.file}${p.line ? `:${p.line}` : ''}: ` : ''}${p.message.replace(/^[\w.-]+: /, '')}`,
    );
  if (others.length > SHOWN) lines.push(`  … and ${others.length - SHOWN} more problems`);
  return lines.join('\n');
}
