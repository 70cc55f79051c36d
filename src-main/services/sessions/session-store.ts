/**
 * The live session store: follows every sciagent log under the roots (LogWatcher), parses
 * appended bytes in the worker pool, keeps one LiveSession per log, and pushes batched deltas.
 * Implements the bridge's SessionsService; hosts (Electron IPC, the web host) only carry it.
 */
import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import {
  BridgeError,
  type EventDetail,
  type PushedEvent,
  type RawLine,
  type SessionListItem,
  type SessionSnapshot,
} from '../../../src-shared/bridge/contract';
import { LogWatcher } from '../tail/log-watcher';
import { DocumentIndex } from '../documents/document-index';
import { ParsePool } from '../parse/parse-pool';
import type { ParseChunkResult } from '../../../src-shared/formats/sciagent/chunk-parser';
import { PROVENANCE_FILE } from '../sources/sciagent-home';
import { LiveSession } from './live-session';
import { isUnder } from '../fs/is-under';

const MAX_RAW_LINE_BYTES = 256 * 1024;
const LIST_THROTTLE_MS = 150;
/**
 * While a session is first read, its deltas go out at most this often: a page showing it then
 * redraws a few times a second ("fills in as it goes") rather than once per 4 MiB chunk, and each
 * redraw costs it the whole graph so far.
 */
const LOADING_FLUSH_MS = 2000;
/** Records applied per turn of the event loop (~15 ms of work on a big log): see applyParsed. */
const APPLY_SLICE = 1000;

interface FileState {
  session: LiveSession;
  /** Bumped on reset: results of reads from before it are dropped. */
  epoch: number;
  needsReset: boolean;
  inflight: number;
  chain: Promise<void>;
}

export interface SessionStoreOptions {
  roots: string[];
  poolSize?: number;
  safetyPollMs?: number;
}

export class SessionStore {
  private readonly files = new Map<string, FileState>();
  private readonly listeners = new Set<(event: PushedEvent) => void>();
  private readonly dirty = new Set<string>();
  private readonly listDirty = new Set<string>();
  private flushScheduled = false;
  private readonly lastFlush = new Map<string, number>();
  private loadingTimer: ReturnType<typeof setTimeout> | null = null;
  private listTimer: ReturnType<typeof setTimeout> | null = null;
  private liveTimer: ReturnType<typeof setInterval> | null = null;
  private readonly liveShown = new Map<string, boolean>();
  private readonly watcher: LogWatcher;
  private readonly pool: ParsePool;
  readonly roots: string[];
  /** TreeTrace bundles, change ledgers and step traces under the same roots. */
  readonly documents: DocumentIndex;
  private readonly explicitFiles = new Set<string>();

  constructor(options: SessionStoreOptions) {
    this.roots = options.roots.map((r) => path.resolve(r));
    this.documents = new DocumentIndex([...this.roots]);
    this.documents.onEvent((event) => this.emit(event));
    this.pool = new ParsePool({
      size: options.poolSize,
      onFilesLost: (keys, reason) => {
        for (const key of keys) {
          const state = this.files.get(key);
          if (!state) continue;
          this.resetFile(key, state, `re-parsed (${reason})`);
          this.watcher.restart(key);
        }
      },
    });
    // Roots named directly are followed as logs whatever their name (added to by addRoot).
    const explicitFiles = this.explicitFiles;
    for (const r of this.roots) explicitFiles.add(r);
    this.watcher = new LogWatcher(
      {
        roots: [...this.roots],
        isLog: (f) => path.basename(f) === PROVENANCE_FILE || explicitFiles.has(path.resolve(f)),
        safetyPollMs: options.safetyPollMs,
      },
      {
        onFileAdded: (file) => this.addFile(file),
        onBytes: (file, bytes, from) => this.onBytes(file, bytes, from),
        onReset: (file, reason) => {
          const state = this.files.get(file);
          if (state) this.resetFile(file, state, reason);
        },
        onFileRemoved: (file) => {
          const state = this.files.get(file);
          if (!state) return;
          state.session.notice('file removed');
          this.markList(file);
        },
        onNotice: (message, file) => {
          const state = file ? this.files.get(file) : undefined;
          if (state) {
            state.session.notice(message);
            this.markList(file!);
          } else this.emit({ type: 'notice', message });
        },
      },
    );
  }

  async start(): Promise<void> {
    await this.watcher.start();
    await this.documents.start();
    this.liveTimer = setInterval(() => this.refreshLiveFlags(), 1000);
    this.liveTimer.unref?.();
  }

