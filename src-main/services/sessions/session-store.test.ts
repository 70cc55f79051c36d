// Real chokidar, real worker threads, real files in a temp folder. Needs `npm run build` (the worker).
import { decodeSnapshotJson } from './decode-snapshot';
import { appendFile, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../test-support/until';
import type { PushedEvent, SessionDelta } from '../../../src-shared/bridge/contract';
import { decodeNodes } from '../../../src-shared/bridge/graph-columns';
import type { SessionPool } from './session-pool';
import { decodedEvent } from '../encoded-json';
import { SessionStore } from './session-store';

let home: string;
let store: SessionStore | null = null;
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'le-store-'));
});
afterEach(async () => {
  await store?.close();
  store = null;
  await rm(home, { recursive: true, force: true });
});

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({
    schema_version: '2',
    session_id: 'e2e-sess',
    ts: '2026-11-22T02:00:00+00:00',
    ...fields,
  }) + '\n';

/** The e2e fixture session in the temp home, read by a store (one worker) whose pushes are kept. */
async function fixtureStore(): Promise<{ log: string; events: PushedEvent[]; opened: SessionStore }> {
  const log = path.join(home, 'sessions', 'e2e-sess', 'provenance.jsonl');
  await mkdir(path.dirname(log), { recursive: true });
  await copyFile(new URL('./fixtures/e2e-sess.jsonl', import.meta.url), log);
  store = new SessionStore({ roots: [home], poolSize: 1, listCacheFile: null });
  const events: PushedEvent[] = [];
  store.onEvent((e) => events.push(decodedEvent(e)));
  await store.start();
  await store.idle();
  return { log, events, opened: store };
}

