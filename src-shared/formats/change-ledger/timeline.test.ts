/** The model a timeline view draws: lanes, parents, markers, merges, rollups. */
import { describe, expect, it } from 'vitest';
import { analyseMemoryLedger } from './memory-access';
import { LedgerBuilder, richLedger } from './testing/ledger-builder';

async function modelOf(b: LedgerBuilder) {
  return (await analyseMemoryLedger(await b.access())).model;
}

describe('the timeline of the rich ledger', () => {
  it('keeps events in ledger order, each on its lane with its lineage parent', async () => {
    const m = await modelOf(richLedger());
    expect(m.events.map((e) => [e.key, e.lane, e.parentKey])).toEqual([
      ['e1', 'main', null],
      ['e2', 'main', 'e1'],
      ['e3', 'main', 'e2'],
      ['e4', 'main', 'e3'],
      ['e5', 'main', 'e4'],
      ['e6', 'main', 'e5'],
      ['b1', 'feature', 'e6'],
      ['f1', 'feature', 'b1'],
      ['f2', 'feature', 'f1'],
      ['e7', 'main', 'e6'],
      ['m1', 'main', 'e7'],
      ['e8', 'main', 'm1'],
    ]);
  });

  it('draws lanes from branch events, and a merge joining them', async () => {
    const m = await modelOf(richLedger());
    expect(m.lanes).toEqual([
      {
        name: 'main',
        column: 0,
        openedBy: 'root',
        forkKey: null,
        firstKey: 'e1',
        lastKey: 'e8',
        events: 9,
        mergedInto: [],
      },
      {
        name: 'feature',
        column: 1,
        openedBy: 'branch',
        forkKey: 'e6',
        firstKey: 'b1',
        lastKey: 'f2',
        events: 3,
        mergedInto: [{ mergeKey: 'm1', intoLane: 'main' }],
      },
    ]);
    expect(m.merges).toEqual([
      {
        eventKey: 'm1',
        eventIndex: 10,
        lane: 'main',
        left: { raw: 'branch/main', resolvedAs: 'branch', eventKey: 'e7', lane: 'main' },
        right: { raw: 'branch/feature', resolvedAs: 'branch', eventKey: 'f2', lane: 'feature' },
        base: { raw: 'e6', resolvedAs: 'event', eventKey: 'e6', lane: 'main' },
        policy: 'text',
        auto: 'none',
        resolutions: 0,
        binaryChoices: [],
        joins: ['feature'],
        postMergeSnapshot: 'snap-merge',
        postMergeBookmark: 'post-merge',
      },
    ]);
    expect(m.events[10]!.mergeParentKeys).toEqual(['f2']);
  });

  it('puts snapshots and bookmarks on their events as markers', async () => {
    const m = await modelOf(richLedger());
    expect(m.snapshots.map((s) => [s.id, s.eventKey, s.eventIndex, s.eventOffset])).toEqual([
      ['s1', 'e2', 1, 2],
      ['s2', 'e6', 5, 6],
      ['snap-merge', 'm1', 10, 11],
    ]);
    expect(m.bookmarks.map((b) => [b.name, b.eventKey, b.lane])).toEqual([
      ['start', 'e1', 'main'],
      ['mid', 'e6', 'main'],
      ['feature-done', 'f2', 'feature'],
      ['post-merge', 'm1', 'main'],
      ['end', 'e8', 'main'],
    ]);
    expect(m.events.filter((e) => e.snapshotIds.length).map((e) => [e.key, e.snapshotIds])).toEqual([
      ['e2', ['s1']],
      ['e6', ['s2']],
      ['m1', ['snap-merge']],
    ]);
  });

  it('shows a rollup as such, with the raw events it composes', async () => {
    const m = await modelOf(richLedger());
    expect(m.rollups).toEqual([
      { eventKey: 'e5', eventIndex: 4, operationId: 'op-greet', rawEventKeys: ['e3', 'e4'] },
    ]);
    expect(m.events.filter((e) => e.rolledUpBy).map((e) => [e.key, e.rolledUpBy])).toEqual([
      ['e3', 'e5'],
      ['e4', 'e5'],
    ]);
  });
});

