/**
 * THE contract between main and the renderer: every service, method, reply and pushed event.
 * Plain JSON only (no classes, Date, Map) so it crosses Electron IPC and a WebSocket unchanged.
 * Adding a method to a service without an argument validator in `METHOD_ARGS` is a type error,
 * so the allowlist cannot drift from the interfaces.
 */
import type { LineageNode } from '../lineage/types';
import type { EdgeColumns, NodeColumns } from './graph-columns';
import { joinTimelineParts, type TimelineColumns, type TimelineRow } from './timeline-columns';
import {
  DOCUMENTS_METHOD_ARGS,
  type DocumentListItem,
  type DocumentsService,
} from './services/documents-service';
import { LEDGER_METHOD_ARGS, type LedgerService } from './services/ledger-service';
import { COMPARE_METHOD_ARGS, type CompareService } from './services/compare-service';
import { BOOKMARKS_METHOD_ARGS, type BookmarksService } from './services/bookmarks-service';
import { STEP_TRACE_METHOD_ARGS, type StepTraceService } from './services/step-trace-service';
import { TREETRACE_METHOD_ARGS, type TreeTraceService } from './services/treetrace-service';

export type { DocumentKind, DocumentListItem, DocumentsService } from './services/documents-service';
export type { LedgerDocument, LedgerService } from './services/ledger-service';
export type { CompareResult, CompareService, CompareSideRef } from './services/compare-service';
export type {
  Bookmark,
  BookmarkDraft,
  BookmarkEntry,
  BookmarkList,
  BookmarksService,
} from './services/bookmarks-service';
export type { StepTraceDocument, StepTraceService } from './services/step-trace-service';
export type { TreeTraceDocument, TreeTraceService } from './services/treetrace-service';

// ---------- data ----------

export type SessionStatus = 'loading' | 'ready' | 'error';

export interface VerdictCounts {
  verified: number;
  refuted: number;
  insufficient: number;
  warning: number;
}

/** One row of the sessions sidebar. `key` is stable across restarts (the log's absolute path). */
export interface SessionListItem {
  key: string;
  source: 'sciagent';
  sessionId: string;
  path: string;
  status: SessionStatus;
  /** Grew within the last few seconds. */
  live: boolean;
  fileBytes: number;
  bytesRead: number;
  events: number;
  parseErrors: number;
  verdicts: VerdictCounts;
  models: string[];
  firstTs: string | null;
  lastTs: string | null;
  lastSeq: number | null;
  /** The last thing the user should know about this log (e.g. "replaced; re-read"). */
  notice: string | null;
  /**
   * The log is not read yet (a big home lists from a cache): this row comes from its size and its
   * first and last lines, `events` is the last event's seq. Read in full when opened or grown.
   */
  estimated?: boolean;
  /** Closed by the user (`sessions.close`): held nowhere in memory, not followed until opened again. */
  closed?: boolean;
}

/** One event in the timeline: envelope only, never the body (travels as `TimelineColumns`). */
export type TimelineEntry = TimelineRow;
export type { EdgeColumns, NodeColumns, TimelineColumns, TimelineRow };

/**
 * A lineage node as it comes off the wire (graph-columns.ts): fields that hold nothing are left
 * out to keep big sessions small (a 100k-event session has ~50k nodes) — `corrections` when
 * empty, `stale` and `missing` when false, and `data` fields that are null. `fromWireNode` puts
 * the defaults back.
 */
export type WireNode = Omit<LineageNode, 'corrections' | 'stale' | 'missing'> &
  Partial<Pick<LineageNode, 'corrections' | 'stale' | 'missing'>>;

export type ProblemType =
  'parse-error' | 'invalid' | 'unsupported' | 'duplicate' | 'oversized' | 'dangling-correction';

/** A line we could not use, kept where it sits. */
export interface ProblemEntry {
  type: ProblemType;
  lineNo: number;
  byteOffset: number;
  byteLength: number;
  message: string;
}

export interface TailHealth {
  bytesRead: number;
  fileBytes: number;
  linesSkipped: number;
  /** "file replaced / truncated" and read problems, newest last. */
  notices: { at: string; message: string }[];
}

