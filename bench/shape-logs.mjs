/**
 * Sciagent logs of unusual shapes, for the bench's scaling check (shapes-scenario.mjs): each is
 * mostly tool calls, plus one pattern repeated as the log grows — the kinds of session a reviewer
 * may open that the generator's mix never writes (many subagents, long derivation chains, one job
 * expecting thousands of files that never appear, corrections…). What a shape costs per event
 * should not grow with the log: each is read at two sizes and the times compared. Two were
 * quadratic when this was written (a cluster job's missing expected artifacts; one event
 * corrected thousands of times). Deterministic; small lines (the read's per-event work, not its
 * bytes, is what is looked at).
 */
import { writeFileSync } from 'node:fs';

const SESSION = 'shape0000001';
const T0 = Date.parse('2026-06-08T20:09:12Z');

/** A UUID-shaped event id for line n. */
const uuid = (n) =>
  `${((n * 2654435761) >>> 0).toString(16).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** What each shape repeats (besides a tool call and its result): name → [description, step]. */
export const SHAPES = {
  'verify-one': [
    'one artifact verified again and again',
    (w, i) => w.verdict('/workspace/results/a.json', i),
  ],
  'same-path': ['one path produced again and again', (w) => w.artifact('/workspace/results/a.json')],
  'derive-chain': [
    'artifacts each derived from the one before',
    (w, i) =>
      w.artifact(`/workspace/r/a${i}.json`, { derived_from: i > 1 ? [`/workspace/r/a${i - 1}.json`] : [] }),
  ],
  'derive-fan-in': [
    'artifacts each derived from the 20 before',
    (w, i) =>
      w.artifact(`/workspace/r/a${i}.json`, {
        derived_from: Array.from(
          { length: Math.min(i - 1, 20) },
          (_, k) => `/workspace/r/a${i - 1 - k}.json`,
        ),
      }),
  ],
  corrections: [
    'corrections of earlier artifacts, each of another one',
    (w, i) => {
      w.corrected.push(w.artifact(`/workspace/r/${i}.json`));
      if (i > 5)
        w.event('correction', {
          corrects_event_id: w.corrected[((i * 2654435761) >>> 0) % w.corrected.length],
          reason: 'size re-measured',
          replacement: { size_bytes: i },
        });
    },
  ],
  'correct-one': [
    'one artifact corrected again and again',
    (w, i) => {
      if (i === 1) w.corrected.push(w.artifact('/workspace/r/one.json'));
      w.event('correction', {
        corrects_event_id: w.corrected[0],
        reason: 'again',
        replacement: { size_bytes: i },
      });
    },
  ],
  'subagents-unique': [
    'a subagent of its own name each, with a child session',
    (w, i) => {
      const spawn = w.event('subagent_spawned', {
        actor: `subagent:s${i}`,
        subagent_name: `s${i}`,
        task_preview: 'p',
      });
      w.event('subagent_completed', {
        subagent_name: `s${i}`,
        spawn_event_id: spawn,
        success: true,
        child_session_id: String(i).padStart(12, '0'),
        error: null,
      });
    },
  ],
  'subagents-open': [
    'spawns of one subagent that never complete',
    (w) =>
      w.event('subagent_spawned', { actor: 'subagent:compute', subagent_name: 'compute', task_preview: 'p' }),
  ],
  'subagents-reordered': [
    'observations read before their own spawn (two writers)',
    (w) => {
      // One name throughout: each observation is first filed under the spawn before, and moves.
      w.event('subagent_spawned', { actor: 'subagent:compute', subagent_name: 'compute', task_preview: 'p' });
      w.event('subagent_observation', { actor: 'subagent:compute', subagent_name: 'compute' });
      w.swapLast();
    },
  ],
  'calls-open': [
    'tool calls without results',
    (w, i) => w.event('tool_call', { actor: 'm', tool_call_id: `toolu_x${i}`, tool_name: 'shell' }),
  ],
  'results-orphan': [
    'tool results without calls',
    (w, i) =>
      w.event('tool_result', { actor: 'm', tool_call_id: `toolu_y${i}`, tool_name: 'shell', success: true }),
  ],
  'llm-gate': [
    'session-wide verdicts of the LLM gate',
    (w) =>
      w.event('verification_result', {
        gate: 'llm',
        task_id: 't-single',
        claim: { kind: 'task_outcome' },
        verdict: 'verified',
        verifier: 'subagent_verifier',
      }),
  ],
  'status-storm': [
    'status changes of one job',
    (w, i) =>
      w.event('compute_job_status_changed', { job_id: 'job-0', status: i % 2 ? 'running' : 'pending' }),
  ],
  'jobs-unlaunched': [
    'status changes of jobs never launched, a job each',
    (w, i) => w.event('compute_job_status_changed', { job_id: `job-${i}`, status: 'running' }),
  ],
  'unknown-kinds': [
    'events of 500 kinds the reader does not know',
    (w, i) => w.event(`kind_${i % 500}`, { x: i }),
  ],
  'expected-missing': [
    'launches of one cluster job each expecting 3 files that never appear',
    (w, i) =>
      w.event('compute_job_launched', {
        job_id: 'cluster-0',
        cluster_job_id: i,
        mode: 'cluster_exec',
        command_original: 'python run.py',
        expected_artifacts: [`results/a-${i}.json`, `results/b-${i}.json`, `results/c-${i}.png`],
      }),
  ],
  validations: [
    'produces-validations of 20 files each',
    (w, i) =>
      w.event('produces_validation_passed', {
        actor: 'subagent:compute',
        subagent_name: 'compute',
        patterns: ['s3://b/o/*'],
        resolved: [
          {
            pattern: 's3://b/o/*',
            scheme: 's3',
            files: Array.from({ length: 20 }, (_, k) => ({ path: `o/f-${i}-${k}`, bytes: 5 })),
          },
        ],
        verdict: 'passed',
      }),
  ],
  'repeated-ids': ['every line written twice (the same event id)', (w) => w.repeatLast()],
};

/** Writes `events` events of `shape` to `file`. */
export function writeShapeLog(file, shape, events) {
  const [, step] = SHAPES[shape];
  const lines = [];
  let seq = 0;
  const w = {
    corrected: [],
    event(kind, fields) {
      seq++;
      const id = uuid(seq);
      lines.push(
        JSON.stringify({
          schema_version: '2',
          event_id: id,
          event_kind: kind,
          session_id: SESSION,
          seq,
          ts: new Date(T0 + seq * 1500).toISOString().replace('Z', '000+00:00'),
          ...fields,
        }),
      );
      return id;
    },
    artifact(path, extra = {}) {
      return w.event('artifact_produced', {
        path,
        mount_path: '/workspace',
        job_id: 'job-0',
        size_bytes: 10,
        ...extra,
      });
    },
    verdict(file) {
      return w.event('verification_result', {
        gate: 'data',
        task_id: 't1',
        claim: { kind: 'data_acquisition', file_path: file },
        verdict: 'verified',
        verifier: 'subagent_verifier',
      });
    },
    repeatLast() {
      lines.push(lines[lines.length - 1]);
    },
    /** The last two lines in the other order, their seqs kept (a second writer's line first). */
    swapLast() {
      lines.push(lines.splice(lines.length - 2, 1)[0]);
    },
  };
  for (let i = 1; lines.length < events; i++) {
    const call = `toolu_${i}`;
    w.event('tool_call', {
      actor: 'm',
      tool_call_id: call,
      tool_name: 'shell',
      arguments: { command: 'ls' },
    });
    w.event('tool_result', {
      actor: 'm',
      tool_call_id: call,
      tool_name: 'shell',
      success: true,
      output_summary: 'ok',
    });
    step(w, i);
  }
  writeFileSync(file, lines.slice(0, events).join('\n') + '\n');
}
