/**
 * What the CLI prints for a ledger: the `inspect` and `diff` JSON objects and their readable
 * forms. Pure, so `serve` and tests can produce the same objects.
 */
import type { BookmarkDiff, FileDiff } from './bookmark-diff';
import type { ReplayCheck } from './replay';
import type { LedgerModel, LedgerViolation } from './types';

/** How many violations the readable `inspect` block lists (the JSON has all). */
const READABLE_MAX_VIOLATIONS = 20;

export function ledgerInspectJson(model: LedgerModel, path: string, checks: readonly ReplayCheck[]) {
  const byRule: Record<string, number> = {};
  for (const v of model.violations) byRule[v.rule] = (byRule[v.rule] ?? 0) + 1;
  const replay = { verified: 0, diverged: 0, unverifiable: 0 };
  for (const c of checks) replay[c.status] += 1;
  return {
    source: 'change-ledger',
    path,
    events: model.events.length,
    snapshots: model.snapshots.length,
    bookmarks: model.bookmarks.length,
    violations: model.violations.map((v) => ({
      eventId: v.eventId,
      rule: v.rule,
      message: v.message,
      file: v.file,
      line: v.line,
      ...(v.snapshotId !== undefined ? { snapshotId: v.snapshotId } : {}),
      field: v.field ?? null,
    })),
    byRule,
    parseErrors: model.violations.filter((v) => v.rule === 'parse-error').length,
    bookmarkList: model.bookmarks.map((b) => ({ name: b.name, eventId: b.eventId, lane: b.lane })),
    snapshotList: model.snapshots.map((s) => ({
      id: s.id,
      file: s.file,
      eventId: s.eventIndex !== null && s.eventIndex >= 0 ? (model.events[s.eventIndex]?.id ?? null) : null,
      eventOffset: s.eventOffset,
      hashes: Object.keys(s.hashes).length,
    })),
    lanes: model.lanes.map((l) => ({
      name: l.name,
      events: l.events,
      openedBy: l.openedBy,
      forkEventKey: l.forkKey,
      mergedInto: l.mergedInto.map((m) => m.mergeKey),
    })),
    merges: model.merges.map((m) => ({
      eventKey: m.eventKey,
      left: m.left.raw,
      right: m.right.raw,
      base: m.base.raw,
      policy: m.policy,
      joins: m.joins,
      postMergeSnapshot: m.postMergeSnapshot,
      postMergeBookmark: m.postMergeBookmark,
    })),
    rollups: model.rollups.map((r) => ({
      eventKey: r.eventKey,
      operationId: r.operationId,
      rawEvents: r.rawEventKeys,
    })),
    replay,
  };
}

export function formatLedgerInspect(
  model: LedgerModel,
  path: string,
  checks: readonly ReplayCheck[],
): string {
  const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const name = (key: string | null) => key ?? 'the start';
  const lines = [`change ledger ${path}`];
  lines.push(
    `  ${n(model.events.length, 'event')}, ${n(model.snapshots.length, 'snapshot')}, ${n(model.bookmarks.length, 'bookmark')}, ` +
      `${n(model.lanes.length, 'lane')}, ${n(model.merges.length, 'merge')}, ${n(model.rollups.length, 'rollup')}`,
  );
  if (model.lanes.length > 1)
    lines.push(
      `  lanes: ${model.lanes
        .map((l) => {
          const parts = [n(l.events, 'event')];
          if (l.forkKey !== null) parts.push(`from ${l.forkKey}`);
          if (l.mergedInto.length) parts.push(`merged at ${l.mergedInto.map((m) => m.mergeKey).join(', ')}`);
          return `${l.name} (${parts.join(', ')})`;
        })
        .join('; ')}`,
    );
  if (model.bookmarks.length)
    lines.push(`  bookmarks: ${model.bookmarks.map((b) => `${b.name} @ ${b.eventKey}`).join(', ')}`);
  if (model.snapshots.length)
    lines.push(
      `  snapshots: ${model.snapshots
        .map(
          (s) =>
            `${s.id ?? s.file} @ ${s.eventIndex === null ? 'nowhere' : name(model.events[s.eventIndex]?.key ?? null)}`,
        )
        .join(', ')}`,
    );
  if (checks.length) {
    const count = (status: ReplayCheck['status']) => checks.filter((c) => c.status === status).length;
    lines.push(
      `  replay (CT-PROV-01): ${count('verified')} verified, ${count('diverged')} diverged, ${count('unverifiable')} unverifiable`,
    );
  }
  const v = model.violations;
  lines.push(v.length ? `  violations (${v.length}):` : '  no violations');
  for (const item of v.slice(0, READABLE_MAX_VIOLATIONS)) lines.push(`    ${formatViolation(item)}`);
  if (v.length > READABLE_MAX_VIOLATIONS)
    lines.push(`    … and ${v.length - READABLE_MAX_VIOLATIONS} more (use --json)`);
  return lines.join('\n');
}

