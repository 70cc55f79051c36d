/**
 * What a step (one event) means, independent of the ids a run happens to generate: two sessions
 * of the same task have different tool_call_ids and event ids, but "a bash call", "the launch of
 * job brca1-analysis" or "the data gate's verdict on results/fit.csv" match across them.
 *
 * - `signature` decides which steps pair up when two logs are aligned (kind and the field that
 *   names what the step is about: tool name, job id, path, gate and target, subagent name);
 * - `outcome` is what may differ between paired steps (a verdict, a status, success) — a pair
 *   with different outcomes is shown as changed, not as one removed and one added.
 */
import type { EventView } from '../../formats/sciagent/session-log';
import { obj, str } from '../../formats/sciagent/types';

export interface StepMeaning {
  signature: string;
  outcome: string;
  label: string;
}

const part = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
};

/** The subject of a verdict: the file it checked, else the job, else the task. */
export function verdictTarget(body: Record<string, unknown>): string {
  const claim = obj(body['claim']);
  const file = claim ? str(claim['file_path']) : null;
  if (file) return `file ${file}`;
  const job = str(body['job_id']) ?? (claim ? str(claim['job_id']) : null);
  if (job) return `job ${job}`;
  const task = str(body['task_id']);
  return task ? `task ${task}` : 'session';
}

export function stepMeaning(view: EventView): StepMeaning {
  const kind = view.event.kind;
  const b = view.body;
  switch (kind) {
    case 'tool_call':
    case 'tool_result': {
      const tool = str(b['tool_name']) ?? '?';
      const outcome = kind === 'tool_result' ? part(b['success']) : '';
      const failed = kind === 'tool_result' && b['success'] === false ? ' (failed)' : '';
      return { signature: `${kind}|${tool}`, outcome, label: `${kind} ${tool}${failed}` };
    }
    case 'compute_job_launched': {
      const job = str(b['job_id']) ?? '?';
      const mode = str(b['mode']);
      return {
        signature: `${kind}|${job}|${mode ?? ''}`,
        outcome: '',
        label: `${kind} ${job}${mode ? ` (${mode})` : ''}`,
      };
    }
    case 'compute_job_status_changed': {
      const job = str(b['job_id']) ?? '?';
      const status = str(b['status']);
      return {
        signature: `${kind}|${job}`,
        outcome: part(status),
        label: `${kind} ${job}: ${status ?? '?'}`,
      };
    }
    case 'compute_cluster_down':
    case 'compute_cost_observed': {
      const cluster = str(b['cluster_name']) ?? str(b['job_id']) ?? '?';
      return { signature: `${kind}|${cluster}`, outcome: '', label: `${kind} ${cluster}` };
    }
    case 'artifact_produced': {
      const path = str(b['path']) ?? '?';
      return { signature: `${kind}|${path}`, outcome: '', label: `${kind} ${path}` };
    }
    case 'verification_result': {
      const gate = str(b['gate']) ?? '?';
      const verdict = str(b['verdict']);
      const target = verdictTarget(b);
      return {
        signature: `${kind}|${gate}|${target}`,
        outcome: part(verdict),
        label: `${kind} ${gate} on ${target}: ${verdict ?? '?'}`,
      };
    }
    case 'produces_validation_passed':
    case 'produces_validation_failed': {
      // Passed and failed pair up: a validation that now fails is a change, not two steps.
      const name = str(b['subagent_name']) ?? '?';
      const verdict = kind === 'produces_validation_passed' ? 'passed' : 'failed';
      return {
        signature: `produces_validation|${name}`,
        outcome: verdict,
        label: `produces_validation ${name}: ${verdict}`,
      };
    }
    case 'subagent_spawned':
    case 'subagent_observation': {
      const name = str(b['subagent_name']) ?? '?';
      return { signature: `${kind}|${name}`, outcome: '', label: `${kind} ${name}` };
    }
    case 'subagent_completed': {
      const name = str(b['subagent_name']) ?? '?';
      const failed = b['success'] === false ? ' (failed)' : '';
      return { signature: `${kind}|${name}`, outcome: part(b['success']), label: `${kind} ${name}${failed}` };
    }
    case 'session_end': {
      const exit = str(b['exit_reason']);
      return { signature: kind, outcome: part(exit), label: `${kind}${exit ? ` (${exit})` : ''}` };
    }
    case 'correction': {
      const replacement = obj(b['replacement']);
      const fields = replacement ? Object.keys(replacement).sort().join(',') : '';
      return { signature: `${kind}|${fields}`, outcome: '', label: `${kind} of ${fields || '?'}` };
    }
    default:
      return { signature: kind, outcome: '', label: kind };
  }
}
