/**
 * The spec's semantic rules that need only the ledger's text (no file reads):
 * - CT-PROV-04: an agent's edit (edit_* and file_*) without `preflight.ok === true` is rejected;
 * - CT-PROV-05: a binary diff needs `artifact_impacts` with a non-empty `summary` for every file;
 * - CT-PROV-07: a merge records `left`, `right`, `base` and `policy`, and is followed by a
 *   post-merge snapshot and bookmark (on the merge, or before the next change on its lane);
 * - event-offset: a snapshot's `event_offset` lies within the ledger (0 … number of events);
 * - path-escape: a `diff_path` or `tar_uri` stays inside the ledger folder.
 */
import { normaliseLedgerPath, normaliseTarUri, treePath } from './ledger-path';
import type { Timeline } from './timeline';
import {
  EDIT_ACTIONS,
  EVENTS_FILE,
  isObject,
  type LedgerEvent,
  type LedgerRule,
  type LedgerSnapshot,
  type LedgerViolation,
} from './types';

const MERGE_FIELDS = ['left', 'right', 'base', 'policy'] as const;

export function checkSemanticRules(timeline: Timeline): LedgerViolation[] {
  const out: LedgerViolation[] = [];
  const at = (e: LedgerEvent, rule: LedgerRule, message: string, field: string | null) =>
    out.push({ eventId: e.id, rule, message, file: EVENTS_FILE, line: e.line, eventIndex: e.index, field });

  for (const e of timeline.events) {
    const r = e.record;
    if (e.author?.kind === 'agent' && e.actionType !== null && EDIT_ACTIONS.includes(e.actionType)) {
      const preflight = r['preflight'];
      const ok = isObject(preflight) ? preflight['ok'] : undefined;
      if (ok !== true)
        at(
          e,
          'CT-PROV-04',
          `agent edit (${e.actionType}) rejected: ${
            !isObject(preflight)
              ? 'no preflight recorded'
              : `preflight.ok is ${JSON.stringify(ok) ?? 'missing'}`
          }, it must be true`,
          '/preflight/ok',
        );
    }

    if (r['diff_mode'] === 'binary') {
      const impacts = r['artifact_impacts'];
      if (!Array.isArray(impacts) || impacts.length === 0)
        at(
          e,
          'CT-PROV-05',
          'binary diff without artifact_impacts[].summary: no artifact_impacts',
          '/artifact_impacts',
        );
      else {
        impacts.forEach((impact: unknown, i) => {
          const summary = isObject(impact) ? impact['summary'] : undefined;
          if (typeof summary !== 'string' || summary.trim() === '')
            at(
              e,
              'CT-PROV-05',
              `binary diff without artifact_impacts[].summary: artifact_impacts[${i}]${
                isObject(impact) && typeof impact['path'] === 'string' ? ` (${impact['path']})` : ''
              } has ${summary === undefined ? 'no summary' : 'an empty or non-text summary'}`,
              `/artifact_impacts/${i}/summary`,
            );
        });
        const described = new Set(
          impacts
            .filter(isObject)
            .flatMap((i) => (typeof i['path'] === 'string' ? [treePath(i['path'])] : [])),
        );
        for (const file of e.files)
          if (!described.has(treePath(file)))
            at(
              e,
              'CT-PROV-05',
              `binary diff without artifact_impacts[].summary for ${file}: no impact names it`,
              '/artifact_impacts',
            );
      }
    }

    if (e.diffPath !== null) {
      const p = normaliseLedgerPath(e.diffPath);
      if (p.kind === 'escape')
        at(
          e,
          'path-escape',
          `diff_path ${JSON.stringify(e.diffPath)} ${p.reason}: it must stay inside the ledger folder`,
          '/diff_path',
        );
    }
  }

  for (const m of timeline.merges) {
    const e = timeline.events[m.eventIndex]!;
    const missing = MERGE_FIELDS.filter((f) => typeof e.record[f] !== 'string' || e.record[f] === '');
    if (missing.length)
      at(
        e,
        'CT-PROV-07',
        `merge does not record ${missing.join(', ')} (a merge records left, right, base and policy)`,
        null,
      );
    if (m.postMergeSnapshot === null)
      at(
        e,
        'CT-PROV-07',
        'merge is not followed by a post-merge snapshot (a manifest on the merge or right after it)',
        'snapshot_ref',
      );
    if (m.postMergeBookmark === null)
      at(e, 'CT-PROV-07', 'merge is not followed by a post-merge bookmark', 'bookmark');
  }

  for (const s of timeline.snapshots) {
    const where = (rule: LedgerRule, message: string, field: string) =>
      out.push(snapshotViolation(s, rule, message, field));
    if (s.tarUri !== null) {
      const p = normaliseTarUri(s.tarUri);
      if (p.kind === 'escape')
        where(
          'path-escape',
          `tar_uri ${JSON.stringify(s.tarUri)} ${p.reason}: it must stay inside the ledger folder`,
          '/tar_uri',
        );
    }
    const offset = s.record['event_offset'];
    if (
      typeof offset === 'number' &&
      Number.isInteger(offset) &&
      (offset < 0 || offset > timeline.events.length)
    )
      where(
        'event-offset',
        `event_offset ${offset} lies outside the ledger, which holds ${timeline.events.length} events (0 … ${timeline.events.length})`,
        '/event_offset',
      );
  }
  return out;
}

export function snapshotViolation(
  s: LedgerSnapshot,
  rule: LedgerRule,
  message: string,
  field: string | null,
): LedgerViolation {
  return {
    eventId: s.baseEventId,
    rule,
    message: `${s.file}: ${message}`,
    file: s.file,
    line: null,
    eventIndex: s.eventIndex !== null && s.eventIndex >= 0 ? s.eventIndex : null,
    snapshotId: s.id,
    field,
  };
}
