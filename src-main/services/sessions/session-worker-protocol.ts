/**
 * What the main thread and a session worker say to each other: the one place that defines it.
 *
 * Each followed log lives in one worker (chosen by its key): its line splitter, reader state
 * (SessionLog), lineage graph and pending delta. The main thread only routes bytes there and
 * carries rows, deltas and snapshots to the clients (issue 8: the main thread's event loop must
 * never be blocked for more than 50 ms, and a big session's heap there made GC pauses that long).
 */
import type { SessionListItem } from '../../../src-shared/bridge/contract';
import type { RecordPosition } from '../../../src-shared/formats/sciagent/types';

/** One thing asked of a log's session. Ops of one log are handled in the order they were given. */
export type SessionOp =
  /** Appended bytes from `fromOffset` (0 with `reset`: the file starts over); `final` flushes the last line. */
  | {
      op: 'read';
      bytes: Uint8Array;
      fromOffset: number;
      reset: boolean;
      final?: boolean;
      /** The file's size when these bytes were read (the row's progress). */
      fileBytes: number;
    }
  /** The first read reached the end of the file. */
  | { op: 'ready' }
  /** The pending delta, if any (a delta held while the log is first read). */
  | { op: 'take' }
  /**
   * The whole session; from now on deltas are gathered for clients. `version`: the highest version
   * of this log the main thread has sent (a session that replaces an earlier one — closed, or lost
   * with a worker — continues after it, so that no client mistakes its deltas for old ones).
   */
  | { op: 'snapshot'; version: number }
  /** The newest `rows` events and the row (SessionPreview), as JSON: no delta is gathered for it. */
  | { op: 'preview'; rows: number }
  /**
   * The file shrank or was replaced, or its session died with a worker: everything derived from it
   * is dropped. `followed`: clients hold its snapshot (a session new to this worker then gathers
   * deltas at once, so that they learn of the reset).
   */
  | { op: 'reset'; reason: string; followed: boolean; version: number }
  /** A note for the log's tail health (shown on its row). */
  | { op: 'notice'; message: string }
  /** Where an event and its corrections sit in the file (for the detail view). */
  | { op: 'locate'; eventId: string }
  /** The line number of the record starting at `byteOffset`. */
  | { op: 'line-no'; byteOffset: number }
  /** Drop everything about the log (closed, or gone). */
  | { op: 'forget' };

export interface SessionJob {
  id: number;
  fileKey: string;
  /** The log's session id: the worker makes the session on the first op it sees for a key. */
  sessionId: string;
  op: SessionOp;
}

/** A log's list row as the worker last saw it; `live` is worked out on the main thread from lastGrowthAt. */
export interface RowUpdate {
  item: SessionListItem;
  lastGrowthAt: number;
  /** A delta is pending but held back (the log is first read): ask for it with `take` later. */
  held: boolean;
}

/**
 * A SessionDelta as the worker sends it: its JSON (UTF-8, transferred), and the few fields the
 * main thread reads — which clients want it (key) and the versions it carries on. Decoding and
 * re-encoding a 5,000-row delta cost the main thread 15–40 ms while a big log was read.
 */
export interface DeltaJson {
  key: string;
  fromVersion: number;
  version: number;
  json: Uint8Array;
}

export interface LocatedEvent {
  event: RecordPosition & { eventId: string };
  corrections: {
    correctionId: string;
    reason: string | null;
    fields: string[];
    /** Where the correction event sits (null if it is not in the log). */
    at: RecordPosition | null;
  }[];
}

export interface ReadResult extends RowUpdate {
  delta: DeltaJson | null;
  /** Byte offset up to which complete lines were consumed. */
  committedOffset: number;
}

export interface SnapshotResult extends RowUpdate {
  /**
   * The SessionSnapshot's JSON (UTF-8, in parts: LiveSession.snapshotJson), written in the worker
   * and transferred: as objects it cost the main thread a structured clone (~65 ms for 100k
   * events) and then JSON encoding again. Only its last parts: the others came ahead, as `part`
   * messages, while it was written.
   */
  json: Uint8Array[];
  /** The snapshot's version. */
  version: number;
  /** Changes pending before the snapshot (folded into it): the other clients still get them. */
  delta: DeltaJson | null;
}

/** The answer to each op, by op name. */
export interface SessionOpResults {
  read: ReadResult;
  ready: RowUpdate & { delta: DeltaJson | null };
  take: RowUpdate & { delta: DeltaJson | null };
  snapshot: SnapshotResult;
  /** The SessionPreview's JSON (UTF-8). */
  preview: Uint8Array;
  reset: RowUpdate & { delta: DeltaJson | null };
  notice: RowUpdate;
  locate: LocatedEvent | null;
  'line-no': number;
  forget: null;
}

export type SessionOpName = SessionOp['op'];
export type OpOf<N extends SessionOpName> = Extract<SessionOp, { op: N }>;

export interface SessionJobResult {
  id: number;
  result?: unknown;
  error?: string;
}

/** Messages to a worker: a batch of jobs, or a memory report (bench only). */
export type ToWorker = { batch: number; jobs: SessionJob[] } | { memory: number };

/** Messages from a worker. */
export type FromWorker =
  /** `recycled`: the big read buffers of the batch, sent back for the next reads (see SessionPool). */
  | { batch: number; results: SessionJobResult[]; recycled: ArrayBuffer[] }
  | { memory: number; usage: WorkerMemory }
  /** A part of job `job`'s snapshot JSON sent ahead of its answer, as soon as it is written (transferred). */
  | { part: { job: number; bytes: Uint8Array } };

/** Reads at least this big go in recycled buffers (a fresh 4 MiB one per chunk is page faults and GC). */
export const RECYCLE_MIN_BYTES = 64 * 1024;

/** The worker's own heap (after a full GC when the process runs with --expose-gc). */
export interface WorkerMemory {
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** V8's new space in use, bytes (young-generation-release.ts gives it back when quiet). */
  newSpace: number;
}
