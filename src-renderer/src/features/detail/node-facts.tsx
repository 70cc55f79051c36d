/** The facts worth reading for each node kind, in the order a reader asks for them. */
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { formatBytes, formatCost, formatCount, formatDuration, shortModel } from '../../shared/format';
import {
  artifactData,
  childSessionData,
  jobData,
  jobStatusTone,
  sessionData,
  subagentData,
  toolData,
  validationData,
  verdictTone,
  verificationData,
} from '../graph/node-data';
import { ChildLink } from '../graph/nodes/ChildLink';
import type { Fact } from './Facts';
import { NodeLink } from './NodeLink';

const mono = (v: string | null) => (v ? <span className="mono">{v}</span> : null);
const badge = (text: string | null, tone: string) =>
  text ? <span className={`badge tone-${tone}`}>{text}</span> : null;
const yesNo = (v: boolean | null) => (v === null ? null : v ? 'yes' : 'no');

export function nodeFacts(node: LineageNode): Fact[] {
  switch (node.kind) {
    case 'session': {
      const d = sessionData(node);
      return [
        ['model', d.model && <span title={d.model}>{shortModel(d.model)}</span>],
        ['state', d.ended ? `ended (${d.exitReason ?? 'no reason'})` : 'running — no session_end yet'],
        ['iterations', d.iterations],
        [
          'tokens',
          d.tokensIn !== null ? `${formatCount(d.tokensIn)} in / ${formatCount(d.tokensOut ?? 0)} out` : null,
        ],
        ['cost', d.costUsd !== null ? formatCost(d.costUsd) : null],
        ['wall time', d.wallSeconds !== null ? formatDuration(d.wallSeconds * 1000) : null],
      ];
    }
    case 'tool_call': {
      const d = toolData(node);
      return [
        ['tool', mono(d.toolName)],
        [
          'result',
          !d.hasResult
            ? badge('pending', 'accent')
            : d.success === false
              ? badge('failed', 'refuted')
              : badge('ok', 'verified'),
        ],
        ['duration', d.durationMs !== null ? formatDuration(d.durationMs) : null],
        ['cost', d.costUsd !== null ? formatCost(d.costUsd) : null],
        ['model', d.model],
        ['actor', d.actor],
        ['job', d.jobId && <NodeLink id={`job:${d.jobId}`} label={d.jobId} />],
        ['tool_call_id', mono(d.toolCallId)],
        ['error', d.error && <span className="text-refuted">{d.error}</span>],
        ['call', node.missing ? <span className="text-refuted">result without its call</span> : null],
      ];
    }
    case 'job': {
      const d = jobData(node);
      return [
        ['status', badge(d.status ?? 'unknown', jobStatusTone(d.status))],
        ['launches', formatCount(d.launchCount)],
        ['status events', formatCount(d.statusCount)],
        ['cost', formatCost(d.costUsd)],
        ['cluster down', d.clusterDown ? `${d.clusterDown} time(s)` : null],
        [
          'expected',
          d.expectedArtifacts.length ? (
            <NewestOf count={d.expectedCount} listed={d.expectedArtifacts} testId="job-expected" />
          ) : null,
        ],
        ['inferred', d.inferred ? 'only referenced; no launch or status event' : null],
      ];
    }
    case 'artifact': {
      const d = artifactData(node);
      if (d.missingCount !== null)
        return [
          ['state', badge(`${formatCount(d.missingCount)} expected, never produced`, 'refuted')],
          ['job', d.jobId && <NodeLink id={`job:${d.jobId}`} label={d.jobId} />],
          [
            'patterns',
            <NewestOf count={d.missingCount} listed={d.missingPatterns} testId="missing-patterns" />,
          ],
        ];
      return [
        ['path', mono(d.path)],
        ['state', node.missing ? badge('expected, never produced', 'refuted') : null],
        ['size', d.sizeBytes !== null ? `${formatBytes(d.sizeBytes)} (${formatCount(d.sizeBytes)} B)` : null],
        ['type', d.contentType],
        ['sha256', mono(d.sha256)],
        ['job', d.jobId && <NodeLink id={`job:${d.jobId}`} label={d.jobId} />],
        ['observed', d.observations !== null && d.observations > 1 ? `${d.observations} times` : null],
      ];
    }
    case 'verification': {
      const d = verificationData(node);
      return [
        ['verdict', badge(d.verdict ?? '?', verdictTone(d.verdict))],
        ['gate', d.gate],
        ['confidence', d.confidence],
        ['verifier', d.verifier],
        ['claim', d.claimKind],
        ['file', mono(d.filePath)],
        ['task', mono(d.taskId)],
        ['issues', d.issues || null],
        [
          'stale',
          node.stale ? (
            <span className="text-warning">given before a correction changed what it verified</span>
          ) : null,
        ],
      ];
    }
    case 'validation': {
      const d = validationData(node);
      return [
        ['verdict', badge(d.verdict ?? '?', d.verdict === 'passed' ? 'verified' : 'refuted')],
        ['subagent', mono(d.subagentName)],
        ['patterns', d.patterns],
        ['missing', d.missing || null],
      ];
    }
    case 'subagent': {
      const d = subagentData(node);
      return [
        ['name', mono(d.name)],
        [
          'state',
          !d.completed
            ? badge('running', 'accent')
            : d.success === false
              ? badge('failed', 'refuted')
              : badge('done', 'verified'),
        ],
        ['task', d.taskPreview],
        ['iterations', d.iterations],
        ['tokens', d.tokensUsed !== null ? formatCount(d.tokensUsed) : null],
        ['duration', d.durationSeconds !== null ? formatDuration(d.durationSeconds * 1000) : null],
        ['observations', d.observations || null],
        [
          'child',
          d.childSessionId && (
            <span className="inline-gap">
              <span className="mono">{d.childSessionId}</span>
              <ChildLink childSessionId={d.childSessionId} />
            </span>
          ),
        ],
        ['error', d.error && <span className="text-refuted">{d.error}</span>],
        [
          'spawn',
          node.missing ? <span className="text-refuted">completion without its spawn event</span> : null,
        ],
      ];
    }
    case 'child_session': {
      const d = childSessionData(node);
      return [
        ['session', mono(d.childSessionId)],
        ['on disk', yesNo(d.exists) ?? 'not checked'],
        ['open', <ChildLink key="link" childSessionId={d.childSessionId} />],
      ];
    }
    case 'event':
      return [
        ['kind', mono(node.label)],
        ['note', 'a kind this version does not interpret; shown as written'],
      ];
  }
}

/**
 * The newest of a long list and how many there are in all: a job's expected artifacts, or its
 * missing ones (a cluster job can expect tens of thousands; its node carries the newest 200).
 */
function NewestOf({ count, listed, testId }: { count: number; listed: string[]; testId: string }) {
  return (
    <span className="mono" data-testid={testId}>
      {count > listed.length && (
        <span className="faint">
          the newest {formatCount(listed.length)} of {formatCount(count)}:{' '}
        </span>
      )}
      {listed.join(', ')}
    </span>
  );
}
