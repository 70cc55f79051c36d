/** Every rule of the validator, on ledgers built for it: the valid ledger passes, each break is named. */
import { describe, expect, it } from 'vitest';
import { analyseMemoryLedger, type MemoryLedgerAccess } from './memory-access';
import { LedgerBuilder, richLedger } from './testing/ledger-builder';
import type { LedgerViolation } from './types';

async function violationsOf(
  b: LedgerBuilder,
  edit?: (access: MemoryLedgerAccess) => void,
): Promise<LedgerViolation[]> {
  const access = await b.access();
  edit?.(access);
  return (await analyseMemoryLedger(access)).model.violations;
}

const brief = (vs: LedgerViolation[]) => vs.map((v) => [v.eventId, v.rule]);

describe('a valid ledger', () => {
  it('with branches, a merge, a rollup, a binary change, snapshots and bookmarks has no violation', async () => {
    expect(await violationsOf(richLedger())).toEqual([]);
  });
});

describe('CT-PROV-04: an agent edit needs preflight.ok = true', () => {
  it('rejects an agent edit without preflight, with ok false or with ok "true"', async () => {
    const b = richLedger();
    delete b.event('e3')['preflight'];
    b.event('e4')['preflight'] = { ok: false };
    b.event('f1')['preflight'] = { ok: 'true' };
    b.event('e8')['preflight'] = { report_artifact: 'r.json' };
    const vs = (await violationsOf(b)).filter((v) => v.rule === 'CT-PROV-04');
    expect(brief(vs)).toEqual([
      ['e3', 'CT-PROV-04'],
      ['e4', 'CT-PROV-04'],
      ['f1', 'CT-PROV-04'],
      ['e8', 'CT-PROV-04'],
    ]);
    expect(vs[0]!.message).toBe('agent edit (edit_replace) rejected: no preflight recorded, it must be true');
    expect(vs[1]!.message).toContain('preflight.ok is false');
    expect(vs[3]!.message).toContain('preflight.ok is missing');
  });

  it('does not ask it of a human edit, nor of an agent event that edits nothing', async () => {
    const b = richLedger();
    b.event('e3')['author'] = { name: 'ann', kind: 'human' };
    delete b.event('e3')['preflight'];
    b.event('b1')['author'] = { name: 'bot', kind: 'agent' };
    expect(await violationsOf(b)).toEqual([]);
  });
});

describe('CT-PROV-05: a binary diff needs artifact_impacts[].summary', () => {
  it('fails a binary event with no impacts, an impact without summary, an empty summary, a file no impact names', async () => {
    const b = new LedgerBuilder();
    b.binary('no-impacts', 'a.png', null);
    b.binary('no-summary', 'b.png', { path: 'b.png', hash_before: 'x', hash_after: 'y' });
    b.binary('empty-summary', 'c.png', { path: 'c.png', summary: '  ' });
    b.binary('other-file', 'd.png', { path: 'e.png', summary: 'not d' });
    b.binary('fine', 'f.png');
    const vs = await violationsOf(b);
    expect(vs.map((v) => [v.eventId, v.rule, v.field])).toEqual([
      ['no-impacts', 'CT-PROV-05', '/artifact_impacts'],
      ['no-summary', 'CT-PROV-05', '/artifact_impacts/0/summary'],
      ['empty-summary', 'CT-PROV-05', '/artifact_impacts/0/summary'],
      ['other-file', 'CT-PROV-05', '/artifact_impacts'],
    ]);
    expect(vs[1]!.message).toBe(
      'binary diff without artifact_impacts[].summary: artifact_impacts[0] (b.png) has no summary',
    );
  });
});

