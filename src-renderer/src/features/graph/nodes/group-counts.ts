/** What the members of a group node amount to, by kind: the figures its node and detail show. */
import type { LineageNode, LineageNodeKind } from '../../../../../src-shared/lineage/types';
import { jobStatusTone, verdictTone } from '../node-data';

export const KIND_PLURAL: Record<LineageNodeKind, string> = {
  session: 'Sessions',
  tool_call: 'Tool calls',
  job: 'Jobs',
  artifact: 'Artifacts',
  verification: 'Verdicts',
  validation: 'Validations',
  subagent: 'Subagents',
  child_session: 'Child sessions',
  event: 'Events',
};

/** What a group's members amount to, as a few counts ("12 refuted", "3 missing"). */
export function groupCounts(
  kind: LineageNodeKind,
  members: readonly (LineageNode | undefined)[],
): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
  for (const n of members) {
    if (!n) continue;
    if (n.missing) add('missing');
    if (n.stale) add('stale');
    if (n.corrections.length) add('corrected');
    if (kind === 'verification')
      add(verdictTone(typeof n.data['verdict'] === 'string' ? n.data['verdict'] : null));
    else if (kind === 'job') {
      const tone = jobStatusTone(typeof n.data['status'] === 'string' ? n.data['status'] : null);
      add(
        tone === 'verified'
          ? 'done'
          : tone === 'refuted'
            ? 'failed'
            : tone === 'accent'
              ? 'running'
              : 'other',
      );
    } else if (kind === 'subagent' && n.data['success'] === false) add('failed');
  }
  return counts;
}
