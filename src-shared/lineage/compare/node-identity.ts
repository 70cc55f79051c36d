/**
 * Which node of one graph is "the same" as a node of the other.
 *
 * One log at two seqs: node ids are already stable (a tool call's id, a job id, a path, an event
 * id), so the key is the node id.
 *
 * Two logs: ids a run generates (tool_call_id, event_id, child session ids) differ between runs,
 * so nodes are matched by what they mean:
 *   session                 → `session`
 *   job                     → `job:<job_id>` (job ids name the work: a cluster, a managed job)
 *   artifact, expected one  → its path (`artifact:<path>`, `expected:<job>:<pattern>`)
 *   tool call               → `tool:<tool name>#<n>`, the n-th call of that tool in seq order
 *   verification            → `verification:<gate> on <file|job|task>#<n>`
 *   produces-validation     → `validation:<subagent name>#<n>`
 *   subagent                → `subagent:<name>#<n>`; its child session → `child:<subagent key>`
 *   any other event         → `event:<kind>#<n>`
 */
import type { LineageEdge, LineageNode } from '../types';
import type { CompareMode } from './compare-types';

export type NodeKeys = Map<string, string>;

export function nodeKeys(
  nodes: ReadonlyMap<string, LineageNode>,
  edges: ReadonlyMap<string, LineageEdge>,
  mode: CompareMode,
): NodeKeys {
  const keys: NodeKeys = new Map();
  if (mode === 'same-session') {
    for (const id of nodes.keys()) keys.set(id, id);
    return keys;
  }
  const incoming = new Map<string, string[]>();
  for (const e of edges.values()) {
    const list = incoming.get(e.target);
    if (list) list.push(e.source);
    else incoming.set(e.target, [e.source]);
  }
  const ordered = [...nodes.values()].sort(
    (x, y) =>
      (x.seq ?? Number.POSITIVE_INFINITY) - (y.seq ?? Number.POSITIVE_INFINITY) || (x.id < y.id ? -1 : 1),
  );
  const seen = new Map<string, number>();
  const numbered = (base: string) => {
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${base}#${n}`;
  };
  const children: LineageNode[] = [];
  for (const node of ordered) {
    switch (node.kind) {
      case 'session':
        keys.set(node.id, 'session');
        break;
      case 'job':
      case 'artifact':
        keys.set(node.id, node.id);
        break;
      case 'tool_call':
        keys.set(node.id, numbered(`tool:${node.label}`));
        break;
      case 'verification':
        keys.set(
          node.id,
          numbered(`verification:${String(node.data['gate'] ?? '?')} on ${verdictSubject(node, incoming)}`),
        );
        break;
      case 'validation':
        keys.set(node.id, numbered(`validation:${String(node.data['subagentName'] ?? '?')}`));
        break;
      case 'subagent':
        keys.set(node.id, numbered(`subagent:${node.label}`));
        break;
      case 'child_session':
        children.push(node);
        break;
      case 'event':
        keys.set(node.id, numbered(`event:${node.label}`));
        break;
    }
  }
  // A child session is named by its subagent (its own id is random per run).
  for (const child of children) {
    const parent = (incoming.get(child.id) ?? []).map((p) => keys.get(p)).find((k) => k !== undefined);
    keys.set(child.id, parent ? `child:${parent}` : numbered('child:?'));
  }
  return keys;
}

/** What a verdict node is about, named stably: the file, the job, the task, or the session. */
function verdictSubject(node: LineageNode, incoming: Map<string, string[]>): string {
  const file = node.data['filePath'];
  if (typeof file === 'string') return `file ${file}`;
  const job = (incoming.get(node.id) ?? []).find((s) => s.startsWith('job:'));
  if (job) return job.replace(':', ' ');
  const task = node.data['taskId'];
  return typeof task === 'string' ? `task ${task}` : 'session';
}