describe('CT-PROV-07: a merge records left, right, base, policy; a post-merge snapshot and bookmark follow', () => {
  it('names each missing field, and a missing snapshot and bookmark', async () => {
    const b = richLedger();
    const m = b.event('m1');
    delete m['base'];
    m['policy'] = '';
    delete m['bookmark'];
    delete m['snapshot_ref'];
    const files = await b.files();
    files.delete('snapshots/snap-merge.json');
    const access = new (await import('./memory-access')).MemoryLedgerAccess(files);
    const vs = (await analyseMemoryLedger(access)).model.violations;
    expect(vs.map((v) => [v.eventId, v.rule, v.message])).toEqual([
      [
        'm1',
        'CT-PROV-07',
        'merge does not record base, policy (a merge records left, right, base and policy)',
      ],
      [
        'm1',
        'CT-PROV-07',
        'merge is not followed by a post-merge snapshot (a manifest on the merge or right after it)',
      ],
      ['m1', 'CT-PROV-07', 'merge is not followed by a post-merge bookmark'],
    ]);
  });

  it('accepts the snapshot and bookmark on a snapshot_create right after the merge', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n');
    b.merge('m1', { left: 'e1', right: 'e1', base: 'e1' }, { 'a.txt': 'one\ntwo\n' });
    b.marker('after', 'snapshot_create', { bookmark: 'post-merge', extra: { snapshot_ref: 'snap-m' } });
    b.snapshot('snap-m', 'after');
    expect(await violationsOf(b)).toEqual([]);
  });

  it('does not take a snapshot after the next change as the post-merge one', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n');
    b.merge('m1', { left: 'e1', right: 'e1', base: 'e1' }, { 'a.txt': 'one\ntwo\n' });
    b.write('e2', 'a.txt', 'one\ntwo\nthree\n', { bookmark: 'late' });
    b.snapshot('late-snap', 'e2');
    expect(brief(await violationsOf(b))).toEqual([
      ['m1', 'CT-PROV-07'],
      ['m1', 'CT-PROV-07'],
    ]);
  });
});

describe("a snapshot's event_offset lies within the ledger", () => {
  it('flags an offset past the last event or below zero; 0 and the event count are inside', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n');
    b.write('e2', 'a.txt', 'two\n');
    b.snapshot('first', 'e1', { event_offset: 0, base_event_id: undefined });
    b.snapshot('last', 'e2', { event_offset: 2 });
    b.snapshot('past', 'e2', { event_offset: 3 });
    b.snapshot('below', 'e2', { event_offset: -1 });
    const vs = await violationsOf(b);
    expect(vs.map((v) => [v.eventId, v.rule, v.snapshotId, v.file])).toEqual([
      ['e2', 'event-offset', 'below', 'snapshots/below.json'],
      ['e2', 'event-offset', 'past', 'snapshots/past.json'],
      [null, 'schema', 'first', 'snapshots/first.json'],
    ]);
    expect(vs[1]!.message).toBe(
      'snapshots/past.json: event_offset 3 lies outside the ledger, which holds 2 events (0 … 2)',
    );
  });
});

describe('path-escape: a diff_path or tar_uri never leaves the ledger folder', () => {
  it.each([
    ['../outside.patch', 'climbs above the ledger folder'],
    ['diffs/../../outside.patch', 'climbs above the ledger folder'],
    ['/etc/passwd', 'is absolute'],
    ['C:\\Windows\\x.patch', 'has a drive letter'],
    ['\\\\server\\share\\x.patch', 'is absolute'],
  ])('diff_path %s', async (diffPath, reason) => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n', { extra: { diff_path: diffPath } });
    const vs = await violationsOf(b);
    expect(vs).toMatchObject([{ eventId: 'e1', rule: 'path-escape', field: '/diff_path' }]);
    expect(vs[0]!.message).toContain(reason);
  });

  it.each([
    ['../snap.tar', 'climbs above the ledger folder'],
    ['/var/snap.tar', 'is absolute'],
    ['file:///var/snap.tar', 'is an absolute file: URI'],
    ['file:..%2Fsnap.tar', 'climbs above the ledger folder'],
    ['s3://bucket/snap.tar', 'is a s3: URI'],
  ])('tar_uri %s', async (tarUri, reason) => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n');
    b.snapshot('s1', 'e1', { tar_uri: tarUri });
    const vs = await violationsOf(b);
    expect(vs).toMatchObject([{ eventId: 'e1', rule: 'path-escape', snapshotId: 's1', field: '/tar_uri' }]);
    expect(vs[0]!.message).toContain(reason);
  });

  it('accepts paths that stay inside, also through .. that comes back', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n', { extra: { diff_path: 'diffs/x/../e1.patch' } });
    b.snapshot('s1', 'e1', { tar_uri: 'file:snapshots/s1.tar' });
    expect(await violationsOf(b)).toEqual([]);
  });
});

describe('diff files', () => {
  it('reports a diff_path that names no file, and a unified diff that does not parse', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n');
    b.write('e2', 'a.txt', 'two\n');
    b.write('e3', 'a.txt', 'three\n', { extra: { diff_path: 'diffs/none.patch' } });
    const vs = await violationsOf(b, (access) => {
      access.set('diffs/e2.patch', '--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n?two\n');
    });
    expect(vs.map((v) => [v.eventId, v.rule])).toEqual([
      ['e2', 'diff-unparseable'],
      ['e3', 'diff-missing'],
    ]);
  });

  it('does not hold an ast or schema diff to the unified format', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.json', '{}\n', { extra: { diff_mode: 'schema' } });
    expect(
      await violationsOf(b, (access) => {
        access.set('diffs/e1.patch', '{"op": "add", "path": "/x"}');
      }),
    ).toEqual([]);
  });
});