  /** Resolves when every file read so far has been parsed and applied. */
  async idle(): Promise<void> {
    await this.watcher.pollAll();
    await Promise.all([...this.files.values()].map((s) => s.chain));
    this.flush(true);
  }

  onEvent(listener: (event: PushedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    if (this.liveTimer) clearInterval(this.liveTimer);
    if (this.listTimer) clearTimeout(this.listTimer);
    if (this.loadingTimer) clearTimeout(this.loadingTimer);
    await this.watcher.close();
    await this.documents.close();
    await this.pool.close();
    this.listeners.clear();
  }

  // ---------- SessionsService ----------

  list(): SessionListItem[] {
    return [...this.files.values()].map((s) => s.session.listItem()).sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  snapshot(key: string): SessionSnapshot {
    const { snapshot, delta } = this.session(key).snapshot();
    // Pending changes folded into the snapshot still reach the other subscribers.
    if (delta) this.emit({ type: 'session.delta', delta });
    return snapshot;
  }

  async eventDetail(key: string, eventId: string): Promise<EventDetail> {
    const session = this.session(key);
    const view = session.locate(eventId);
    if (!view) throw new BridgeError('not-found', `no event ${eventId} in ${key}`);
    const raw = await readJsonAt(key, view.event.byteOffset, view.event.byteLength);
    let corrected = raw;
    const corrections = [];
    for (const c of view.corrections) {
      const correction = session.locate(c.correctionId);
      const body = correction
        ? ((await readJsonAt(key, correction.event.byteOffset, correction.event.byteLength)) as Record<
            string,
            unknown
          >)
        : null;
      const replacement = (body?.['replacement'] ?? {}) as Record<string, unknown>;
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const next = { ...(corrected as Record<string, unknown>) };
      for (const f of c.fields) {
        before[f] = next[f];
        after[f] = replacement[f];
        next[f] = replacement[f];
      }
      corrected = next;
      corrections.push({ correctionId: c.correctionId, reason: c.reason, fields: c.fields, before, after });
    }
    return {
      eventId,
      lineNo: view.event.lineNo,
      byteOffset: view.event.byteOffset,
      byteLength: view.event.byteLength,
      raw,
      corrected,
      corrections,
    };
  }

  async rawLine(key: string, byteOffset: number, byteLength: number): Promise<RawLine> {
    this.session(key);
    const length = Math.min(byteLength, MAX_RAW_LINE_BYTES);
    const bytes = await readBytesAt(key, byteOffset, length);
    const lineNo = this.session(key).lineNoAt(byteOffset);
    return { lineNo, byteOffset, text: new TextDecoder().decode(bytes), clipped: byteLength > length };
  }

  /** Follows one more folder or file; only paths under the roots the user opened are accepted. */
  async openPath(target: string): Promise<SessionListItem[]> {
    const abs = path.resolve(target);
    if (!this.roots.some((r) => isUnder(abs, r)))
      throw new BridgeError('forbidden-path', `${target} is not under a folder you opened`);
    if (!existsSync(abs)) throw new BridgeError('not-found', `${target} does not exist`);
    this.watcher.add(abs);
    await this.idle();
    return this.list().filter((s) => isUnder(s.key, abs));
  }

  /** Adds a root the user chose in the desktop app (a native dialog, not the renderer). */
  addRoot(root: string): void {
    const abs = path.resolve(root);
    if (!this.roots.includes(abs)) this.roots.push(abs);
    this.explicitFiles.add(abs);
    this.watcher.add(abs);
    this.documents.addRoot(abs);
  }

  // ---------- internals ----------

  private session(key: string): LiveSession {
    const state = this.files.get(key);
    if (!state) throw new BridgeError('not-found', `no session ${key}`);
    return state.session;
  }

  private addFile(file: string): void {
    if (this.files.has(file)) return;
    const sessionId =
      path.basename(file) === PROVENANCE_FILE
        ? path.basename(path.dirname(file))
        : path.basename(file).replace(/\.[^.]*$/, '');
    const sessionsDir = path.dirname(path.dirname(file));
    const session = new LiveSession(file, sessionId, (id) => existsSync(path.join(sessionsDir, id)));
    this.files.set(file, { session, epoch: 0, needsReset: false, inflight: 0, chain: Promise.resolve() });
    this.markList(file);
  }

  private resetFile(file: string, state: FileState, reason: string): void {
    state.epoch++;
    state.needsReset = true;
    state.session.reset(reason);
    this.dirty.add(file);
    this.markList(file);
    this.scheduleFlush();
  }

  private onBytes(file: string, bytes: Uint8Array, fromOffset: number): void {
    const state = this.files.get(file);
    if (!state) return;
    const epoch = state.epoch;
    const reset = state.needsReset || fromOffset === 0;
    state.needsReset = false;
    state.inflight++;
    const fileBytes = fromOffset + bytes.length;
    // pool.parse copies the bytes synchronously: the tailer may reuse its buffer after we return.
    const parsed = this.pool.parse({ fileKey: file, bytes, fromOffset, reset });
    state.chain = state.chain
      .then(() => parsed)
      .then(
        (result) => this.applyParsed(file, state, epoch, result, fileBytes),
        (error: Error) => {
          if (state.epoch === epoch) state.session.notice(`parse failed: ${error.message}`);
        },
      )
      .finally(() => {
        state.inflight--;
        if (state.inflight === 0 && state.session.status === 'loading') {
          state.session.markReady();
          this.dirty.add(file);
          this.markList(file);
        }
        this.scheduleFlush();
      });
  }

  /**
   * Applies a chunk's records a slice at a time, yielding to the event loop in between: a 4 MiB
   * chunk of a big log is ~5k events (~80 ms of work), and while the worker is ahead the chunks
   * would otherwise be applied back to back in one long microtask run — the whole first read of
   * a 100k-event log once blocked every other client and watcher for ~1.7 s.
   */
  private async applyParsed(
    file: string,
    state: FileState,
    epoch: number,
    result: ParseChunkResult,
    fileBytes: number,
  ): Promise<void> {
    const { records } = result;
    for (let from = 0; from === 0 || from < records.length; from += APPLY_SLICE) {
      if (from > 0) {
        this.scheduleFlush();
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (state.epoch !== epoch) return; // read before a reset: stale
      const last = from + APPLY_SLICE >= records.length;
      // Only the last slice moves the committed offset: the bytes before it are not all applied yet.
      const committed = last ? result.committedOffset : state.session.health.bytesRead;
      state.session.apply(
        last && from === 0 ? records : records.slice(from, from + APPLY_SLICE),
        committed,
        fileBytes,
      );
      this.dirty.add(file);
    }
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  /** Pushes every session's pending delta; while a session is first read, at most every LOADING_FLUSH_MS. */
  private flush(force = false): void {
    const now = Date.now();
    let held = false;
    for (const key of [...this.dirty]) {
      const session = this.files.get(key)?.session;
      if (
        !force &&
        session?.status === 'loading' &&
        now - (this.lastFlush.get(key) ?? 0) < LOADING_FLUSH_MS
      ) {
        held = true;
        continue;
      }
      this.dirty.delete(key);
      const delta = session?.takeDelta();
      if (delta) {
        this.lastFlush.set(key, now);
        this.emit({ type: 'session.delta', delta });
        this.markList(key);
      }
    }
    if (held && !this.loadingTimer)
      this.loadingTimer = setTimeout(() => {
        this.loadingTimer = null;
        this.flush();
      }, LOADING_FLUSH_MS);
  }

  private markList(key: string): void {
    this.listDirty.add(key);
    if (this.listTimer) return;
    this.listTimer = setTimeout(() => {
      this.listTimer = null;
      const items = [...this.listDirty]
        .map((k) => this.files.get(k)?.session.listItem())
        .filter((i): i is SessionListItem => Boolean(i));
      this.listDirty.clear();
      for (const item of items) this.liveShown.set(item.key, item.live);
      if (items.length) this.emit({ type: 'sessions.changed', items });
    }, LIST_THROTTLE_MS);
  }

  private refreshLiveFlags(): void {
    for (const [key, state] of this.files) {
      const live = state.session.listItem().live;
      if (this.liveShown.get(key) !== live) this.markList(key);
    }
  }

  private emit(event: PushedEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

async function readBytesAt(file: string, offset: number, length: number): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = new Uint8Array(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function readJsonAt(file: string, offset: number, length: number): Promise<unknown> {
  const text = new TextDecoder().decode(await readBytesAt(file, offset, length));
  try {
    return JSON.parse(text);
  } catch {
    throw new BridgeError('not-found', `the event at byte ${offset} changed on disk; reload the session`);
  }
}