describe('lanes', () => {
  it('a rewind opens a lane from the event it rewinds to; later events stay on it', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n');
    b.write('e2', 'a.txt', 'two\n');
    b.marker('r1', 'rewind', { extra: { parent_event_id: 'e1' } });
    b.write('e3', 'b.txt', 'bee\n');
    const m = await modelOf(b);
    expect(m.events.map((e) => [e.key, e.lane, e.parentKey])).toEqual([
      ['e1', 'main', null],
      ['e2', 'main', 'e1'],
      ['r1', 'r1', 'e1'],
      ['e3', 'r1', 'r1'],
    ]);
    expect(m.lanes[1]).toMatchObject({ name: 'r1', openedBy: 'rewind', forkKey: 'e1' });
  });

  it('follows branch names on the events, also when lanes interleave', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n');
    b.write('x1', 'x.txt', 'x\n', { branch: 'x' });
    b.write('e2', 'a.txt', 'two\n', { branch: 'main' });
    b.write('x2', 'x.txt', 'xx\n', { branch: 'x' });
    b.write('x3', 'x.txt', 'xxx\n');
    const m = await modelOf(b);
    expect(m.events.map((e) => [e.key, e.lane, e.parentKey])).toEqual([
      ['e1', 'main', null],
      ['x1', 'x', 'e1'],
      ['e2', 'main', 'e1'],
      ['x2', 'x', 'x1'],
      ['x3', 'x', 'x2'],
    ]);
    expect(m.lanes.map((l) => [l.name, l.openedBy, l.forkKey, l.events])).toEqual([
      ['main', 'root', null, 2],
      ['x', 'event', 'e1', 3],
    ]);
  });

  it('resolves merge sides given as bookmarks, event ids or snapshots, and keeps unknown ones raw', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n', { bookmark: 'ours' });
    b.snapshot('snap-1', 'e1');
    b.write('t1', 't.txt', 't\n', { branch: 'theirs', bookmark: 'theirs-tip' });
    b.merge(
      'm1',
      { left: 'bookmark/ours', right: 'theirs-tip', base: 'snapshot/snap-1', policy: 'semantic' },
      { 't.txt': 't\n' },
      { branch: 'main', bookmark: 'post-merge', extra: { snapshot_ref: 'snap-m' } },
    );
    b.snapshot('snap-m', 'm1');
    b.merge(
      'm2',
      { left: 'nowhere', right: 'm1', base: 'e1' },
      {},
      { bookmark: 'again', extra: { snapshot_ref: 'snap-m2' } },
    );
    b.snapshot('snap-m2', 'm2');
    const m = await modelOf(b);
    expect(m.merges[0]).toMatchObject({
      left: { resolvedAs: 'bookmark', eventKey: 'e1', lane: 'main' },
      right: { resolvedAs: 'bookmark', eventKey: 't1', lane: 'theirs' },
      base: { resolvedAs: 'snapshot', eventKey: 'e1' },
      joins: ['theirs'],
    });
    expect(m.merges[1]).toMatchObject({ left: { raw: 'nowhere', resolvedAs: null, eventKey: null } });
    expect(m.violations).toEqual([]);
  });
});

describe('snapshot placement', () => {
  it('by base_event_id, else by an event whose snapshot_ref names it, else by event_offset', async () => {
    const b = new LedgerBuilder();
    b.write('e1', 'a.txt', 'one\n');
    b.write('e2', 'a.txt', 'two\n', { extra: { snapshot_ref: 'by-ref' } });
    b.write('e3', 'a.txt', 'three\n');
    b.snapshot('by-base', 'e3');
    b.snapshot('by-ref', 'e2', { base_event_id: undefined, hashes: undefined });
    b.snapshot('by-offset', 'e1', { base_event_id: undefined, hashes: undefined, event_offset: 1 });
    b.snapshot('at-start', 'e1', { base_event_id: undefined, hashes: {}, event_offset: 0 });
    const m = await modelOf(b);
    expect(m.snapshots.map((s) => [s.id, s.eventKey, s.eventIndex])).toEqual([
      ['at-start', null, -1],
      ['by-offset', 'e1', 0],
      ['by-ref', 'e2', 1],
      ['by-base', 'e3', 2],
    ]);
    // Only the schema complains (base_event_id is required); every snapshot is still placed.
    expect(new Set(m.violations.map((v) => v.rule))).toEqual(new Set(['schema']));
  });
});