export interface SessionSnapshot {
  key: string;
  /** Increases with every delta; a delta whose `fromVersion` is not the client's version means resync. */
  version: number;
  summary: SessionListItem;
  nodes: NodeColumns;
  /** Its edges: these, then `edgesMore`'s (in parts, as `timelineMore`; each decoded alone). */
  edges: EdgeColumns;
  edgesMore?: EdgeColumns[];
  /** Every event, in file order: these rows, then `timelineMore`'s (`snapshotTimeline`). */
  timeline: TimelineColumns;
  /**
   * The rows after `timeline`'s, in parts (a big snapshot is written a part at a time, never
   * whole as columns or as one string: a 1.2M-event session's took its worker ~900 MB above what
   * it kept). Each part goes on from the one before it (timeline-columns' `joinTimelineParts`).
   */
  timelineMore?: TimelineColumns[];
  problems: ProblemEntry[];
  health: TailHealth;
}

/** A snapshot's edges in their parts, in order. */
export function snapshotEdgeParts(s: Pick<SessionSnapshot, 'edges' | 'edgesMore'>): EdgeColumns[] {
  return [s.edges, ...(s.edgesMore ?? [])];
}

/** A snapshot's whole timeline, its parts joined. */
export function snapshotTimeline(s: Pick<SessionSnapshot, 'timeline' | 'timelineMore'>): TimelineColumns {
  return s.timelineMore?.length ? joinTimelineParts([s.timeline, ...s.timelineMore]) : s.timeline;
}

/**
 * What a page shows of a session while its snapshot is made and sent (a million-event session's
 * takes seconds): its row, tail health and newest events. No graph, and no version: deltas apply
 * to the snapshot, never to this.
 */
export interface SessionPreview {
  key: string;
  summary: SessionListItem;
  /** The newest events (the last `timeline.length` of the log), in file order. */
  timeline: TimelineColumns;
  /** The nodes those events belong to (what their rows say they are about); no edges. */
  nodes: NodeColumns;
  health: TailHealth;
}

export interface WireLineageDelta {
  upsertedNodes: NodeColumns;
  removedNodes: string[];
  upsertedEdges: EdgeColumns;
  removedEdges: string[];
}

export interface SessionDelta {
  key: string;
  fromVersion: number;
  version: number;
  /** The file was truncated or replaced: drop everything and take this delta as a new start. */
  reset: boolean;
  summary: SessionListItem;
  lineage: WireLineageDelta;
  /** Events added since `fromVersion`, and events seen again (a correction moved them to another node). */
  timeline: TimelineColumns;
  problems: ProblemEntry[];
  health: TailHealth;
}