describe('SessionStore', () => {
  it('says so when an event read by its structure does not parse when its body is asked for', async () => {
    // A raw tab inside a tool's output: JSON forbids it, the read's scan does not look inside the
    // strings it steps over (slim-scan.ts), so the line counts as an event until its body is read.
    const log = path.join(home, 'sessions', 'odd', 'provenance.jsonl');
    await mkdir(path.dirname(log), { recursive: true });
    const call = line({
      event_id: 'c-1',
      event_kind: 'tool_call',
      seq: 1,
      tool_call_id: 't1',
      tool_name: 'sh',
    });
    const result = line({
      event_id: 'r-1',
      event_kind: 'tool_result',
      seq: 2,
      tool_call_id: 't1',
      tool_name: 'sh',
      success: true,
      output_summary: 'a TAB b',
    }).replace('TAB', '\t');
    await writeFile(log, call + result);
    store = new SessionStore({ roots: [home], poolSize: 1, listCacheFile: null });
    await store.start();
    await store.idle();
    expect(store.list()[0]).toMatchObject({ events: 2, parseErrors: 0, status: 'ready' });
    expect((await store.eventDetail(log, 'c-1')).raw).toMatchObject({ tool_call_id: 't1' });
    await expect(store.eventDetail(log, 'r-1')).rejects.toThrow(
      /event at byte \d+ does not parse now \(.*\): the file changed on disk, or a value in the line is malformed/,
    );
  });

  it('snapshots asked for at once are each whole, and the same session', async () => {
    const { log, opened } = await fixtureStore();
    const [a, b] = await Promise.all([opened.snapshotJson(log).whole(), opened.snapshotJson(log).whole()]);
    expect(decodeSnapshotJson(b)).toEqual(decodeSnapshotJson(a));
    expect(decodeSnapshotJson(a).timeline.length).toBeGreaterThan(0);
  });

  it('follows a session: snapshot, appended events (one split across writes), broken lines, truncation', async () => {
    const log = path.join(home, 'sessions', 'e2e-sess', 'provenance.jsonl');
    await mkdir(path.dirname(log), { recursive: true });
    await copyFile(new URL('./fixtures/e2e-sess.jsonl', import.meta.url), log);
    store = new SessionStore({ roots: [home], poolSize: 1 });
    const events: PushedEvent[] = [];
    store.onEvent((e) => events.push(decodedEvent(e)));
    await store.start();
    await store.idle();

    const [item] = store.list();
    expect(item).toMatchObject({ sessionId: 'e2e-sess', events: 10, parseErrors: 0, status: 'ready' });
    expect(item!.verdicts.verified).toBe(3);
    const snap = await store.snapshot(log);
    expect(decodeNodes(snap.nodes, snap.timeline.eventId).map((n) => n.id)).toContain('job:sciagent-x');
    expect(snap.timeline.length).toBe(10);

    // Node bodies are slim; the full body comes back from disk on demand, with its correction.
    const detail = await store.eventDetail(log, '94fd8637-b01d-4cd6-abb4-94523464a5d8');
    expect((detail.raw as { arguments: unknown }).arguments).toEqual({
      service: 'openfoam',
      command: 'bash Allrun',
    });
    expect((detail.corrected as { arguments: unknown }).arguments).toEqual({
      service: 'openfoam',
      command: 'bash Allrun -parallel',
    });
    expect(detail.lineNo).toBe(1);

    const deltas = () =>
      events.filter((e): e is { type: 'session.delta'; delta: SessionDelta } => e.type === 'session.delta');
    const text = line({
      event_id: 'new-1',
      event_kind: 'tool_call',
      seq: 11,
      tool_call_id: 'tc-new',
      tool_name: 'shell',
    });
    await appendFile(log, text.slice(0, 30));
    await appendFile(log, text.slice(30));
    const added = await until(
      () =>
        deltas().find((d) =>
          decodeNodes(d.delta.lineage.upsertedNodes, d.delta.timeline.eventId).some(
            (n) => n.id === 'tool:tc-new',
          ),
        ),
      'the appended tool call',
    );
    expect(added.delta.timeline.eventId).toEqual(['new-1']);
    expect(added.delta.fromVersion).toBeGreaterThanOrEqual(snap.version);

    await appendFile(log, 'this line is broken\n');
    const broken = await until(() => deltas().find((d) => d.delta.problems.length > 0), 'the parse error');
    const problem = broken.delta.problems[0]!;
    expect(problem).toMatchObject({ type: 'parse-error', lineNo: 12 });
    const raw = await store.rawLine(log, problem.byteOffset, problem.byteLength);
    expect(raw).toMatchObject({ lineNo: 12, text: 'this line is broken' });

    await writeFile(
      log,
      line({ event_id: 'only', event_kind: 'tool_call', seq: 1, tool_call_id: 'x', tool_name: 'y' }),
    );
    const reset = await until(() => deltas().find((d) => d.delta.reset), 'the reset');
    await until(() => store!.list()[0]!.events === 1, 'the re-read');
    expect(reset.delta.summary.notice).toMatch(/truncated|replaced/);
  });

  it('closes a session: its row stays, growth is not read, opening reads it again in full', async () => {
    const { log, events, opened } = await fixtureStore();
    const first = await opened.snapshot(log);

    const row = opened.closeSession(log);
    expect(row).toMatchObject({ closed: true, events: 10, live: false });
    expect(opened.list()[0]).toMatchObject({ closed: true, events: 10 });
    const deltasBefore = events.filter((e) => e.type === 'session.delta').length;

    // A closed log that grows is not read (nor pushed to anyone) until it is opened again.
    await appendFile(
      log,
      line({
        event_id: 'after-close',
        event_kind: 'tool_call',
        seq: 11,
        tool_call_id: 'tc-ac',
        tool_name: 'x',
      }),
    );
    await opened.idle();
    await new Promise((r) => setTimeout(r, 100));
    expect(opened.list()[0]).toMatchObject({ closed: true, events: 10 });
    expect(events.filter((e) => e.type === 'session.delta').length).toBe(deltasBefore);

    void opened.snapshot(log); // opening it: read from the start, appended line included
    await until(() => opened.list()[0]!.events === 11 && opened.list()[0]!.status === 'ready', 'the re-read');
    const again = await opened.snapshot(log);
    expect(again.summary.closed).toBeUndefined();
    // A page that kept the first snapshot never takes the new session's versions for its own.
    expect(again.version).toBeGreaterThan(first.version);
    expect(again.timeline.length).toBe(11);
    expect(decodeNodes(again.nodes, again.timeline.eventId).map((n) => n.id)).toContain('tool:tc-ac');
  });

  it('a session whose worker died is read again in a new one, ready again, its page told to resync', async () => {
    const { log, events, opened } = await fixtureStore();
    const before = await opened.snapshot(log);

    (opened as unknown as { pool: SessionPool }).pool.crashForTest();
    const reset = await until(
      () =>
        events.find(
          (e): e is { type: 'session.delta'; delta: SessionDelta } =>
            e.type === 'session.delta' && e.delta.reset,
        ),
      'the reset delta',
    );
    // The new session's versions continue past the old one's: a page holding the old snapshot sees
    // a gap (never mistakes a new delta for one it has) and takes a new snapshot.
    expect(reset.delta.fromVersion).toBeGreaterThan(before.version);
    expect(reset.delta.summary.notice).toMatch(/re-parsed \(worker stopped by a test\)/);
    await until(() => opened.list()[0]!.status === 'ready' && opened.list()[0]!.events === 10, 'ready again');
    const after = await opened.snapshot(log);
    expect(after.timeline.length).toBe(10);
    expect(decodeNodes(after.nodes, after.timeline.eventId).map((n) => n.id)).toEqual(
      decodeNodes(before.nodes, before.timeline.eventId).map((n) => n.id),
    );
  });

  it('refuses to open a path outside its roots', async () => {
    await mkdir(path.join(home, 'sessions'), { recursive: true });
    store = new SessionStore({ roots: [path.join(home, 'sessions')], poolSize: 1 });
    await store.start();
    await expect(store.openPath(path.join(home, '..'))).rejects.toMatchObject({ code: 'forbidden-path' });
  });
});
