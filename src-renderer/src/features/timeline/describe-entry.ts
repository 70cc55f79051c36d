/** How one timeline row reads: a label, a tone, and a short detail, from the event and its node. */
import type { TimelineEntry } from '../../../../src-shared/bridge/contract';
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { jobData, jobStatusTone, toolData, verdictTone, verificationData } from '../graph/node-data';

export interface RowText {
  label: string;
  detail: string | null;
  tone: string;
}

export function describeEntry(e: TimelineEntry, node: LineageNode | undefined): RowText {
  if (!node)
    return {
      label: e.kind === 'correction' ? 'correction' : '—',
      detail: null,
      tone: e.kind === 'correction' ? 'warning' : 'muted',
    };
  switch (node.kind) {
    case 'tool_call': {
      const d = toolData(node);
      if (e.kind === 'tool_result') {
        const failed = d.success === false;
        return {
          label: `${d.toolName} ${failed ? '✗' : '✓'}`,
          detail: d.error,
          tone: failed ? 'refuted' : 'muted',
        };
      }
      return { label: d.toolName, detail: d.jobId ? `→ job ${d.jobId}` : null, tone: 'neutral' };
    }
    case 'job': {
      const d = jobData(node);
      const status = d.statusHistory.find((s) => s.eventId === e.eventId);
      if (status)
        return {
          label: `${d.jobId}  ${status.status ?? '?'}`,
          detail: status.skyStatusRaw,
          tone: jobStatusTone(status.status),
        };
      return {
        label: d.jobId,
        detail: e.kind === 'compute_job_launched' ? 'launched' : null,
        tone: 'neutral',
      };
    }
    case 'verification': {
      const d = verificationData(node);
      return {
        label: `${d.gate ?? '?'}: ${d.verdict ?? '?'}`,
        detail: d.filePath,
        tone: verdictTone(d.verdict),
      };
    }
    case 'artifact':
      return { label: node.label, detail: null, tone: node.missing ? 'refuted' : 'neutral' };
    default:
      return { label: node.label, detail: null, tone: 'neutral' };
  }
}
