// Fixtures are copies of real corpus logs (sciagent-cli's own writer, and real benchmark runs).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SessionLog } from '../../formats/sciagent/session-log';
import { MAX_MISSING_NODES } from './build-nodes';
import { SciagentLineageBuilder } from './lineage-builder';
import { EventLines } from './testing/event-lines';

const enc = new TextEncoder();
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function build(lines: string[], options: { childSessionExists?: (id: string) => boolean } = {}) {
  const log = new SessionLog();
  const lineage = new SciagentLineageBuilder(log, 's', options);
  for (const line of lines) lineage.apply(log.push(enc.encode(`${line}\n`)));
  lineage.apply(log.end());
  return { log, lineage };
}

function snapshot(lineage: SciagentLineageBuilder) {
  const nodes = [...lineage.nodes.values()].map((n) => ({ ...n, eventIds: [...n.eventIds].sort() }));
  return {
    nodes: nodes.sort((a, b) => (a.id < b.id ? -1 : 1)),
    edges: [...lineage.edges.values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
}

const written = new EventLines();
const ev = (kind: string, fields: Record<string, unknown> = {}) => written.line(kind, fields);

describe('sciagent lineage', () => {
  it('draws the corpus e2e session: tool → job → artifact, verdicts on the session, a corrected call', () => {
    const { lineage } = build(fixture('e2e-sess.jsonl').trim().split('\n'));
    const job = lineage.nodes.get('job:sciagent-x')!;
    expect(job.data['status']).toBe('completed');
    expect((job.data['statusHistory'] as { skyStatusRaw: string }[]).map((s) => s.skyStatusRaw)).toEqual([
      'RUNNING',
      'SUCCEEDED',
    ]);
    expect(lineage.edges.get('tool:tc1->job:sciagent-x')!.reasons).toEqual(['output_summary.job_id']);
    const artifactEdge = lineage.edges.get('job:sciagent-x->artifact:/workspace/postProcessing/probes/0/U')!;
    expect(artifactEdge.reasons).toEqual(['job_id', 'expected_artifacts']);
    // The expected artifact was seen (by its path relative to the mount): nothing is missing.
    expect([...lineage.nodes.values()].filter((n) => n.missing)).toEqual([]);
    const tool = lineage.nodes.get('tool:tc1')!;
    expect(tool.corrections).toHaveLength(1);
    expect(tool.corrections[0]!.before['arguments']).toEqual({ service: 'openfoam', command: 'bash Allrun' });
    expect(tool.corrections[0]!.after['arguments']).toEqual({
      service: 'openfoam',
      command: 'bash Allrun -parallel',
    });
    const llm = [...lineage.nodes.values()].find(
      (n) => n.kind === 'verification' && n.data['gate'] === 'llm',
    )!;
    expect(lineage.edges.get(`session:s->${llm.id}`)!.reasons).toEqual(['task_id']);
    // The correction (seq 10) came after the LLM verdict (seq 9): the verdict is stale.
    expect(llm.stale).toBe(true);
  });

  it('gives the same graph whatever order the lines arrive in (corrections and parents may come later)', () => {
    for (const name of ['e2e-sess.jsonl', 'real-42d50babf77e.jsonl', 'real-f9f9250c87a4.jsonl']) {
      const lines = fixture(name).trim().split('\n');
      const inOrder = snapshot(build(lines).lineage);
      const reversed = snapshot(build([...lines].reverse()).lineage);
      expect(reversed).toEqual(inOrder);
    }
  });

  it('joins subagent spawn and completion, links the child session and marks a missing one', () => {
    const { lineage } = build(fixture('real-42d50babf77e.jsonl').trim().split('\n'), {
      childSessionExists: (id) => id === '8d81f17ae446',
    });
    const subagents = [...lineage.nodes.values()].filter((n) => n.kind === 'subagent');
    expect(subagents.map((s) => s.label).sort()).toEqual(['analyze', 'compute']);
    const compute = subagents.find((s) => s.label === 'compute')!;
    expect(compute.data['completed']).toBe(true);
    expect(compute.data['observations']).toBe(2);
    const children = [...lineage.nodes.values()].filter((n) => n.kind === 'child_session');
    expect(children.map((c) => [c.label, c.missing]).sort()).toEqual([
      ['8d81f17ae446', false],
      ['b8c73c414c3d', true],
    ]);
    const job = lineage.nodes.get('job:sciagent-rcwa-xiong')!;
    expect((job.data['launches'] as unknown[]).length).toBe(10);
    expect((job.data['clusterDown'] as unknown[]).length).toBe(2);
    // Produces-validation verdicts hang off the subagent that made them.
    const validations = [...lineage.edges.values()].filter((e) => e.reasons.includes('subagent_name'));
    expect(validations).toHaveLength(2);
  });

  it('shows expected-but-missing artifacts until they are produced', () => {
    written.seq = 0;
    const log = new SessionLog();
    const lineage = new SciagentLineageBuilder(log, 's');
    const push = (line: string) => lineage.apply(log.push(enc.encode(`${line}\n`)));
    push(
      ev('compute_job_launched', {
        job_id: 'J',
        mount_path: '/ws',
        expected_artifacts: ['out/a.csv', 'b.log'],
      }),
    );
    expect(lineage.nodes.get('expected:J:out/a.csv')!.missing).toBe(true);
    expect(lineage.nodes.get('expected:J:b.log')!.missing).toBe(true);
    const delta = push(ev('artifact_produced', { job_id: 'J', path: '/ws/out/a.csv', mount_path: '/ws' }));
    expect(delta.removedNodes).toEqual(['expected:J:out/a.csv']);
    expect(lineage.edges.get('job:J->artifact:/ws/out/a.csv')!.reasons).toEqual([
      'job_id',
      'expected_artifacts',
    ]);
    expect(lineage.nodes.has('expected:J:b.log')).toBe(true);
  });

  it('lists the newest expected artifacts of a cluster job on its node, and says how many there are', () => {
    written.seq = 0;
    // One job for every launch (sciagent's cluster mode), each expecting a file of its own; half
    // of them produced.
    const lines: string[] = [];
    for (let i = 0; i < 250; i++) {
      lines.push(
        ev('compute_job_launched', { job_id: 'C', mount_path: '/ws', expected_artifacts: [`out/${i}.json`] }),
      );
      if (i % 2) lines.push(ev('artifact_produced', { job_id: 'C', path: `/ws/out/${i}.json` }));
    }
    const { lineage } = build(lines);
    const job = lineage.nodes.get('job:C')!;
    expect(job.data['launchCount']).toBe(250);
    expect(job.data['expectedCount']).toBe(250);
    const listed = job.data['expectedArtifacts'] as string[];
    expect(listed).toHaveLength(200);
    expect(listed[0]).toBe('out/50.json');
    expect(listed.at(-1)).toBe('out/249.json');
    // Every one of them is still in the graph: produced, or expected and missing.
    expect(lineage.nodes.has('expected:C:out/0.json')).toBe(true);
    expect(lineage.edges.has('job:C->artifact:/ws/out/1.json')).toBe(true);
    expect(lineage.nodes.has('expected:C:out/1.json')).toBe(false);
  });
  it('gives a job past MAX_MISSING_NODES missing expected artifacts one node for them, and a node each again below it', () => {
    written.seq = 0;
    const log = new SessionLog();
    const lineage = new SciagentLineageBuilder(log, 's');
    const push = (line: string) => lineage.apply(log.push(enc.encode(`${line}\n`)));
    const missingNodes = () => [...lineage.nodes.values()].filter((n) => n.missing);
    // Cluster mode: every launch on job C, each expecting two files that never appear.
    for (let i = 0; i < MAX_MISSING_NODES / 2; i++)
      push(
        ev('compute_job_launched', {
          job_id: 'C',
          mount_path: '/ws',
          expected_artifacts: [`out/${i}.json`, `out/${i}.png`],
        }),
      );
    expect(missingNodes()).toHaveLength(MAX_MISSING_NODES);
    expect(lineage.nodes.has('expected:C:out/0.json')).toBe(true);

    // One more launch: one node says how many are missing and lists the newest.
    const delta = push(
      ev('compute_job_launched', {
        job_id: 'C',
        mount_path: '/ws',
        expected_artifacts: ['out/last.json', 'out/last.png'],
      }),
    );
    expect(missingNodes().map((n) => n.id)).toEqual(['expected-missing:C']);
    expect(delta.removedNodes).toHaveLength(MAX_MISSING_NODES);
    const group = lineage.nodes.get('expected-missing:C')!;
    expect(group.kind).toBe('artifact');
    expect(group.data['missingCount']).toBe(MAX_MISSING_NODES + 2);
    const listed = group.data['missingPatterns'] as string[];
    expect(listed).toHaveLength(200);
    expect(listed.slice(-2)).toEqual(['out/last.json', 'out/last.png']);
    expect(lineage.edges.get('job:C->expected-missing:C')!.reasons).toEqual(['expected_artifacts']);
    expect([...lineage.edges.keys()].filter((e) => e.startsWith('job:C->expected:'))).toEqual([]);

    // Produced ones leave the count; under the limit again, a node each.
    push(ev('artifact_produced', { job_id: 'C', path: '/ws/out/last.json', mount_path: '/ws' }));
    expect(lineage.nodes.get('expected-missing:C')!.data['missingCount']).toBe(MAX_MISSING_NODES + 1);
    expect(lineage.nodes.get('expected-missing:C')!.data['missingPatterns']).not.toContain('out/last.json');
    push(ev('artifact_produced', { job_id: 'C', path: '/ws/out/0.json', mount_path: '/ws' }));
    expect(lineage.nodes.has('expected-missing:C')).toBe(false);
    expect(lineage.edges.has('job:C->expected-missing:C')).toBe(false);
    expect(missingNodes()).toHaveLength(MAX_MISSING_NODES);
    expect(lineage.nodes.has('expected:C:out/0.png')).toBe(true);
    expect(lineage.nodes.has('expected:C:out/0.json')).toBe(false);
  });
  it("a cluster job's expected artifacts, produced before, after and again, one line at a time, as a whole read sees them", () => {
    written.seq = 0;
    const lines: string[] = [];
    // Produced before its launch expects it (found at once), and a path two launches expect.
    lines.push(ev('artifact_produced', { job_id: 'C', path: '/ws/out/3.json', mount_path: '/ws' }));
    for (let i = 0; i < 80; i++) {
      lines.push(
        ev('compute_job_launched', {
          job_id: 'C',
          mount_path: '/ws',
          expected_artifacts: [`out/${i}.json`, i % 10 === 0 ? 'shared.log' : `out/${i}.png`],
        }),
      );
      if (i % 7 === 3) lines.push(ev('artifact_produced', { job_id: 'C', path: `/ws/out/${i - 2}.json` }));
      if (i === 60) lines.push(ev('artifact_produced', { job_id: 'C', path: '/ws/shared.log' }));
      // Two patterns with one key (relative under the mount, and absolute), produced later.
      if (i === 66)
        lines.push(ev('compute_job_launched', { job_id: 'C', expected_artifacts: ['/ws/out/6.json'] }));
      if (i === 75) lines.push(ev('artifact_produced', { job_id: 'C', path: '/ws/out/6.json' }));
      // A correction moves a produced artifact to another path: its pattern is missing again.
      if (i === 70)
        lines.push(ev('correction', { corrects_event_id: 'e1', replacement: { path: '/ws/elsewhere' } }));
    }
    const log = new SessionLog();
    const lineage = new SciagentLineageBuilder(log, 's');
    for (const [k, line] of lines.entries()) {
      lineage.apply(log.push(enc.encode(`${line}\n`)));
      if (k % 17 === 0 || k === lines.length - 1)
        expect(snapshot(lineage)).toEqual(snapshot(build(lines.slice(0, k + 1)).lineage));
    }
    const job = lineage.nodes.get('job:C')!;
    expect(job.eventIds.length).toBeGreaterThan(64); // a job whose members are kept between rebuilds
    expect(lineage.nodes.has('expected:C:out/3.json')).toBe(true); // corrected away
    expect(lineage.nodes.has('expected:C:shared.log')).toBe(false);
    expect(lineage.nodes.has('expected:C:out/6.json')).toBe(false);
    expect(lineage.nodes.has('expected:C:/ws/out/5.json')).toBe(false);
  });

  it('marks a data verdict stale when a later correction changed the artifact it verified', () => {
    written.seq = 0;
    const { lineage } = build([
      ev('artifact_produced', { path: '/d/x.csv', size_bytes: 10 }),
      ev('verification_result', {
        gate: 'data',
        verdict: 'verified',
        claim: { kind: 'data_acquisition', file_path: '/d/x.csv' },
      }),
      ev('correction', {
        corrects_event_id: 'e1',
        reason: 'size was wrong',
        replacement: { size_bytes: 99 },
      }),
      ev('verification_result', { gate: 'data', verdict: 'verified', claim: { file_path: '/d/x.csv' } }),
    ]);
    expect(lineage.edges.get('artifact:/d/x.csv->verification:e2')!.reasons).toEqual([
      'claim.file_path == artifact.path',
    ]);
    expect(lineage.nodes.get('verification:e2')!.stale).toBe(true);
    expect(lineage.nodes.get('verification:e4')!.stale).toBe(false);
    expect(lineage.nodes.get('artifact:/d/x.csv')!.data['sizeBytes']).toBe(99);
  });

  it('moves an event when a correction changes its linking field', () => {
    written.seq = 0;
    const { lineage } = build([
      ev('compute_job_launched', { job_id: 'A' }),
      ev('compute_job_launched', { job_id: 'B' }),
      ev('artifact_produced', { path: '/o', job_id: 'A' }),
      ev('correction', { corrects_event_id: 'e3', replacement: { job_id: 'B' } }),
    ]);
    expect(lineage.edges.has('job:A->artifact:/o')).toBe(false);
    expect(lineage.edges.get('job:B->artifact:/o')!.reasons).toEqual(['job_id']);
  });

  it('draws a tool into the job its result names once that job exists, never into a missing one', () => {
    written.seq = 0;
    const log = new SessionLog();
    const lineage = new SciagentLineageBuilder(log, 's');
    const push = (line: string) => lineage.apply(log.push(enc.encode(`${line}\n`)));
    push(ev('tool_call', { tool_call_id: 'c1', tool_name: 'compute_run' }));
    push(
      ev('tool_result', { tool_call_id: 'c1', tool_name: 'compute_run', output_summary: { job_id: 'J' } }),
    );
    // No event of job J yet: no node, so no edge into it.
    expect(lineage.nodes.has('job:J')).toBe(false);
    expect(lineage.edges.has('tool:c1->job:J')).toBe(false);
    const launched = push(ev('compute_job_launched', { job_id: 'J' }));
    expect(launched.upsertedEdges.map((e) => e.id)).toContain('tool:c1->job:J');
    // The job hangs from the tool that started it, not from the session.
    expect(lineage.edges.has('session:s->job:J')).toBe(false);
    // The launch corrected to another job: J is gone, and so is the edge into it.
    const moved = push(
      ev('correction', { corrects_event_id: 'e3', reason: 'wrong job', replacement: { job_id: 'K' } }),
    );
    expect(moved.removedNodes).toContain('job:J');
    expect(lineage.edges.has('tool:c1->job:J')).toBe(false);
    expect(lineage.edges.has('session:s->job:K')).toBe(true);
  });

  it('marks session verdicts stale once a later correction comes, and rebuilds only those not stale yet', () => {
    written.seq = 0;
    const lines: string[] = [ev('tool_call', { tool_call_id: 'c0', tool_name: 'shell' })];
    for (let i = 0; i < 300; i++)
      lines.push(ev('verification_result', { gate: 'llm', task_id: 't', verdict: 'verified', claim: {} }));
    const log = new SessionLog();
    const lineage = new SciagentLineageBuilder(log, 's');
    const push = (line: string) => lineage.apply(log.push(enc.encode(`${line}\n`)));
    lineage.apply(log.push(enc.encode(lines.join('\n') + '\n')));
    const verdicts = () => [...lineage.nodes.values()].filter((n) => n.kind === 'verification');
    expect(verdicts().every((n) => !n.stale)).toBe(true);
    const fix = (n: number) =>
      ev('correction', { corrects_event_id: 'e1', reason: `fix ${n}`, replacement: { tool_name: `t${n}` } });
    push(fix(1));
    expect(verdicts()).toHaveLength(300);
    expect(verdicts().every((n) => n.stale)).toBe(true);
    // One more verdict, not stale; then another correction: it turns stale, and the 300 stale ones
    // are not built again.
    push(ev('verification_result', { gate: 'llm', task_id: 't', verdict: 'refuted', claim: {} }));
    expect(verdicts().filter((n) => !n.stale)).toHaveLength(1);
    const before = lineage.rebuilds;
    push(fix(2));
    expect(verdicts().every((n) => n.stale)).toBe(true);
    expect(lineage.rebuilds - before).toBeLessThan(10);
  });

  it('appending one event rebuilds only that event and its few dependents', () => {
    written.seq = 0;
    const lines: string[] = [];
    for (let i = 0; i < 500; i++) {
      lines.push(ev('tool_call', { tool_call_id: `c${i}`, tool_name: 'shell' }));
      lines.push(ev('tool_result', { tool_call_id: `c${i}`, tool_name: 'shell', success: true }));
    }
    const log = new SessionLog();
    const lineage = new SciagentLineageBuilder(log, 's');
    lineage.apply(log.push(enc.encode(lines.join('\n') + '\n')));
    const delta = lineage.apply(
      log.push(enc.encode(`${ev('tool_call', { tool_call_id: 'new', tool_name: 'x' })}\n`)),
    );
    expect(delta.upsertedNodes.map((n) => n.id)).toEqual(['tool:new']);
    expect(delta.upsertedEdges.map((e) => e.id)).toEqual(['session:s->tool:new']);
  });
});