export interface CorrectionDetail {
  correctionId: string;
  reason: string | null;
  fields: string[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** An event's full body, read back from disk by byte range when asked for. */
export interface EventDetail {
  eventId: string;
  lineNo: number;
  byteOffset: number;
  byteLength: number;
  raw: unknown;
  corrected: unknown;
  corrections: CorrectionDetail[];
}

export interface RawLine {
  lineNo: number;
  byteOffset: number;
  text: string;
  /** The line was longer than we show. */
  clipped: boolean;
}

export interface AppInfo {
  version: string;
  home: string;
  roots: string[];
  /** No sciagent home was found: the bundled demo sessions are shown. */
  demo: boolean;
}

// ---------- services ----------

export interface SessionsService {
  list(): Promise<SessionListItem[]>;
  /**
   * The whole session as of now; the caller receives its deltas from the moment it asks (those
   * pushed before the reply are older than the snapshot: the caller drops them).
   */
  snapshot(key: string): Promise<SessionSnapshot>;
  /** The newest events and the row, fast: shown while a big session's snapshot is on its way. */
  preview(key: string): Promise<SessionPreview>;
  unsubscribe(key: string): Promise<void>;
  /**
   * Lets go of a session's index and lineage (its memory is given back): it is no longer read or
   * followed, its row stays (as last read), and opening it again reads it from the start.
   */
  close(key: string): Promise<SessionListItem>;
  eventDetail(key: string, eventId: string): Promise<EventDetail>;
  rawLine(key: string, byteOffset: number, byteLength: number): Promise<RawLine>;
  /** Start following another folder or file (a sciagent home, a session folder or a log). */
  open(path: string): Promise<SessionListItem[]>;
}

export interface AppService {
  info(): Promise<AppInfo>;
}

export interface Services {
  sessions: SessionsService;
  app: AppService;
  documents: DocumentsService;
  treetrace: TreeTraceService;
  ledger: LedgerService;
  stepTrace: StepTraceService;
  compare: CompareService;
  bookmarks: BookmarksService;
}

// ---------- pushed events ----------

export type PushedEvent =
  | { type: 'sessions.changed'; items: SessionListItem[] }
  | { type: 'session.delta'; delta: SessionDelta }
  | { type: 'notice'; message: string }
  /** `removed`: keys no longer documents (a folder that turned out to be a set's member, …). */
  | { type: 'documents.changed'; items: DocumentListItem[]; removed?: string[] }
  /** The user's bookmarks changed (in any window): fetch them again. */
  | { type: 'bookmarks.changed' }
  | { type: 'command'; command: HostCommand };

/**
 * What the desktop shell asks the page to do: menu items, `lineage-explorer://` links and files
 * the user opened. Only the Electron host sends these (the web host has no menus).
 */
export type HostCommand =
  | { name: 'set-theme'; theme: 'system' | 'light' | 'dark' }
  | { name: 'show-tab'; tab: 'timeline' | 'health' }
  | { name: 'set-direction'; direction: 'RIGHT' | 'DOWN' }
  | { name: 'fit-graph' }
  | { name: 'focus-search' }
  | { name: 'show-keys' }
  /** Show this session (its key, the log's absolute path); main has already followed it. */
  | { name: 'open-session'; key: string }
  /** Open a link's target (src-shared/links/app-link.ts path); main has already followed its path. */
  | { name: 'open-link'; path: string };

// ---------- wire format and errors ----------

export const ERROR_CODES = [
  'unknown-method',
  'bad-arguments',
  'not-found',
  'forbidden-path',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface BridgeRequest {
  service: string;
  method: string;
  args: unknown;
}

export type BridgeReply<T = unknown> =
  { ok: true; value: T } | { ok: false; error: { code: ErrorCode; message: string } };

export class BridgeError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

// ---------- the allowlist, with argument validation (the renderer is untrusted) ----------

type ArgsOf<F> = F extends (...args: infer A) => unknown ? A : never;
/** Returns the checked argument tuple, or a message saying what is wrong. */
export type ArgsValidator<A> = (args: unknown) => A | string;

export type MethodTable = {
  [S in keyof Services]: { [M in keyof Services[S]]: ArgsValidator<ArgsOf<Services[S][M]>> };
};

const MAX_PATH = 4096;

const none = (args: unknown): [] | string =>
  Array.isArray(args) && args.length === 0 ? [] : 'expects no arguments';

function strings(n: number) {
  return (args: unknown): string[] | string => {
    if (!Array.isArray(args) || args.length !== n) return `expects ${n} string argument(s)`;
    for (const a of args)
      if (typeof a !== 'string' || a.length === 0 || a.length > MAX_PATH) return 'expects non-empty strings';
    return args as string[];
  };
}

const isOffset = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

export const METHOD_ARGS: MethodTable = {
  sessions: {
    list: none,
    snapshot: strings(1) as ArgsValidator<[string]>,
    preview: strings(1) as ArgsValidator<[string]>,
    unsubscribe: strings(1) as ArgsValidator<[string]>,
    close: strings(1) as ArgsValidator<[string]>,
    eventDetail: strings(2) as ArgsValidator<[string, string]>,
    rawLine: (args) =>
      Array.isArray(args) &&
      args.length === 3 &&
      typeof args[0] === 'string' &&
      isOffset(args[1]) &&
      isOffset(args[2])
        ? (args as [string, number, number])
        : 'expects (key, byteOffset, byteLength)',
    open: strings(1) as ArgsValidator<[string]>,
  },
  app: { info: none },
  documents: DOCUMENTS_METHOD_ARGS,
  treetrace: TREETRACE_METHOD_ARGS,
  ledger: LEDGER_METHOD_ARGS,
  stepTrace: STEP_TRACE_METHOD_ARGS,
  compare: COMPARE_METHOD_ARGS,
  bookmarks: BOOKMARKS_METHOD_ARGS,
};
