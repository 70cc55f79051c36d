/**
 * The comparison engine on real logs (corpus copies in fixtures/) and on small logs built to
 * hold one difference each: a later bookmark, a verdict that flips, a correction added,
 * identical sides, and the cut rules.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareSides, readSide, type BuiltSide } from './compare-sides';
import type { AlignedBlock, CompareResult, StepRow } from './compare-types';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const enc = new TextEncoder();

function side(name: string, uptoSeq: number | null, bytes = fixture(name), key = name): BuiltSide {
  return readSide({ sessionKey: key, uptoSeq }, name.replace(/\.jsonl$/, ''), [bytes]);
}

function event(seq: number | null, kind: string, id: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    schema_version: '2',
    event_id: id,
    event_kind: kind,
    session_id: 's',
    ...(seq === null ? {} : { seq }),
    ...extra,
  });
}

const rows = (r: CompareResult): StepRow[] =>
  r.steps.blocks.flatMap((b: AlignedBlock) => (b.type === 'row' ? [b.row] : b.rows));
const shape = (r: CompareResult) =>
  r.steps.blocks.map((b) =>
    b.type === 'row' ? `${b.row.change}:${(b.row.b ?? b.row.a)!.seq}` : `unchanged×${b.count}`,
  );

describe('one session at two bookmarks', () => {
  it('keeps the shared prefix as one collapsed run and lists the steps added after it', () => {
    const r = compareSides(side('flip-sess.jsonl', 6), side('flip-sess.jsonl', 8));
    expect(r.mode).toBe('same-session');
    expect(r.steps.matchedBy).toBe('event-id');
    expect(shape(r)).toEqual(['unchanged×6', 'added:7', 'added:8']);
    expect(r.a.cut).toEqual({ lineNo: 6, seq: 6 });
    expect(r.b.events).toBe(8);
    // The job went from running to completed; a second data-gate verdict appeared.
    expect(r.nodes).toEqual([
      expect.objectContaining({
        key: 'job:fit-job',
        change: 'changed',
        fields: [{ field: 'status', before: 'running', after: 'completed' }],
      }),
      expect.objectContaining({ key: 'verification:e8', change: 'added' }),
    ]);
    expect(r.edges.map((e) => [e.change, e.source.nodeId, e.target.nodeId])).toEqual([
      ['added', 'artifact:/out/fit.csv', 'verification:e8'],
    ]);
    // The artifact's latest verdict flipped.
    expect(r.verdictFlips).toEqual([
      expect.objectContaining({
        subject: 'artifact',
        key: 'artifact:/out/fit.csv',
        before: 'verified',
        after: 'refuted',
      }),
    ]);
    expect(r.summary).toMatchObject({
      nodes: { added: 1, removed: 0, changed: 1 },
      edges: { added: 1, removed: 0 },
      verdictFlips: 1,
      corrections: { added: 0, removed: 0 },
      steps: { same: 6, changed: 0, added: 2, removed: 0 },
    });
  });

  it('reports a correction added between the bookmarks, the verdict it flipped and the step it changed', () => {
    const r = compareSides(side('flip-sess.jsonl', 8), side('flip-sess.jsonl', 9));
    expect(r.corrections).toEqual([
      expect.objectContaining({
        change: 'added',
        correctionId: 'e9',
        eventId: 'e6',
        fields: ['verdict'],
        reason: 'the first check read a stale file',
        before: { verdict: 'verified' },
        after: { verdict: 'insufficient' },
      }),
    ]);
    expect(r.verdictFlips).toEqual([
      expect.objectContaining({
        subject: 'verification',
        key: 'verification:e6',
        before: 'verified',
        after: 'insufficient',
      }),
    ]);
    const changed = rows(r).filter((x) => x.change === 'changed');
    expect(changed).toEqual([expect.objectContaining({ note: 'verified → insufficient; corrected' })]);
    expect(changed[0]!.b!.eventId).toBe('e6');
    expect(shape(r)).toEqual(['unchanged×5', 'changed:6', 'unchanged×2', 'added:9']);
  });

  it('shows the steps removed when the later bookmark is side A', () => {
    const r = compareSides(side('flip-sess.jsonl', 8), side('flip-sess.jsonl', 6));
    expect(shape(r)).toEqual(['unchanged×6', 'removed:7', 'removed:8']);
    expect(r.verdictFlips[0]).toMatchObject({ before: 'refuted', after: 'verified' });
  });

  it('shows an expected artifact that was missing give way to the artifact produced', () => {
    const r = compareSides(side('e2e-sess.jsonl', 3), side('e2e-sess.jsonl', null));
    const byKey = new Map(r.nodes.map((n) => [n.key, n]));
    expect(byKey.get('expected:sciagent-x:postProcessing/probes/0/U')).toMatchObject({
      change: 'removed',
      a: { missing: true },
    });
    expect(byKey.get('artifact:/workspace/postProcessing/probes/0/U')).toMatchObject({
      change: 'added',
      b: { missing: false },
    });
    // The first tool call was corrected later: a correction added, and its step changed.
    expect(r.corrections.map((c) => [c.change, c.node?.nodeId])).toEqual([['added', 'tool:tc1']]);
    expect(shape(r).slice(0, 2)).toEqual(['changed:1', 'unchanged×2']);
  });

  it('collapses everything when the two sides are identical', () => {
    const r = compareSides(side('real-88753ff4b751.jsonl', null), side('real-88753ff4b751.jsonl', null));
    expect(shape(r)).toEqual(['unchanged×92']);
    expect(r.nodes).toEqual([]);
    expect(r.edges).toEqual([]);
    expect(r.verdictFlips).toEqual([]);
    expect(r.corrections).toEqual([]);
    // Two copies of one log under two keys: matched by meaning, still nothing differs.
    const copy = compareSides(
      side('real-88753ff4b751.jsonl', null),
      side('real-88753ff4b751.jsonl', null, fixture('real-88753ff4b751.jsonl'), 'elsewhere/copy.jsonl'),
    );
    expect(copy.mode).toBe('two-sessions');
    expect(shape(copy)).toEqual(['unchanged×92']);
    expect(copy.summary.nodes).toEqual({ added: 0, removed: 0, changed: 0 });
    expect(copy.summary.edges).toEqual({ added: 0, removed: 0 });
  });
});

describe('two sessions', () => {
  const r = compareSides(side('real-42d50babf77e.jsonl', null), side('real-3326ebef62bf.jsonl', null));
  const all = rows(r);

  it('pairs every step of each side exactly once, in order', () => {
    const c = r.summary.steps;
    expect(c.same + c.changed + c.removed).toBe(54);
    expect(c.same + c.changed + c.added).toBe(29);
    const aSeqs = all.filter((x) => x.a).map((x) => x.a!.seq);
    const bSeqs = all.filter((x) => x.b).map((x) => x.b!.seq);
    expect(aSeqs).toEqual(Array.from({ length: 54 }, (_, i) => i + 1));
    expect(bSeqs).toEqual(Array.from({ length: 29 }, (_, i) => i + 1));
    for (const x of all.filter((x) => x.change === 'same')) expect(x.a!.label).toBe(x.b!.label);
  });

  it('aligns the shared story: the task call, the compute subagent, the LLM verdict, session_end', () => {
    const paired = (aSeq: number) => all.find((x) => x.a?.seq === aSeq);
    expect(paired(17)).toMatchObject({ change: 'same', b: { seq: 11, label: 'tool_call task' } });
    expect(paired(18)).toMatchObject({ change: 'same', b: { seq: 12, label: 'subagent_spawned compute' } });
    expect(paired(53)).toMatchObject({ change: 'same', b: { seq: 28, kind: 'session_end' } });
    // The LLM gate's verdict on the whole run: insufficient there, verified here.
    expect(paired(52)).toMatchObject({ change: 'changed', note: 'insufficient → verified', b: { seq: 27 } });
    // The cluster jobs differ: ten launches of one removed, one launch of the other added.
    expect(all.filter((x) => x.change === 'removed' && x.a!.kind === 'compute_job_launched')).toHaveLength(
      10,
    );
    expect(all.filter((x) => x.change === 'added' && x.b!.kind === 'compute_job_launched')).toHaveLength(1);
  });

  it('matches nodes by meaning: jobs by id, tools by name and order, verdicts by gate and subject', () => {
    const byKey = new Map(r.nodes.map((n) => [n.key, n]));
    expect(byKey.get('job:brca1-analysis')?.change).toBe('added');
    expect(byKey.get('job:sciagent-rcwa-xiong')?.change).toBe('removed');
    expect(byKey.get('subagent:analyze#1')?.change).toBe('removed');
    expect(byKey.has('subagent:compute#1')).toBe(false); // in both, unchanged
    expect(byKey.get('verification:llm on task t-single#1')).toMatchObject({
      change: 'changed',
      fields: [{ field: 'verdict', before: 'insufficient', after: 'verified' }],
    });
    // The flip is listed once (for the verdict node), not again for the session it verifies.
    expect(r.verdictFlips).toEqual([
      expect.objectContaining({ subject: 'verification', before: 'insufficient', after: 'verified' }),
    ]);
  });
});

describe('where a bookmark cuts the log', () => {
  const log = [
    event(1, 'tool_call', 'c1', { tool_call_id: 't1', tool_name: 'bash' }),
    event(null, 'mystery', 'u1'),
    event(2, 'tool_result', 'r1', { tool_call_id: 't1', tool_name: 'bash', success: true }),
    event(5, 'tool_call', 'c2', { tool_call_id: 't2', tool_name: 'todo' }),
    event(6, 'correction', 'x1', { corrects_event_id: 'r1', replacement: { success: false } }),
  ].join('\n');
  const bytes = enc.encode(log);
  const at = (seq: number | null) => side('cut.jsonl', seq, bytes).side;

  it('keeps an unnumbered event read before the cut', () => {
    const s = at(2);
    expect([...s.log.events.keys()]).toEqual(['c1', 'u1', 'r1']);
    expect(s.cutLineNo).toBe(3);
  });

  it('cuts before the first event past a seq that is missing', () => {
    expect([...at(3).log.events.keys()]).toEqual(['c1', 'u1', 'r1']);
    expect(at(0).log.events.size).toBe(0);
  });

  it('does not apply a correction written after the cut', () => {
    expect(at(5).log.events.get('r1')!.corrections).toEqual([]);
    expect(at(6).log.events.get('r1')!.corrections).toHaveLength(1);
    expect(at(6).lineage.nodes.get('tool:t1')!.data['success']).toBe(false);
  });

  it('reads the whole log for a seq past its end, or none given', () => {
    expect(at(99).log.events.size).toBe(5);
    expect(at(99).cutLineNo).toBeNull();
    expect(at(null).log.events.size).toBe(5);
  });

  it('cuts the same way whatever the chunk boundaries', () => {
    const pieces = Array.from(bytes, (b) => Uint8Array.of(b));
    const s = readSide({ sessionKey: 'k', uptoSeq: 2 }, 'k', pieces).side;
    expect([...s.log.events.keys()]).toEqual(['c1', 'u1', 'r1']);
  });
});

it('lists only the edges of a long unchanged run and counts the rest', () => {
  const lines = Array.from({ length: 1000 }, (_, i) =>
    event(i + 1, 'tool_call', `c${i}`, { tool_call_id: `t${i}`, tool_name: 'bash' }),
  ).join('\n');
  const bytes = enc.encode(lines);
  const r = compareSides(side('long.jsonl', 900, bytes), side('long.jsonl', null, bytes));
  const run = r.steps.blocks[0]!;
  expect(run).toMatchObject({ type: 'unchanged', count: 900, omitted: 800, omittedAt: 50 });
  expect(run.type === 'unchanged' && run.rows.at(-1)!.a!.seq).toBe(900);
  expect(r.summary.steps.added).toBe(100);
});

describe('when the diff gives up', () => {
  it('pairs steps greedily with the nearest match ahead and says the alignment is approximate', async () => {
    const { alignSteps } = await import('./align-steps');
    const step = (sig: string, i: number) => ({
      ref: { index: i, eventId: `${sig}${i}`, seq: i + 1, kind: sig, label: sig, nodeId: null },
      signature: sig,
      outcome: '',
      corrections: '',
    });
    const a = ['x', 'p', 'q', 'r', 's', 'y'].map(step);
    const b = ['x', 'q', 'n', 'r', 's', 'y'].map(step);
    const exact = alignSteps(a, b, { matchBy: 'signature' });
    const greedy = alignSteps(a, b, { matchBy: 'signature', maxEditLength: 0 });
    expect(exact.approximate).toBe(false);
    expect(greedy.approximate).toBe(true);
    const changes = (r: typeof exact) =>
      r.blocks
        .flatMap((bl) => (bl.type === 'row' ? [bl.row] : bl.rows))
        .map((row) => `${row.change}:${(row.a ?? row.b)!.label}`);
    // p removed, q paired, n added, r s paired: here the greedy walk finds the minimal alignment too.
    expect(changes(greedy)).toEqual(changes(exact));
    expect(changes(greedy)).toEqual([
      'same:x',
      'removed:p',
      'same:q',
      'added:n',
      'same:r',
      'same:s',
      'same:y',
    ]);
  });
});
