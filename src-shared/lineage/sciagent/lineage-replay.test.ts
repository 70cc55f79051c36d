// Replays a realistic generated session — with corrections that move events between nodes,
// duplicates, produces-validations and an observation before its subagent — in several chunkings
// and orders, and checks the graph against digests taken with the engine as it was before it was
// made cheaper per event (same nodes, edges, deltas, and the same order where order shows).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionLines } from '../../../bench/generate-session.mjs';
import { SessionLog } from '../../formats/sciagent/session-log';
import type { LineageDelta, LineageEdge, LineageNode } from '../types';
import { SciagentLineageBuilder } from './lineage-builder';

const enc = new TextEncoder();

/**
 * Digests taken with the engine as it was before it was made cheaper per event (issue 8): a change
 * to either is a change of output, and must be meant. Since then a job's launches no longer carry
 * their commands (the detail reads them from disk): the graph's digest is that engine's output
 * with `commandOriginal` and `commandResolved` left out (taken so, with its code, to check that
 * nothing else changed). Since plain tool calls are rows (tool-table.ts), the deltas' digest is
 * taken again: checked against the engine before, every delta upserts and removes the same nodes
 * and removes the same edges; a tool row a correction moves into the graph sends its unchanged
 * edge from the session again, and the rows' nodes and edges come after the graph's in
 * `nodes` and `edges`. Since plain subagents and validations are rows too (subagent-table.ts,
 * validation-table.ts: 77 and 31 of this stream's), the deltas' digest is taken again: checked against the engine before, every delta upserts the
 * same nodes and edges (the same JSON) and removes the same ones, in another order; the graph's
 * digest is unchanged.
 */
const GOLDEN_GRAPH = 'd47d95313761c8eaa5abe5474aa0b43820949bcffaac062d8ff9cf66d160082f';
const GOLDEN_DELTAS = '9ecfc21734c11f3fc44c61cc1a6f535b9e85abf4d729dee65ed9e2ec14dfb60f';

type Json = Record<string, unknown>;

/**
 * The generator's session plus what it never writes: corrections, duplicates, validations.
 * `renameSpawns`: the spawn corrections also rename their subagent (`subagent_name`), which moves
 * observations and validations between subagents; the golden digests are of the stream without.
 */
function replayLines({ renameSpawns = false, events = 3000 } = {}): string[] {
  const base = [...sessionLines('r', events, 11, { ids: 'short', mix: 'v2' })].map(
    (l) => JSON.parse(l) as Json,
  );
  const byKind = (kind: string) => base.filter((e) => e['event_kind'] === kind);
  const calls = byKind('tool_call').map((e) => e['tool_call_id'] as string);
  const out: Json[] = [];
  const later: { at: number; event: Json }[] = [];
  let n = 0;
  base.forEach((event, i) => {
    out.push(event);
    for (const l of later.filter((x) => x.at === i)) out.push(l.event);
    if (i % 29 === 3) {
      const replacement = correctionOf(event, calls, i, renameSpawns);
      if (replacement)
        later.push({
          at: i + 5,
          event: {
            schema_version: '2',
            event_id: `corr-${++n}`,
            event_kind: 'correction',
            session_id: 'r',
            corrects_event_id: event['event_id'],
            reason: `fix ${n}`,
            replacement,
          },
        });
    }
    if (i % 97 === 50)
      out.push({
        schema_version: '2',
        event_id: `val-${i}`,
        event_kind: i % 2 ? 'produces_validation_passed' : 'produces_validation_failed',
        session_id: 'r',
        subagent_name: i % 3 ? 'compute' : 'analyze',
        patterns: ['results/*.json'],
        missing: [],
      });
    if (i === 10)
      out.push({
        schema_version: '2',
        event_id: 'obs-early',
        event_kind: 'subagent_observation',
        session_id: 'r',
        subagent_name: 'analyze',
      });
  });
  // Seqs in file order (the generator's are renumbered around the inserted events).
  const lines = out.map((e, i) => JSON.stringify({ ...e, seq: i + 1 }));
  // Exact repeats of earlier lines: duplicates, whichever copy is read first wins.
  for (let i = 0; i < lines.length; i += 113) lines.splice(i + 40, 0, lines[i]!);
  return lines;
}

