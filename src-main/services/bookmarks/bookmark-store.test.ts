// The one bookmark store over a real temp user-data folder: add, edit, remove, persistence across
// instances, a corrupt file set aside (never lost), the old ledger-bookmarks.json taken in.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookmarkDraft } from '../../../src-shared/bridge/services/bookmarks-service';
import { BOOKMARKS_FILE, BookmarkStore } from './bookmark-store';
import { bookmarksService } from './bookmarks-provider';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'le-bookmarks-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const LOG = '/home/me/.sciagent/sessions/abc/provenance.jsonl';
const atEvent: BookmarkDraft = {
  target: { kind: 'session', key: LOG, at: { kind: 'event', id: 'ev-7' } },
  name: 'launch',
  note: 'the first launch',
  targetLabel: 'compute_job_launched #7',
  seq: 7,
};
const atNode: BookmarkDraft = {
  target: { kind: 'document', key: '/data/b/.treetrace', at: { kind: 'node', id: 'n2' } },
  name: 'rejection',
  note: '',
  targetLabel: 'node n2',
  seq: null,
};

describe('BookmarkStore', () => {
  it('adds, edits and removes, and a new instance reads the same', async () => {
    const store = new BookmarkStore(dir);
    const a = await store.add(atEvent);
    const b = await store.add(atNode);
    expect(a.id).not.toBe(b.id);
    expect((await store.list()).bookmarks).toEqual([a, b]);

    const edited = await store.edit(a.id, 'launch 1', 'now with a longer note');
    expect(edited).toMatchObject({
      id: a.id,
      name: 'launch 1',
      note: 'now with a longer note',
      target: a.target,
    });
    expect(await store.edit('nope', 'x', '')).toBeUndefined();

    const again = new BookmarkStore(dir);
    expect((await again.list()).bookmarks.map((x) => [x.name, x.target])).toEqual([
      ['launch 1', atEvent.target],
      ['rejection', atNode.target],
    ]);
    expect(await again.remove(b.id)).toBe(true);
    expect(await again.remove(b.id)).toBe(false);
    expect((await new BookmarkStore(dir).list()).bookmarks.map((x) => x.id)).toEqual([a.id]);
    // Written atomically: no temp file left behind.
    expect((await readdir(dir)).sort()).toEqual([BOOKMARKS_FILE]);
  });

  it('serialises concurrent writes (none lost) and tells listeners', async () => {
    const store = new BookmarkStore(dir);
    let changes = 0;
    store.onChange(() => changes++);
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.add({ ...atEvent, name: `b${i}` })));
    expect((await store.list()).bookmarks).toHaveLength(10);
    expect(changes).toBe(10);
  });

  it('sets a corrupt file aside with a clear message and loses nothing of it', async () => {
    const file = path.join(dir, BOOKMARKS_FILE);
    const garbage = '{"version": 1, "bookmarks": [ {"id": "x", "name": "half writ';
    await writeFile(file, garbage);
    const store = new BookmarkStore(dir);
    const listed = await store.list();
    expect(listed.bookmarks).toEqual([]);
    expect(listed.problem).toMatch(/could not be read: it is not JSON/);
    const backup = (await readdir(dir)).find((f) => f.startsWith('bookmarks.corrupt-'))!;
    expect(listed.problem).toContain(backup);
    expect(await readFile(path.join(dir, backup), 'utf8')).toBe(garbage);

    // A new bookmark starts a fresh, valid file; the backup stays as it was.
    await store.add(atNode);
    expect(JSON.parse(await readFile(file, 'utf8')).bookmarks).toHaveLength(1);
    expect(await readFile(path.join(dir, backup), 'utf8')).toBe(garbage);
    expect((await store.list()).problem).toContain(backup);
  });

  it('keeps entries it does not understand when it writes', async () => {
    const odd = { id: 'future', target: { kind: 'timeline-range', from: 1, to: 9 }, name: 'from v2' };
    await writeFile(path.join(dir, BOOKMARKS_FILE), JSON.stringify({ version: 1, bookmarks: [odd] }));
    const store = new BookmarkStore(dir);
    expect((await store.list()).bookmarks).toEqual([]);
    await store.add(atEvent);
    const written = JSON.parse(await readFile(path.join(dir, BOOKMARKS_FILE), 'utf8')) as {
      bookmarks: unknown[];
    };
    expect(written.bookmarks).toContainEqual(odd);
    expect(written.bookmarks).toHaveLength(2);
  });

  it('takes in the old ledger-bookmarks.json, never writes it, and does not bring back a deleted one', async () => {
    const legacy = JSON.stringify({
      version: 1,
      bookmarks: [
        {
          id: 'L1',
          ledger: '/data/ledger',
          eventKey: 'e6',
          eventId: 'e6',
          name: 'diagram',
          note: 'look',
          createdAt: '2026-01-02T03:04:05.000Z',
        },
        {
          id: 'L2',
          ledger: '/data/ledger',
          eventKey: 'e8',
          eventId: null,
          name: 'end',
          note: '',
          createdAt: '2026-01-02T03:04:06.000Z',
        },
      ],
    });
    const legacyFile = path.join(dir, 'ledger-bookmarks.json');
    await writeFile(legacyFile, legacy);
    const store = new BookmarkStore(dir);
    const listed = (await store.list()).bookmarks;
    expect(listed).toMatchObject([
      {
        id: 'L1',
        name: 'diagram',
        note: 'look',
        target: { kind: 'document', key: '/data/ledger', at: { kind: 'event', id: 'e6' } },
        targetLabel: 'event e6',
        createdAt: '2026-01-02T03:04:05.000Z',
      },
      { id: 'L2', name: 'end', target: { at: { kind: 'event', id: 'e8' } } },
    ]);
    await store.remove('L1');
    await store.edit('L2', 'the end', 'renamed');
    const again = (await new BookmarkStore(dir).list()).bookmarks;
    expect(again.map((b) => [b.id, b.name])).toEqual([['L2', 'the end']]);
    expect(await readFile(legacyFile, 'utf8')).toBe(legacy);
  });
});

describe('bookmarksService', () => {
  const open = { hasSession: (k: string) => k === LOG, hasDocument: () => false };

  it('marks a bookmark whose session is gone, and keeps it', async () => {
    const store = new BookmarkStore(dir);
    await store.add(atEvent);
    await store.add(atNode);
    const { bookmarks } = await bookmarksService(store, open).list();
    expect(bookmarks.map((b) => [b.name, b.container])).toEqual([
      ['launch', 'present'],
      ['rejection', 'gone'],
    ]);
  });

  it('pins only points in what is open, and says which bookmark is unknown', async () => {
    const service = bookmarksService(new BookmarkStore(dir), open);
    await expect(service.add(atNode)).rejects.toMatchObject({ code: 'not-found' });
    const made = await service.add(atEvent);
    expect(await service.update(made.id, 'x', 'y')).toMatchObject({ name: 'x', note: 'y' });
    await expect(service.update('nope', 'x', '')).rejects.toMatchObject({ code: 'not-found' });
    await service.remove(made.id);
    await expect(service.remove(made.id)).rejects.toMatchObject({ code: 'not-found' });
  });
});
