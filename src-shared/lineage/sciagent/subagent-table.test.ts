// Plain subagents and validations are rows of the subagent and validation tables, not graph nodes;
// anything that makes one not plain moves it into the graph. Either way the builder shows the same nodes and edges (the replay test
// checks the whole graph, with its rows, against the engine's digest from before the tables).
import { describe, expect, it } from 'vitest';
import { SessionLog } from '../../formats/sciagent/session-log';
import { SciagentLineageBuilder } from './lineage-builder';
import { EventLines } from './testing/event-lines';

const enc = new TextEncoder();
const written = new EventLines();
const ev = (kind: string, fields: Record<string, unknown> = {}) => written.line(kind, fields);
const spawn = (name: string, extra: Record<string, unknown> = {}) =>
  ev('subagent_spawned', { subagent_name: name, task_preview: `task of ${name}`, ...extra });
const observe = (name: string) => ev('subagent_observation', { subagent_name: name, note: 'seen' });
const complete = (spawnId: string, child: string | null, extra: Record<string, unknown> = {}) =>
  ev('subagent_completed', {
    spawn_event_id: spawnId,
    child_session_id: child,
    success: true,
    iterations: 4,
    tokens_used: 1200,
    duration_seconds: 9.5,
    ...extra,
  });
const validate = (name: string) =>
  ev('produces_validation_passed', { subagent_name: name, patterns: ['a/*.json'], missing: [] });
const correct = (target: string, replacement: Record<string, unknown>) =>
  ev('correction', { corrects_event_id: target, reason: 'fix', replacement });
const last = () => `e${written.seq}`;

function reader() {
  const log = new SessionLog();
  const lineage = new SciagentLineageBuilder(log, 's', { childSessionExists: (id) => id === 'kid-here' });
  const push = (...lines: string[]) =>
    lineage.apply(log.push(enc.encode(lines.map((l) => `${l}\n`).join(''))));
  /** Every node and edge id once, and the maps' sizes saying so. */
  const consistent = () => {
    const nodes = [...lineage.nodes.keys()];
    const edges = [...lineage.edges.keys()];
    expect(new Set(nodes).size).toBe(nodes.length);
    expect(lineage.nodes.size).toBe(nodes.length);
    expect(new Set(edges).size).toBe(edges.length);
    expect(lineage.edges.size).toBe(edges.length);
    for (const id of nodes) expect(lineage.nodes.get(id)!.id).toBe(id);
    for (const id of edges) expect(lineage.edges.get(id)!.id).toBe(id);
  };
  return { log, lineage, push, consistent };
}