function correctionOf(event: Json, calls: string[], i: number, renameSpawns: boolean): Json | null {
  switch (event['event_kind']) {
    case 'tool_result':
      return { tool_call_id: calls[(i * 7) % calls.length] }; // moves the result to another call
    case 'artifact_produced':
      return { job_id: 'cluster-0', path: `/workspace/moved-${i}.json` };
    case 'compute_job_launched':
      return { expected_artifacts: [`results/never-${i}.json`] };
    case 'verification_result':
      return { verdict: 'refuted', claim: { file_path: '/workspace/results/out-5.json' } };
    case 'subagent_spawned':
      return renameSpawns
        ? { subagent_name: i % 2 ? 'analyze' : `renamed-${i}`, task_preview: `corrected ${i}` }
        : { task_preview: `corrected ${i}` };
    default:
      return null;
  }
}

/**
 * Pushes the lines `chunk` at a time (as bytes, through the line splitter) and keeps every delta.
 * `firstRead`: as a session's first read (big nodes may lag), without settling at the end.
 */
function replay(lines: string[], chunk: number, { firstRead = false } = {}) {
  const log = new SessionLog();
  const lineage = new SciagentLineageBuilder(log, 'r', { childSessionExists: (id) => id.endsWith('7') });
  const deltas: string[] = [];
  const apply = (delta: ReturnType<SessionLog['end']>) =>
    deltas.push(JSON.stringify(lineage.apply(delta, true, firstRead)));
  for (let i = 0; i < lines.length; i += chunk)
    apply(log.push(enc.encode(lines.slice(i, i + chunk).join('\n') + '\n')));
  apply(log.end());
  return { log, lineage, deltas };
}

/** The deltas applied in order, as sorted JSON of nodes and of edges. */
function appliedInOrder(deltas: string[]): { nodes: string; edges: string } {
  const nodes = new Map<string, LineageNode>();
  const edges = new Map<string, LineageEdge>();
  for (const text of deltas) {
    const d = JSON.parse(text) as LineageDelta;
    for (const n of d.upsertedNodes) nodes.set(n.id, n);
    for (const id of d.removedNodes) nodes.delete(id);
    for (const e of d.upsertedEdges) edges.set(e.id, e);
    for (const id of d.removedEdges) edges.delete(id);
  }
  return { nodes: byId(nodes.values()), edges: byId(edges.values()) };
}

const byId = <T extends { id: string }>(xs: Iterable<T>) =>
  JSON.stringify([...xs].sort((a, b) => (a.id < b.id ? -1 : 1)));

/**
 * Sciagent's cluster mode: every launch, status change and artifact names one job (the cluster),
 * and the compute_run results name the job they started, as sciagent's own writer records them.
 */
function oneCluster(lines: string[]): string[] {
  return lines.map((l) => {
    const e = JSON.parse(l.replace(/"(job_id|cluster_name)":"cluster-\d+"/g, '"$1":"cluster-0"')) as Json;
    if (e['event_kind'] === 'tool_result' && e['tool_name'] === 'compute_run')
      e['output_summary'] = { job_id: 'cluster-0', status: 'running' };
    return JSON.stringify(e);
  });
}