describe('references', () => {
  it('reports a parent_event_id, snapshot_ref or base_event_id that names nothing', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n', { extra: { parent_event_id: 'e9' } });
    b.write('e2', 'a.txt', 'two\n', { extra: { snapshot_ref: 'snap-none', parent_event_id: 'e3' } });
    b.write('e3', 'a.txt', 'three\n', { extra: { parent_event_id: 'e3' } });
    b.snapshot('s1', 'e3', { base_event_id: 'gone', event_offset: 3 });
    const vs = await violationsOf(b);
    expect(vs.map((v) => [v.eventId, v.rule, v.field])).toEqual([
      ['e1', 'dangling-ref', 'parent_event_id'],
      ['e2', 'dangling-ref', 'parent_event_id'],
      ['e2', 'dangling-ref', 'snapshot_ref'],
      ['e3', 'dangling-ref', 'parent_event_id'],
      ['gone', 'dangling-ref', '/base_event_id'],
    ]);
    expect(vs[1]!.message).toContain('names a later event (line 3)');
    expect(vs[3]!.message).toBe('parent_event_id "e3" names the event itself');
  });

  it('reports a bookmark name used twice; the first keeps it', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n', { bookmark: 'x' });
    b.write('e2', 'a.txt', 'two\n', { bookmark: 'x' });
    const ledger = await analyseMemoryLedger(await b.access());
    expect(brief(ledger.model.violations)).toEqual([['e2', 'duplicate-bookmark']]);
    expect(ledger.model.bookmarks).toMatchObject([{ name: 'x', eventId: 'e1' }]);
  });
});

describe('replay_divergence (CT-PROV-01) and rollup equivalence (CT-PROV-06)', () => {
  it('flags a manifest hash that the diffs do not rebuild', async () => {
    const b = richLedger();
    const vs = await violationsOf(b, (access) => {
      const manifest = JSON.parse(new TextDecoder().decode(access.files.get('snapshots/s2.json')));
      manifest.hashes['src/app.py'] = `sha256:${'0'.repeat(64)}`;
      access.set('snapshots/s2.json', JSON.stringify(manifest));
    });
    expect(vs).toMatchObject([
      {
        eventId: 'e6',
        rule: 'replay_divergence',
        snapshotId: 's2',
        field: '/hashes/src/app.py',
        eventIndex: 5,
      },
    ]);
    expect(vs[0]!.message).toMatch(
      /^snapshots\/s2\.json: src\/app\.py: the manifest says sha256:0{64}; rebuilt from the diffs/,
    );
  });

  it('flags a rollup whose patch does not give what its raw events give', async () => {
    const b = richLedger();
    const vs = await violationsOf(b, (access) => {
      const patch = new TextDecoder().decode(access.files.get('diffs/e5.patch'));
      access.set('diffs/e5.patch', patch.replace('+    return 0', '+    return 1'));
    });
    expect(vs.map((v) => [v.eventId, v.rule, v.message])).toEqual([
      [
        'e5',
        'CT-PROV-06',
        'rollup of operation "op-greet" (2 raw events) is not equivalent for src/app.py: the rollup gives different content than its raw events',
      ],
    ]);
  });
});

describe('several violations at once', () => {
  it('reports each, in ledger order, located by event', async () => {
    const b = richLedger();
    delete b.event('e3')['preflight'];
    b.event('e6')['artifact_impacts'] = [{ path: 'docs/diagram.png' }];
    b.event('f1')['diff_path'] = '../../escape.patch';
    delete b.event('m1')['right'];
    b.event('e8')['ts'] = 'not a time';
    const access = await b.access();
    const text = new TextDecoder().decode(access.files.get('events.jsonl'));
    const lines = text.split('\n');
    lines.splice(3, 0, '{"torn": '); // line 4, after e3
    access.set('events.jsonl', lines.join('\n'));
    const ledger = await analyseMemoryLedger(access);
    expect(ledger.model.violations.map((v) => [v.line, v.eventId, v.rule])).toEqual([
      [3, 'e3', 'CT-PROV-04'],
      [4, null, 'parse-error'],
      [7, 'e6', 'CT-PROV-05'],
      [9, 'f1', 'path-escape'],
      [12, 'm1', 'CT-PROV-07'],
      [13, 'e8', 'schema'],
    ]);
    const e3 = ledger.model.events.find((e) => e.id === 'e3')!;
    expect(e3.rules).toEqual(['CT-PROV-04']);
    expect(ledger.model.violations[0]!.eventIndex).toBe(e3.index);
  });
});