describe('subagent table', () => {
  it('keeps a plain subagent as a row: its node, its child session and their edges, each edge sent once', () => {
    const { lineage, push, consistent } = reader();
    const first = push(spawn('alpha'));
    const spawnId = last();
    const id = `subagent:${spawnId}`;
    expect(lineage.subagentRows).toBe(1);
    expect(first.upsertedNodes.map((n) => n.id)).toEqual(['session:s', id]);
    expect(first.upsertedEdges.map((e) => e.id)).toEqual([`session:s->${id}`]);
    const second = push(observe('alpha'));
    const observationId = last();
    expect(second.upsertedNodes.map((n) => [n.id, n.data['observations']])).toEqual([[id, 1]]);
    expect(second.upsertedEdges).toEqual([]);
    const third = push(complete(spawnId, 'kid-here'));
    expect(third.upsertedNodes.map((n) => n.id)).toEqual([id, 'child:kid-here']);
    expect(third.upsertedEdges.map((e) => [e.id, e.reasons])).toEqual([
      [`${id}->child:kid-here`, ['child_session_id']],
    ]);
    expect(lineage.subagentRows).toBe(1);
    const node = lineage.nodes.get(id)!;
    expect(node).toMatchObject({
      kind: 'subagent',
      label: 'alpha',
      eventIds: [spawnId, observationId, last()],
      seq: written.seq - 2,
      corrections: [],
      missing: false,
    });
    expect(node.data).toMatchObject({
      name: 'alpha',
      spawnEventId: spawnId,
      completionEventId: last(),
      taskPreview: 'task of alpha',
      completed: true,
      success: true,
      iterations: 4,
      tokensUsed: 1200,
      durationSeconds: 9.5,
      childSessionId: 'kid-here',
      observations: 1,
    });
    expect(lineage.nodes.get('child:kid-here')).toMatchObject({ kind: 'child_session', missing: false });
    expect(lineage.nodeOf(observationId)).toBe(id);
    expect(lineage.edges.get(`session:s->${id}`)!.target).toBe(id);
    consistent();
  });

  it('moves a row into the graph when a correction changes one of its events, keeping its nodes whole', () => {
    const { lineage, push, consistent } = reader();
    push(spawn('beta'));
    const spawnId = last();
    push(observe('beta'), complete(spawnId, 'kid-b'));
    const d = push(correct(spawnId, { task_preview: 'corrected' }));
    expect(lineage.subagentRows).toBe(0);
    const node = lineage.nodes.get(`subagent:${spawnId}`)!;
    expect(node.eventIds).toHaveLength(3);
    expect(node.data['taskPreview']).toBe('corrected');
    expect(node.corrections.map((c) => c.fields)).toEqual([['task_preview']]);
    expect(d.upsertedNodes.map((n) => n.id)).toContain(`subagent:${spawnId}`);
    expect(d.removedNodes).toEqual([]);
    expect(lineage.nodes.get('child:kid-b')!.missing).toBe(true); // no such folder
    consistent();
  });

  it('a completion before its spawn, or a second one: the graph', () => {
    const { lineage, push, consistent } = reader();
    const early = 'spawn-later'; // the spawn comes later, with this id
    push(complete(early, null));
    expect(lineage.subagentRows).toBe(0);
    expect(lineage.nodes.get(`subagent:${early}`)!.missing).toBe(true);
    push(spawn('gamma', { event_id: early }));
    expect(lineage.subagentRows).toBe(0);
    expect(lineage.nodes.get(`subagent:${early}`)!.missing).toBe(false);
    push(spawn('delta'));
    const twice = last();
    push(complete(twice, null));
    expect(lineage.subagentRows).toBe(1);
    push(complete(twice, null, { success: false }));
    expect(lineage.subagentRows).toBe(0);
    expect(lineage.nodes.get(`subagent:${twice}`)!.eventIds).toHaveLength(3);
    consistent();
  });

  it('two subagents naming one child session: both in the graph, the child node once', () => {
    const { lineage, push, consistent } = reader();
    push(spawn('e1'));
    const a = last();
    push(complete(a, 'shared'), spawn('e2'));
    const b = last();
    expect(lineage.subagentRows).toBe(2);
    push(complete(b, 'shared'));
    expect(lineage.subagentRows).toBe(0);
    expect(lineage.edges.has(`subagent:${a}->child:shared`)).toBe(true);
    expect(lineage.edges.has(`subagent:${b}->child:shared`)).toBe(true);
    expect([...lineage.nodes.keys()].filter((id) => id === 'child:shared')).toHaveLength(1);
    consistent();
  });

  it('a validation hangs under its row subagent, and follows it when a correction renames it away', () => {
    const { lineage, push, consistent } = reader();
    push(spawn('zeta'));
    const spawnId = last();
    push(validate('zeta'));
    const validation = `validation:${last()}`;
    expect(lineage.subagentRows).toBe(1);
    expect(lineage.validationRows).toBe(1);
    expect(lineage.edges.get(`subagent:${spawnId}->${validation}`)!.reasons).toEqual(['subagent_name']);
    expect(lineage.edges.has(`session:s->${validation}`)).toBe(false);
    // Renamed: the row goes into the graph and the validation no longer has a subagent of its name.
    const d = push(correct(spawnId, { subagent_name: 'eta' }));
    expect(lineage.subagentRows).toBe(0);
    expect(lineage.edges.has(`subagent:${spawnId}->${validation}`)).toBe(false);
    expect(lineage.edges.has(`session:s->${validation}`)).toBe(true);
    expect(d.removedEdges).toContain(`subagent:${spawnId}->${validation}`);
    consistent();
  });

  it('a validation of a row subagent still hangs under it once a correction moves the row into the graph', () => {
    const { lineage, push } = reader();
    push(spawn('theta'));
    const spawnId = last();
    push(validate('theta'), complete(spawnId, null));
    push(correct(last(), { success: false }));
    expect(lineage.subagentRows).toBe(0);
    const validation = `validation:e${written.seq - 2}`;
    expect(lineage.edges.get(`subagent:${spawnId}->${validation}`)).toBeDefined();
    expect(lineage.nodes.get(`subagent:${spawnId}`)!.data['success']).toBe(false);
  });

  it('an observation read before its own spawn moves to it, rows staying rows (two writers)', () => {
    const { lineage, push, consistent } = reader();
    push(observe('iota'));
    const early = last();
    expect(lineage.nodeOf(early)).toBe(`event:${early}`);
    push(spawn('iota')); // before any spawn of its name, an observation attaches to the first
    const first = `subagent:${last()}`;
    expect(lineage.nodeOf(early)).toBe(first);
    expect(lineage.nodes.has(`event:${early}`)).toBe(false);
    expect(lineage.nodes.get(first)!.data['observations']).toBe(1);
    // A second writer's: the observation (seq 11) read before its spawn (seq 10), first filed under
    // the spawn before it, then moved to its own.
    written.seq += 1;
    push(observe('iota'));
    const later = last();
    expect(lineage.nodeOf(later)).toBe(first);
    const d = push(spawn('iota', { seq: written.seq - 1, event_id: 'spawn-own' }));
    expect(lineage.nodeOf(later)).toBe('subagent:spawn-own');
    expect(lineage.nodes.get(first)!.data['observations']).toBe(1);
    expect(lineage.nodes.get('subagent:spawn-own')!.data['observations']).toBe(1);
    expect(d.upsertedNodes.map((n) => n.id).sort()).toEqual([first, 'subagent:spawn-own'].sort());
    expect(lineage.subagentRows).toBe(2);
    consistent();
  });

  it('keeps many rows, each with its events', () => {
    const { lineage, push, consistent } = reader();
    for (let i = 0; i < 3000; i++) {
      push(spawn(`n${i % 7}`));
      const spawnId = last();
      push(observe(`n${i % 7}`), complete(spawnId, `kid-${i}`, { iterations: i }));
    }
    expect(lineage.subagentRows).toBe(3000);
    for (const i of [0, 1023, 1024, 2999]) {
      const child = lineage.nodes.get(`child:kid-${i}`)!;
      expect(child.data['childSessionId']).toBe(`kid-${i}`);
      const owner = [...lineage.edges.values()].find((e) => e.target === child.id)!.source;
      expect(lineage.nodes.get(owner)!.data).toMatchObject({ iterations: i, observations: 1 });
    }
    consistent();
  });
});

