/**
 * Which lineage node an event belongs to, decided from its corrected view. A correction that
 * changes a linking field (job_id, path, tool_call_id…) moves the event to another node.
 */
import type { EventView } from '../../formats/sciagent/session-log';
import { str } from '../../formats/sciagent/types';

export const nodeIds = {
  session: (sessionId: string) => `session:${sessionId}`,
  tool: (toolCallId: string) => `tool:${toolCallId}`,
  job: (jobId: string) => `job:${jobId}`,
  artifact: (path: string) => `artifact:${path}`,
  expected: (jobId: string, pattern: string) => `expected:${jobId}:${pattern}`,
  /** All of a job's missing expected artifacts, past build-nodes' MAX_MISSING_NODES. */
  expectedMissing: (jobId: string) => `expected-missing:${jobId}`,
  verification: (eventId: string) => `verification:${eventId}`,
  validation: (eventId: string) => `validation:${eventId}`,
  subagent: (spawnEventId: string) => `subagent:${spawnEventId}`,
  childSession: (sessionId: string) => `child:${sessionId}`,
  event: (eventId: string) => `event:${eventId}`,
};

/** Returns the node the event is a member of, or null when it makes no node (corrections). */
export function membershipOf(view: EventView, sessionId: string): string | null {
  const { body, event } = view;
  const id = event.eventId;
  switch (event.kind) {
    case 'tool_call':
    case 'tool_result': {
      const callId = str(body['tool_call_id']);
      return callId !== null ? nodeIds.tool(callId) : nodeIds.tool(`event:${id}`);
    }
    case 'compute_job_launched':
    case 'compute_job_status_changed': {
      const jobId = str(body['job_id']);
      return jobId !== null ? nodeIds.job(jobId) : nodeIds.event(id);
    }
    case 'compute_cluster_down':
    case 'compute_cost_observed': {
      // Cluster mode: the job_id is the cluster name.
      const cluster = str(body['cluster_name']) ?? str(body['job_id']);
      return cluster !== null ? nodeIds.job(cluster) : nodeIds.event(id);
    }
    case 'artifact_produced': {
      const path = str(body['path']);
      return path !== null ? nodeIds.artifact(path) : nodeIds.artifact(`event:${id}`);
    }
    case 'verification_result':
      return nodeIds.verification(id);
    case 'produces_validation_passed':
    case 'produces_validation_failed':
      return nodeIds.validation(id);
    case 'subagent_spawned':
      return nodeIds.subagent(id);
    case 'subagent_completed':
      return nodeIds.subagent(str(body['spawn_event_id']) ?? id);
    case 'subagent_observation':
      // Attached by name and seq in the builder (SubagentAttachments); alone, it is an event.
      return nodeIds.event(id);
    case 'session_end':
      return nodeIds.session(sessionId);
    case 'correction':
      return null;
    default:
      return nodeIds.event(id);
  }
}
