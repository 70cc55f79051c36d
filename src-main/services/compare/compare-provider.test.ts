// The compare service over a real SessionStore (real chokidar, real parse and compare workers,
// real files in a temp folder). Needs `npm run build` (the workers).
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeError, METHOD_ARGS } from '../../../src-shared/bridge/contract';
import { SessionStore } from '../sessions/session-store';
import { compareService } from './compare-provider';

const FIXTURES = new URL('../../../src-shared/lineage/compare/fixtures/', import.meta.url);
let base: string;
let home: string;
let outside: string;
let store: SessionStore;

async function place(dir: string, id: string, fixture: string): Promise<string> {
  const log = path.join(dir, 'sessions', id, 'provenance.jsonl');
  await mkdir(path.dirname(log), { recursive: true });
  await copyFile(new URL(fixture, FIXTURES), log);
  return log;
}

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'le-compare-'));
  home = path.join(base, 'home');
  outside = path.join(base, 'elsewhere');
  await place(home, 'flip-sess', 'flip-sess.jsonl');
  await place(home, '42d50babf77e', 'real-42d50babf77e.jsonl');
  await place(home, '3326ebef62bf', 'real-3326ebef62bf.jsonl');
  await place(outside, 'other', 'flip-sess.jsonl');
  store = new SessionStore({ roots: [home], poolSize: 1 });
  await store.start();
  await store.idle();
});

afterAll(async () => {
  await store.close();
  await rm(base, { recursive: true, force: true });
});

const key = (id: string) => path.join(home, 'sessions', id, 'provenance.jsonl');

describe('compare service', () => {
  it('compares one session at two seqs in a worker thread', async () => {
    const service = compareService(store);
    const r = await service.compare(
      { sessionKey: key('flip-sess'), uptoSeq: 6 },
      { sessionKey: key('flip-sess'), uptoSeq: 9 },
    );
    expect(r.mode).toBe('same-session');
    expect(r.a.sessionId).toBe('flip-sess');
    expect(r.summary.steps).toEqual({ same: 5, changed: 1, added: 3, removed: 0 });
    expect(r.summary.corrections.added).toBe(1);
    expect(r.verdictFlips.map((f) => `${f.subject}:${f.before}→${f.after}`).sort()).toEqual([
      'artifact:verified→refuted',
      'verification:verified→insufficient',
    ]);
  });

  it('compares two sessions and clips its lists to the limit it is given, counting all', async () => {
    const service = compareService(store, { maxListed: 3 });
    const r = await service.compare(
      { sessionKey: key('42d50babf77e'), uptoSeq: null },
      { sessionKey: key('3326ebef62bf'), uptoSeq: null },
    );
    expect(r.mode).toBe('two-sessions');
    expect(r.nodes).toHaveLength(3);
    expect(r.summary.nodes.added + r.summary.nodes.removed + r.summary.nodes.changed).toBe(
      3 + r.notListed.nodes,
    );
    expect(r.summary.steps.same + r.summary.steps.changed + r.summary.steps.removed).toBe(54);
  });

  it('refuses a session it does not follow, outside the opened folders', async () => {
    const service = compareService(store);
    const foreign = path.join(outside, 'sessions', 'other', 'provenance.jsonl');
    await expect(
      service.compare(
        { sessionKey: foreign, uptoSeq: null },
        { sessionKey: key('flip-sess'), uptoSeq: null },
      ),
    ).rejects.toMatchObject({ code: 'not-found', message: `no session ${foreign}` });
  });

  it('says which log it could not read when a followed log disappears', async () => {
    const gone = await place(home, 'gone', 'flip-sess.jsonl');
    await store.idle();
    await rm(gone);
    const service = compareService({
      roots: store.roots,
      list: () => [...store.list(), { ...store.list()[0]!, key: gone }],
    });
    const error = await service
      .compare({ sessionKey: key('flip-sess'), uptoSeq: null }, { sessionKey: gone, uptoSeq: 3 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({
      code: 'not-found',
      message: `cannot read ${gone}: no such file or folder`,
    });
  });

  it('checks its arguments at the bridge', () => {
    const check = METHOD_ARGS.compare.compare;
    expect(
      check([
        { sessionKey: 'k', uptoSeq: 3 },
        { sessionKey: 'k', uptoSeq: null },
      ]),
    ).toEqual([
      { sessionKey: 'k', uptoSeq: 3 },
      { sessionKey: 'k', uptoSeq: null },
    ]);
    expect(
      check([
        { sessionKey: 'k', uptoSeq: -1 },
        { sessionKey: 'k', uptoSeq: null },
      ]),
    ).toMatch(/uptoSeq/);
    expect(
      check([
        { sessionKey: '', uptoSeq: 1 },
        { sessionKey: 'k', uptoSeq: null },
      ]),
    ).toMatch(/session key/);
    expect(
      check([
        { sessionKey: 'k', uptoSeq: 1.5 },
        { sessionKey: 'k', uptoSeq: null },
      ]),
    ).toMatch(/uptoSeq/);
    expect(check([{ sessionKey: 'k' }])).toMatch(/two sides/);
  });
});