describe('validation table', () => {
  it('keeps a validation as a row, its edge from its subagent once one of its name is spawned', () => {
    const { lineage, push, consistent } = reader();
    const before = push(validate('kappa'));
    const id = `validation:${last()}`;
    expect(lineage.validationRows).toBe(1);
    expect(before.upsertedEdges.map((e) => e.id)).toEqual([`session:s->${id}`]);
    expect(lineage.nodes.get(id)).toMatchObject({ kind: 'validation', label: 'produces passed' });
    expect(lineage.nodes.get(id)!.data).toEqual({
      subagentName: 'kappa',
      verdict: 'passed',
      patterns: 1,
      missing: 0,
    });
    // The first spawn of its name takes it (it came before any): the edge moves.
    const after = push(spawn('kappa'));
    const owner = `subagent:${last()}`;
    expect(after.removedEdges).toEqual([`session:s->${id}`]);
    expect(after.upsertedEdges.map((e) => e.id)).toContain(`${owner}->${id}`);
    expect(lineage.edges.get(`${owner}->${id}`)!.reasons).toEqual(['subagent_name']);
    expect(lineage.validationRows).toBe(1);
    consistent();
  });

  it('moves a corrected validation into the graph', () => {
    const { lineage, push, consistent } = reader();
    push(spawn('lambda'));
    const owner = `subagent:${last()}`;
    push(validate('lambda'));
    const event = last();
    const d = push(correct(event, { verdict: 'partial' }));
    expect(lineage.validationRows).toBe(0);
    const node = lineage.nodes.get(`validation:${event}`)!;
    expect(node.data['verdict']).toBe('partial');
    expect(node.corrections.map((c) => c.fields)).toEqual([['verdict']]);
    expect(d.upsertedNodes.map((n) => n.id)).toContain(`validation:${event}`);
    expect(lineage.edges.has(`${owner}->validation:${event}`)).toBe(true);
    expect(lineage.subagentRows).toBe(1);
    consistent();
  });
});
