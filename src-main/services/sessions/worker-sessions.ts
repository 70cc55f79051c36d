/**
 * The sessions one worker holds, and what it does with each op (session-worker-protocol.ts).
 * No thread plumbing here, so it is unit-tested in-process; src-main/workers/session-worker.ts
 * carries the messages.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ChunkParser } from '../../../src-shared/formats/sciagent/chunk-parser';
import { LiveSession } from './live-session';
import { NODE_BYTE_TEXT } from './node-byte-text';
import { readRange } from './read-range';
import type { SessionDelta } from '../../../src-shared/bridge/contract';
import type {
  DeltaJson,
  LocatedEvent,
  OpOf,
  RowUpdate,
  SessionJob,
  SessionOpName,
  SessionOpResults,
} from './session-worker-protocol';

/**
 * While a log is first read, its delta goes out once it holds this many events, or this long
 * after the last: building and sending a delta costs per event, and the page redraws from them
 * about once a second whatever their number (host-sync's LOADING_APPLY_MS). A live append's delta
 * goes out at once.
 */
export const LOADING_FLUSH_MS = 2000;
export const LOADING_DELTA_ROWS = 2000;

interface Hosted {
  session: LiveSession;
  lastTaken: number;
}

export class WorkerSessions {
  private readonly parser = new ChunkParser(undefined, NODE_BYTE_TEXT);
  private readonly sessions = new Map<string, Hosted>();

  constructor(private readonly now: () => number = Date.now) {}

  get size(): number {
    return this.sessions.size;
  }

  /** `onPart`: a snapshot's JSON is given to it 8 MB at a time as it is written (see snapshotJson). */
  handle(job: SessionJob, onPart?: (part: Uint8Array) => void): SessionOpResults[SessionOpName] {
    const { op } = job;
    switch (op.op) {
      case 'read':
        return this.read(job, op);
      case 'ready': {
        const hosted = this.hosted(job);
        hosted.session.markReady();
        return this.withDelta(hosted, true);
      }
      case 'take':
        return this.withDelta(this.hosted(job), true);
      case 'snapshot': {
        const hosted = this.hosted(job);
        const { json, version, delta } = hosted.session.snapshotJson(op.version, undefined, onPart);
        hosted.lastTaken = this.now();
        // Buffers of their own (utf8-parts): they are transferred to the main thread.
        return { ...this.row(hosted), json, version, delta: deltaJson(delta) };
      }
      case 'preview':
        return new TextEncoder().encode(JSON.stringify(this.hosted(job).session.preview(op.rows)));
      case 'reset': {
        const hosted = this.hosted(job);
        if (op.followed) hosted.session.follow(op.version);
        hosted.session.reset(op.reason);
        return this.withDelta(hosted, true);
      }
      case 'notice': {
        const hosted = this.hosted(job);
        hosted.session.notice(op.message);
        return this.row(hosted);
      }
      case 'locate':
        return this.locate(this.hosted(job).session, op.eventId);
      case 'line-no':
        return this.hosted(job).session.lineNoAt(op.byteOffset);
      case 'forget':
        this.sessions.delete(job.fileKey);
        this.parser.forget(job.fileKey);
        return null;
    }
  }

  private read(job: SessionJob, op: OpOf<'read'>): SessionOpResults['read'] {
    const hosted = this.hosted(job);
    const parsed = this.parser.parse({
      fileKey: job.fileKey,
      bytes: op.bytes,
      fromOffset: op.fromOffset,
      reset: op.reset,
      final: op.final,
    });
    const session = hosted.session;
    session.apply(parsed.records, parsed.committedOffset, op.fileBytes);
    const due =
      session.status !== 'loading' ||
      session.pendingRows() >= LOADING_DELTA_ROWS ||
      this.now() - hosted.lastTaken >= LOADING_FLUSH_MS;
    return { ...this.withDelta(hosted, due), committedOffset: parsed.committedOffset };
  }

  private withDelta(hosted: Hosted, take: boolean): RowUpdate & { delta: DeltaJson | null } {
    const delta = take ? hosted.session.takeDelta() : null;
    if (delta) hosted.lastTaken = this.now();
    return { ...this.row(hosted), delta: deltaJson(delta) };
  }

  private row(hosted: Hosted): RowUpdate {
    const { session } = hosted;
    return { item: session.listItem(), lastGrowthAt: session.lastGrowthAt, held: session.hasPending() };
  }

  private locate(session: LiveSession, eventId: string): LocatedEvent | null {
    const view = session.locate(eventId);
    if (!view) return null;
    const position = (e: { lineNo: number; byteOffset: number; byteLength: number }) => ({
      lineNo: e.lineNo,
      byteOffset: e.byteOffset,
      byteLength: e.byteLength,
    });
    return {
      event: { eventId, ...position(view.event) },
      corrections: view.corrections.map((c) => {
        const correction = session.locate(c.correctionId);
        return {
          correctionId: c.correctionId,
          reason: c.reason,
          fields: c.fields,
          at: correction ? position(correction.event) : null,
        };
      }),
    };
  }

  private hosted(job: SessionJob): Hosted {
    let hosted = this.sessions.get(job.fileKey);
    if (!hosted) {
      hosted = { session: newLiveSession(job.fileKey, job.sessionId), lastTaken: this.now() };
      this.sessions.set(job.fileKey, hosted);
    }
    return hosted;
  }
}

/** A delta as its JSON, for the main thread to pass on (session-worker-protocol's DeltaJson). */
function deltaJson(delta: SessionDelta | null): DeltaJson | null {
  if (!delta) return null;
  const { key, fromVersion, version } = delta;
  // A fresh buffer of its own (not a pooled Buffer's slab): it is transferred to the main thread.
  return { key, fromVersion, version, json: new TextEncoder().encode(JSON.stringify(delta)) };
}

/** How long a listing of the sessions folder answers "is this child session there?". */
const CHILDREN_RELIST_MS = 1000;

/** A session of `<home>/sessions/<id>/provenance.jsonl`: child sessions are its sibling folders. */
function newLiveSession(file: string, sessionId: string): LiveSession {
  const sessionsDir = path.dirname(path.dirname(file));
  return new LiveSession(
    file,
    sessionId,
    (id) => hasChildFolder(sessionsDir, id),
    (byteOffset, byteLength) => readRange(file, byteOffset, byteLength),
  );
}

/**
 * Whether the sessions folder `dir` has a folder `id`, from a listing made at most once a
 * CHILDREN_RELIST_MS for all the sessions of this worker in it (while `id` is not in it): a
 * subagent's node asks on every rebuild (an existsSync per subagent was ~1.5% of a 1.2M-event read:
 * tens of thousands of subagents whose child folders are not there), and with 50 sessions of one
 * home written at once, a listing a second for each of them was ~5% of a session worker's time.
 */
function hasChildFolder(dir: string, id: string): boolean {
  let listed = listings.get(dir);
  if (listed?.names.has(id)) return true;
  const now = Date.now();
  if (!listed || now - listed.at >= CHILDREN_RELIST_MS) {
    listed = { at: now, names: listFolder(dir) };
    listings.set(dir, listed);
  }
  return listed.names.has(id);
}

const listings = new Map<string, { at: number; names: Set<string> }>();

function listFolder(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir));
  } catch {
    return new Set();
  }
}