/** The graph with every list sorted: what must not depend on chunking or order. */
function canonical({ log, lineage }: ReturnType<typeof replay>): string {
  const nodes = [...lineage.nodes.values()]
    .map((n) => ({ ...n, eventIds: [...n.eventIds].sort() }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const edges = [...lineage.edges.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  const membership = [...log.events.keys()].sort().map((id) => [id, lineage.nodeOf(id)]);
  return JSON.stringify({ nodes, edges, membership });
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

function shuffled<T>(xs: T[], seed: number): T[] {
  let s = seed;
  const rand = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('sciagent lineage replay', () => {
  const lines = replayLines();

  it('builds the same graph as before, whatever the chunking', () => {
    const graphs = [1, 7, 500, lines.length].map((chunk) => canonical(replay(lines, chunk)));
    for (const g of graphs) expect(g).toBe(graphs[0]);
    const graph = JSON.parse(graphs[0]!) as { nodes: { kind: string; corrections: unknown[] }[] };
    // The stream really has what it claims: corrected nodes, validations, missing artifacts.
    expect(graph.nodes.filter((n) => n.corrections.length > 0).length).toBeGreaterThan(50);
    expect(graph.nodes.filter((n) => n.kind === 'validation').length).toBeGreaterThan(20);
    expect(sha(graphs[0]!)).toBe(GOLDEN_GRAPH);
  });

  it('sends the same deltas as before, in the same order, and keeps nodes in the same order', () => {
    const run = replay(lines, 64);
    expect(
      sha(JSON.stringify([run.deltas, [...run.lineage.nodes.keys()], [...run.lineage.edges.keys()]])),
    ).toBe(GOLDEN_DELTAS);
  });

  it('sends deltas that, applied in order, give the graph (rows and graph nodes alike)', () => {
    for (const chunk of [1, 64]) {
      const run = replay(lines, chunk);
      const applied = appliedInOrder(run.deltas);
      expect(applied.nodes).toBe(byId(run.lineage.nodes.values()));
      expect(applied.edges).toBe(byId(run.lineage.edges.values()));
    }
  });

  it('builds the same graph whatever order the lines arrive in', () => {
    const inOrder = canonical(replay(lines, 200));
    // Reversed and shuffled, each duplicate still repeats an identical line: the graph is the same.
    expect(canonical(replay([...lines].reverse(), 200))).toBe(inOrder);
    expect(canonical(replay(shuffled(lines, 5), 37))).toBe(inOrder);
  });
});

describe('sciagent lineage replay: one cluster job', () => {
  it('builds the same graph whatever the chunking or order when every launch reuses one job_id', () => {
    // Sciagent's cluster mode names the job after its cluster: one job gets every launch, status
    // change and expected artifact of the session, and keeps what its last build sorted out
    // (job-members.ts) — which corrections of its launches and reordered lines must not fool.
    // The compute_run results name the job they started, as sciagent's own writer records them
    // (the corpus's e2e session): every one of them has an edge into the one job.
    const lines = oneCluster(replayLines());
    const whole = canonical(replay(lines, lines.length));
    expect(canonical(replay(lines, 1))).toBe(whole);
    expect(canonical(replay(lines, 7))).toBe(whole);
    expect(canonical(replay([...lines].reverse(), 200))).toBe(whole);
    expect(canonical(replay(shuffled(lines, 9), 13))).toBe(whole);
    const graph = JSON.parse(whole) as {
      nodes: { id: string; data: Record<string, unknown>; corrections: unknown[] }[];
    };
    const job = graph.nodes.find((n) => n.id === 'job:cluster-0')!;
    // The stream really is one job with many launches, some of them corrected.
    expect(job.data['launchCount']).toBeGreaterThan(100);
    expect(job.corrections.length).toBeGreaterThan(0);
    expect((job.data['expectedArtifacts'] as string[]).some((p) => p.startsWith('results/never-'))).toBe(
      true,
    );
    const into = (JSON.parse(whole) as { edges: { id: string; target: string }[] }).edges.filter(
      (e) => e.target === 'job:cluster-0',
    );
    expect(into.length).toBeGreaterThan(50);
    expect(into.every((e) => e.id.startsWith('tool:'))).toBe(true);
  });

  it('lets a big job lag behind a first read and settles it to the same graph, for fewer builds', () => {
    // Over a thousand members (launches and status changes): a big node, rebuilt during a first
    // read only as it grows by a quarter (ReactiveGraph.flush), and whole at the read's end.
    const lines = oneCluster(replayLines({ events: 14_000 }));
    const whole = replay(lines, lines.length);
    const everyChunk = replay(lines, 64);
    const first = replay(lines, 64, { firstRead: true });
    const launches = (run: ReturnType<typeof replay>) =>
      run.lineage.nodes.get('job:cluster-0')!.data['launchCount'] as number;
    expect(launches(whole)).toBeGreaterThan(500);
    // Before the read's end the job lags; settled, the graph and the deltas are the whole read's.
    expect(launches(first)).toBeLessThan(launches(whole));
    const settled = first.lineage.settle();
    expect(settled).not.toBeNull();
    first.deltas.push(JSON.stringify(settled));
    expect(first.lineage.settle()).toBeNull();
    expect(canonical(first)).toBe(canonical(whole));
    const applied = appliedInOrder(first.deltas);
    expect(applied.nodes).toBe(byId(whole.lineage.nodes.values()));
    expect(applied.edges).toBe(byId(whole.lineage.edges.values()));
    // What it saves: the job's builds, each over all its members.
    expect(first.lineage.rebuilds).toBeLessThan(everyChunk.lineage.rebuilds);
  });
});

describe('sciagent lineage replay: a correction renames a subagent', () => {
  it('builds the same graph whatever the chunking or order when spawns are renamed', () => {
    const lines = replayLines({ renameSpawns: true });
    const whole = canonical(replay(lines, lines.length));
    expect(canonical(replay(lines, 1))).toBe(whole);
    expect(canonical(replay(lines, 7))).toBe(whole);
    expect(canonical(replay([...lines].reverse(), 200))).toBe(whole);
    // The stream really renames spawns, and the renames really move observations.
    expect(whole).not.toBe(canonical(replay(replayLines(), lines.length)));
    // Renames move validations between subagents (rows, or the graph's): the deltas say so.
    for (const run of [replay(lines, 1), replay(lines, 7), replay([...lines].reverse(), 200)]) {
      const applied = appliedInOrder(run.deltas);
      expect(applied.nodes).toBe(byId(run.lineage.nodes.values()));
      expect(applied.edges).toBe(byId(run.lineage.edges.values()));
    }
  });

  // seq 1: spawn `draft` (sp-old); 2: spawn `draft` (sp-new); 3: observation of `final`;
  // 4: observation of `draft`; 5: validation of `draft`; 6: correction renaming sp-new to `final`.
  const event = (seq: number, fields: Json) =>
    JSON.stringify({ schema_version: '2', session_id: 'r', seq, ...fields });
  const renameLog = [
    event(1, { event_id: 'sp-old', event_kind: 'subagent_spawned', subagent_name: 'draft' }),
    event(2, { event_id: 'sp-new', event_kind: 'subagent_spawned', subagent_name: 'draft' }),
    event(3, { event_id: 'obs-final', event_kind: 'subagent_observation', subagent_name: 'final' }),
    event(4, { event_id: 'obs-draft', event_kind: 'subagent_observation', subagent_name: 'draft' }),
    event(5, { event_id: 'val-draft', event_kind: 'produces_validation_passed', subagent_name: 'draft' }),
    event(6, {
      event_id: 'rename',
      event_kind: 'correction',
      corrects_event_id: 'sp-new',
      reason: 'wrong name',
      replacement: { subagent_name: 'final' },
    }),
  ];

  it('attaches observations to the renamed subagent, read whole or line by line', () => {
    for (const chunk of [renameLog.length, 1]) {
      const run = replay(renameLog, chunk);
      const { lineage } = run;
      // The renamed spawn owns the new name's observation; the old name's events go back to the
      // other `draft` spawn, as if the spawn had been written with its corrected name.
      expect(lineage.nodeOf('obs-final')).toBe('subagent:sp-new');
      expect(lineage.nodeOf('obs-draft')).toBe('subagent:sp-old');
      expect(lineage.nodes.get('subagent:sp-new')!.label).toBe('final');
      expect(lineage.nodes.get('subagent:sp-new')!.data['observations']).toBe(1);
      expect(lineage.nodes.get('subagent:sp-old')!.data['observations']).toBe(1);
      expect(lineage.edges.has('subagent:sp-old->validation:val-draft')).toBe(true);
      expect(lineage.edges.has('subagent:sp-new->validation:val-draft')).toBe(false);
    }
    expect(canonical(replay(renameLog, 1))).toBe(canonical(replay(renameLog, renameLog.length)));
    expect(canonical(replay([...renameLog].reverse(), 1))).toBe(canonical(replay(renameLog, 6)));
  });

  it('detaches an observation whose own subagent_name a correction changes', () => {
    const lines = [
      ...renameLog.slice(0, 5),
      event(6, {
        event_id: 'move-obs',
        event_kind: 'correction',
        corrects_event_id: 'obs-draft',
        reason: 'other subagent',
        replacement: { subagent_name: 'later' },
      }),
      event(7, { event_id: 'sp-later', event_kind: 'subagent_spawned', subagent_name: 'later' }),
      // A new `draft` spawn after the observation moved away must not take it back.
      event(8, { event_id: 'sp-draft-3', event_kind: 'subagent_spawned', subagent_name: 'draft' }),
    ];
    const whole = replay(lines, lines.length);
    expect(whole.lineage.nodeOf('obs-draft')).toBe('subagent:sp-later');
    for (const chunk of [1, 2, 3]) expect(canonical(replay(lines, chunk))).toBe(canonical(whole));
  });
});