/** `line 4 (evt-4): CT-PROV-04 — agent edit …` */
export function formatViolation(v: LedgerViolation): string {
  const where = v.line !== null ? `line ${v.line}` : v.file;
  const event = v.eventId !== null ? ` (${v.eventId})` : '';
  return `${where}${event}: ${v.rule} — ${v.message}`;
}

export function bookmarkDiffJson(diff: BookmarkDiff) {
  return {
    from: diff.from.name,
    to: diff.to.name,
    fromEvent: diff.from.eventId,
    toEvent: diff.to.eventId,
    reversed: diff.reversed,
    events: diff.events.map((e) => ({ id: e.eventId, actionType: e.actionType, counted: e.counted })),
    files: diff.files.map(fileJson),
    added: diff.added,
    removed: diff.removed,
  };
}

function fileJson(f: FileDiff) {
  return {
    path: f.path,
    added: f.added,
    removed: f.removed,
    ...(f.oldPath !== null ? { oldPath: f.oldPath } : {}),
    binary: f.binary,
    created: f.created,
    deleted: f.deleted,
    events: f.steps.map((s) => s.eventId ?? s.eventKey),
    ...(f.impacts.length
      ? {
          impacts: f.impacts.map((i) => ({
            eventId: i.eventId,
            summary: i.summary,
            hashBefore: i.hashBefore,
            hashAfter: i.hashAfter,
            bytesChanged: i.bytesChanged,
          })),
        }
      : {}),
    ...(f.net ? { net: { added: f.net.added, removed: f.net.removed } } : {}),
    ...(f.replay.from || f.replay.to
      ? {
          replay: {
            ...(f.replay.from ? { from: checkJson(f.replay.from) } : {}),
            ...(f.replay.to ? { to: checkJson(f.replay.to) } : {}),
          },
        }
      : {}),
    ...(f.steps.some((s) => s.note)
      ? { notes: f.steps.flatMap((s) => (s.note ? [`${s.eventId ?? s.eventKey}: ${s.note}`] : [])) }
      : {}),
  };
}

function checkJson(c: ReplayCheck) {
  return {
    status: c.status,
    snapshotId: c.snapshotId,
    expected: c.expected,
    actual: c.actual,
    reason: c.reason,
  };
}

export function formatBookmarkDiff(diff: BookmarkDiff): string {
  const counted = diff.events.filter((e) => e.counted);
  const skipped = diff.events.filter((e) => !e.counted);
  const label = (e: { name: string; eventId: string | null }) =>
    e.eventId && e.eventId !== e.name ? `${e.name} (${e.eventId})` : e.name;
  const head =
    `diff ${label(diff.from)} → ${label(diff.to)}${diff.reversed ? ' (undoing)' : ''}: ` +
    `${diff.files.length} file${diff.files.length === 1 ? '' : 's'}, +${diff.added} −${diff.removed}, ` +
    `${counted.length} event${counted.length === 1 ? '' : 's'}` +
    (counted.length ? ` (${counted.map((e) => e.eventId ?? e.eventKey).join(', ')})` : '') +
    (skipped.length
      ? `; not counted: ${skipped.map((e) => `${e.eventId ?? e.eventKey} (${e.note})`).join(', ')}`
      : '');
  const width = Math.max(0, ...diff.files.map((f) => `+${f.added}`.length));
  const lines = [head];
  for (const f of diff.files) {
    const tags: string[] = [];
    if (f.created) tags.push('created');
    if (f.deleted) tags.push('deleted');
    if (f.oldPath) tags.push(`from ${f.oldPath}`);
    if (f.net && (f.net.added !== f.added || f.net.removed !== f.removed))
      tags.push(`net +${f.net.added} −${f.net.removed}`);
    const replay = f.replay.to ?? f.replay.from;
    if (replay)
      tags.push(`replay ${replay.status}${replay.status === 'diverged' ? ' (replay_divergence)' : ''}`);
    const counts = f.binary
      ? 'binary'.padEnd(width + 4)
      : `${`+${f.added}`.padStart(width)} −${f.removed}`.padEnd(width + 4);
    lines.push(`  ${counts}  ${f.path}${tags.length ? `  (${tags.join(', ')})` : ''}`);
    for (const i of f.impacts)
      lines.push(
        `      ${i.summary ?? '(no summary)'} · ${i.hashBefore ?? '∅'} → ${i.hashAfter ?? '∅'}` +
          (i.bytesChanged !== null ? ` · ${i.bytesChanged} bytes changed` : ''),
      );
    for (const s of f.steps) if (s.note) lines.push(`      ${s.eventId ?? s.eventKey}: ${s.note}`);
  }
  return lines.join('\n');
}
