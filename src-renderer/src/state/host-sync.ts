/**
 * The only place host events enter the store: the session list, the selected session's
 * snapshot and deltas (with resync on a version gap), connection state and notices.
 * Returns a disposer, like everything that subscribes.
 */
import type {
  PushedEvent,
  SessionDelta,
  SessionListItem,
  SessionPreview,
  SessionSnapshot,
} from '../../../src-shared/bridge/contract';
import { call, transport } from '../host';
import { fetchEarlyList } from '../host/early-list';
import { startsOnOtherThanSession } from '../features/links/url-sync';
import { runHostCommand } from './host-commands';
import { pickInitialSession } from './initial-session';
import { expireLater } from './new-mark-expiry';
import { fromSnapshot } from './session-data';
import { indexTimelinesAhead } from './timeline-index-ahead';
import { useAppStore, type AppState } from './store';

const LAST_SESSION_KEY = 'lineage-explorer.lastSession';

/** Deltas that arrive while a snapshot is on its way; applied (or dropped) once it lands. */
let buffered: SessionDelta[] | null = null;
let loadGeneration = 0;

const state = () => useAppStore.getState();
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function startHostSync(): () => void {
  let everOpen = false;
  const offConnection = transport.onConnection((connection) => {
    state().setConnection(connection);
    if (connection.status !== 'open') return;
    // The server forgets our subscriptions with the socket: after a reconnect, fetch afresh.
    if (everOpen) void refreshAfterReconnect();
    everOpen = true;
  });
  const offEvents = transport.onEvent(onPushed);
  const offIndexing = indexTimelinesAhead();
  void initialLoad();
  return () => {
    offConnection();
    offEvents();
    offIndexing();
  };
}

async function initialLoad(): Promise<void> {
  // The list the page asked for as it loaded (web host): drawn at once, then replaced by the
  // socket's, which pushed row changes follow (rows pushed meanwhile wait for it, as before).
  void fetchEarlyList().then((items) => {
    if (items && !listed) state().setSessions(items);
  });
  try {
    const [info, items] = await Promise.all([call('app', 'info'), call('sessions', 'list')]);
    state().setAppInfo(info);
    dropPendingRows();
    state().setSessions(items);
    listed = true;
    // A page opened on a link to a document or bookmark shows that, not a session of our choosing.
    if (state().selectedKey === null && !startsOnOtherThanSession()) {
      const key = pickInitialSession(items, readLastSession(), state().prefs.sort);
      if (key) void openSession(key);
    }
  } catch (error) {
    state().pushToast(`Could not load sessions: ${message(error)}`, 'error');
  }
}

async function refreshAfterReconnect(): Promise<void> {
  try {
    const [info, items] = await Promise.all([call('app', 'info'), call('sessions', 'list')]);
    state().setAppInfo(info);
    dropPendingRows();
    state().setSessions(items);
    const key = state().viewKey;
    if (key) await loadSnapshot(key);
  } catch (error) {
    state().pushToast(`Could not refresh after reconnecting: ${message(error)}`, 'error');
  }
}

function onPushed(event: PushedEvent): void {
  // Deltas wait for their task; anything else that arrives after them must not overtake
  // them (a session row saying "ready" before the page holds the last of its data).
  if (event.type !== 'session.delta' && queued.length) applyQueued();
  switch (event.type) {
    case 'sessions.changed':
      onRows(event.items);
      return;
    case 'session.delta':
      onDelta(event.delta);
      return;
    case 'notice':
      state().pushToast(event.message);
      return;
    case 'command':
      runHostCommand(event.command, (key) => void openSession(key));
      return;
  }
}

/**
 * Sidebar rows are applied at most every ROWS_APPLY_MS: serve sends the changed rows every 150 ms,
 * and with 50 logs written at once that was 50 rows re-rendered (and re-sorted, re-laid out) ~7
 * times a second — the page's main thread was busy ~85% of the time and every live append of the
 * shown session waited behind it (issue 8: p50 111 ms). A change after a quiet spell is applied
 * at once; the shown session's counts come from its deltas meanwhile (selectViewSummary).
 */
const ROWS_APPLY_MS = 1000;
const AT_ONCE_ROWS = 8;
/** The first list is in (rows before it are in it, or come after it). */
let listed = false;
let pendingRows = new Map<string, SessionListItem>();
let rowsTimer: ReturnType<typeof setTimeout> | null = null;
let rowsAppliedAt = -Infinity;

function onRows(items: readonly SessionListItem[]): void {
  for (const item of items) pendingRows.set(item.key, item);
  // A few sessions not listed yet, or whose status changed (a read is over, or failed), are shown
  // at once: a log that appeared waited up to a second behind the rows of the others to be listed.
  // Not many at once (a big home listed as it is found: 2,000 rows in bursts), and not before the
  // first list. Any change after a quiet spell is shown at once too.
  const statusOf = new Map(state().sessions.map((s) => [s.key, s.status]));
  let news = 0;
  for (const item of items) if (statusOf.get(item.key) !== item.status) news++;
  const now = listed && news > 0 && news <= AT_ONCE_ROWS;
  const wait = now ? 0 : rowsAppliedAt + ROWS_APPLY_MS - performance.now();
  if (wait <= 0) applyRows();
  else rowsTimer ??= setTimeout(applyRows, wait);
}

function applyRows(): void {
  if (rowsTimer !== null) clearTimeout(rowsTimer);
  rowsTimer = null;
  rowsAppliedAt = performance.now();
  const items = [...pendingRows.values()];
  pendingRows = new Map();
  if (items.length) state().upsertSessions(items);
}

/** Rows still waiting are older than a list just fetched or a row just returned: dropped. */
function dropPendingRows(keys?: Iterable<string>): void {
  if (!keys) pendingRows.clear();
  else for (const key of keys) pendingRows.delete(key);
}

/** Deltas waiting to be applied: a burst is applied (and drawn) once, not once per delta. */
let queued: SessionDelta[] = [];
/** How often the deltas of a session still being read are applied (see onDelta). */
const LOADING_APPLY_MS = 1000;
/** Set while the deltas of a session being read wait (applied once a second). */
let loadTimer: ReturnType<typeof setTimeout> | null = null;
/**
 * A live append's delta is applied in a task of its own right after the messages already waiting
 * (a MessageChannel message: not clamped like a timer, not throttled in a hidden tab): deltas that
 * came while the page was busy are applied together, and a lone one at once.
 *
 * Not on the next animation frame, as before: a change committed in a frame's callbacks is painted
 * in that frame, yet whatever the page or a user's tool watches for it (a MutationObserver, then a
 * requestAnimationFrame) sees it a frame later — the live bench counted 27 ms p50 for a 1 ms trip
 * through serve. Applied in a task, it is painted on the next frame and seen there.
 */
const soon = new MessageChannel();
let soonPending = false;
soon.port1.onmessage = () => {
  if (!soonPending) return;
  soonPending = false;
  applyQueued();
};

function onDelta(delta: SessionDelta): void {
  if (delta.key !== state().viewKey) return;
  if (buffered) {
    buffered.push(delta);
    return;
  }
  queued.push(delta);
  // While serve first reads a log it sends many small deltas (its event loop must stay free);
  // the page redraws the graph so far from them about once a second, not on every frame.
  const slow = delta.summary.status === 'loading' && !delta.reset;
  if (slow) {
    loadTimer ??= setTimeout(applyQueued, LOADING_APPLY_MS);
    return;
  }
  // The read is over (or a live append): what waited goes out with it, now.
  if (loadTimer !== null) clearTimeout(loadTimer);
  loadTimer = null;
  if (soonPending) return;
  soonPending = true;
  soon.port2.postMessage(null);
}

function applyQueued(): void {
  soonPending = false;
  if (loadTimer !== null) clearTimeout(loadTimer);
  loadTimer = null;
  const deltas = queued;
  queued = [];
  const key = state().viewKey;
  const mine = deltas.filter((d) => d.key === key);
  if (mine.length === 0 || buffered) {
    buffered?.push(...mine);
    return;
  }
  let result: ReturnType<AppState['applySessionDeltas']>;
  try {
    result = state().applySessionDeltas(mine);
  } catch (error) {
    // A delta that cannot be applied (it names a node or row its message does not carry) may have
    // changed the maps it updates in place: the session is taken again, whole, and the user told.
    state().pushToast(
      `A change to this session could not be applied (${message(error)}): reloading it`,
      'error',
    );
    void loadSnapshot(mine[0]!.key);
    return;
  }
  if (result === 'gap') void loadSnapshot(mine[0]!.key);
  else if (Array.isArray(result) && result.length) {
    expireLater(result);
  }
}

/**
 * Snapshot calls on their way, by session. A session shown again before its snapshot came (a
 * reloaded page opens its last session at once, and the user picks another and comes back) waits
 * for that one instead of asking for another: a 1.2M-event session's snapshot is ~200 MB that
 * serve sends, and the page parses, once per call.
 */
const snapshotCalls = new Map<string, Promise<SessionSnapshot>>();
/**
 * The previews of sessions whose snapshot is on its way: shown again if the session is (a page
 * opened on a big session, the user looked at another and came back before it came).
 */
const previewsWaiting = new Map<string, SessionPreview>();

function snapshotOf(key: string): Promise<SessionSnapshot> {
  const waiting = snapshotCalls.get(key);
  if (waiting) return waiting;
  const asked = call('sessions', 'snapshot', key);
  snapshotCalls.set(key, asked);
  const done = () => {
    if (snapshotCalls.get(key) === asked) {
      snapshotCalls.delete(key);
      previewsWaiting.delete(key);
    }
    // Serve subscribes whoever takes a snapshot: shown elsewhere by now, this one is let go now
    // (openSession left it subscribed while its snapshot was on its way).
    if (state().viewKey !== key) void call('sessions', 'unsubscribe', key).catch(() => {});
  };
  asked.then(done, done);
  return asked;
}

/**
 * Sessions of at least this many events show a preview (their newest events) first: a snapshot
 * takes ~1 s per 100k events to make, send and parse (1.2M events: the first rows painted after
 * 6.5 s), a preview a few milliseconds.
 */
const PREVIEW_MIN_EVENTS = 20_000;

/**
 * A session opened with more than this much of its log still to read (or a size not known yet:
 * listed the moment its log appeared) is watched through previews (its newest events, refreshed
 * every READ_PREVIEW_MS) until the read is over, then taken whole.
 * Following a read event by event cost the page as much CPU as the read cost serve (a 1.2M-event
 * log: ~11 s each on the 2 cores), so serve read it a third slower, and its event loop waited for
 * a core (blocks of 70–180 ms). A smaller rest of a read is followed as before.
 */
const FOLLOW_READ_MAX_BYTES = 32 * 1024 * 1024;
const READ_PREVIEW_MS = 500;
const FIRST_PREVIEW_MS = 100;

const reading = (row: SessionListItem | undefined) => row?.status === 'loading';
/**
 * A read with more than FOLLOW_READ_MAX_BYTES left, or of a size not known yet (just listed); or
 * a big log listed from its ends and not read yet (`estimated`: one that appeared while serve
 * still scanned its roots), which opening it reads.
 */
const longRead = (row: SessionListItem | undefined) =>
  row?.estimated
    ? row.fileBytes > FOLLOW_READ_MAX_BYTES
    : reading(row) && (row!.fileBytes === 0 || row!.fileBytes - row!.bytesRead > FOLLOW_READ_MAX_BYTES);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks for `key`'s preview and shows it unless another load began meanwhile or it has no events
 * yet (a log whose read has just begun, or a closed session read again). Null if it failed: a
 * preview is only a head start, the snapshot still comes (or says what went wrong).
 */
async function askPreview(key: string, generation: number): Promise<SessionPreview | null> {
  try {
    const preview = await call('sessions', 'preview', key);
    if (generation === loadGeneration && preview.timeline.length > 0) state().applyPreview(preview);
    return preview;
  } catch {
    return null;
  }
}

/**
 * Shows the preview of a big session not shown yet, and returns it. Asked before its snapshot:
 * serve answers a log's requests in order, so asked after it, it would wait for the snapshot.
 * With a snapshot already on its way, the preview that came before it is shown again.
 */
async function showPreview(key: string, generation: number): Promise<SessionPreview | null> {
  if (state().data?.key === key) return null;
  if (snapshotCalls.has(key)) {
    const waiting = previewsWaiting.get(key);
    if (waiting) state().applyPreview(waiting);
    return null;
  }
  const row = state().sessions.find((s) => s.key === key);
  const watch = longRead(row);
  if (!row || (row.events < PREVIEW_MIN_EVENTS && !watch)) return null;
  let preview = await askPreview(key, generation);
  // A long read: its newest events while it lasts (its worker's word: the preview's row), then
  // the snapshot.
  while (watch && generation === loadGeneration && (!preview || reading(preview.summary))) {
    // Nothing read yet (the read has just begun): asked again soon, for the first rows.
    await sleep(preview?.timeline.length ? READ_PREVIEW_MS : FIRST_PREVIEW_MS);
    if (generation !== loadGeneration) break;
    // Its row may say the read is over before the next preview would (not a row from its ends).
    const now = state().sessions.find((s) => s.key === key);
    if (now && !now.estimated && !reading(now)) break;
    const next = await askPreview(key, generation);
    if (!next) break; // the snapshot instead, which says what went wrong if anything did
    preview = next;
  }
  // The read is over, says the last preview's row (its worker's word): the sidebar says so now.
  // The same row comes as a row change too, but the snapshot asked next streams on the same
  // socket: a 1 GB log's row said "ready" 1–7 s after its read was over, behind the snapshot's parts.
  if (watch && preview && generation === loadGeneration && !reading(preview.summary)) {
    dropPendingRows([key]);
    state().upsertSessions([preview.summary]);
  }
  return preview && preview.timeline.length > 0 ? preview : null;
}

/** Resolves in a later task (what follows does not lengthen the task that awaits it). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Takes a full snapshot of `key` (first open, gap, reconnect); later deltas wait for it. */
async function loadSnapshot(key: string): Promise<void> {
  const generation = ++loadGeneration;
  buffered = [];
  try {
    const preview = await showPreview(key, generation);
    if (generation !== loadGeneration) return;
    const asked = snapshotOf(key);
    if (preview && snapshotCalls.has(key)) previewsWaiting.set(key, preview);
    const snapshot = await asked;
    // Three tasks: a big snapshot was just parsed in this one (~0.6 s at 1.2M events), decoding
    // it into the page's maps is about as long again, and taking it into the store draws it (the
    // visible graph of ~600k nodes: as long again). In one task they froze the page ~3.7 s.
    await nextTask();
    if (generation !== loadGeneration || state().viewKey !== key) return;
    const data = fromSnapshot(snapshot);
    await nextTask();
    if (generation !== loadGeneration) return;
    state().applySnapshot(data);
  } catch (error) {
    if (generation === loadGeneration) state().failView(key, message(error));
  } finally {
    if (generation === loadGeneration) {
      const waiting = buffered ?? [];
      buffered = null;
      for (const delta of waiting) onDelta(delta);
    }
  }
}

/** Shows another session (or none). The previous one is unsubscribed; its positions are kept. */
export async function openSession(key: string | null): Promise<void> {
  const previous = state().viewKey;
  // Re-selecting the shown session does nothing, unless it failed to load: then it retries.
  if (previous === key && state().viewStatus !== 'error') return;
  // A session whose snapshot is still on its way is let go when it comes (snapshotOf).
  if (previous && previous !== key && !snapshotCalls.has(previous))
    void call('sessions', 'unsubscribe', previous).catch(() => {});
  state().selectSessionKey(key);
  state().beginView(key);
  writeLastSession(key);
  if (key) await loadSnapshot(key);
}

/**
 * `sessions.close`: serve lets go of the session's memory and stops reading it; its row stays,
 * marked closed, and opening it again reads it afresh. A shown session is put away first.
 */
export async function closeSession(key: string): Promise<void> {
  if (state().viewKey === key) await openSession(null);
  try {
    const row = await call('sessions', 'close', key);
    dropPendingRows([key]);
    state().upsertSessions([row]);
  } catch (error) {
    state().pushToast(`Could not close the session: ${message(error)}`, 'error');
  }
}

/** `sessions.open(path)`: follow another folder or file, then show the first session it brought. */
export async function openFolder(path: string): Promise<boolean> {
  const before = new Set(state().sessions.map((s) => s.key));
  try {
    const items = await call('sessions', 'open', path);
    dropPendingRows(items.map((i) => i.key));
    // The reply holds only the opened folder's rows: merge them, never replace the list.
    state().upsertSessions(items);
    const added = items.filter((s) => !before.has(s.key));
    state().pushToast(
      added.length
        ? `Opened ${path}: ${added.length} new session(s)`
        : `Following ${path} (no new sessions yet)`,
    );
    if (added[0]) void openSession(added[0].key);
    return true;
  } catch (error) {
    state().pushToast(`Could not open ${path}: ${message(error)}`, 'error');
    return false;
  }
}

function readLastSession(): string | null {
  try {
    return localStorage.getItem(LAST_SESSION_KEY);
  } catch {
    return null;
  }
}

function writeLastSession(key: string | null): void {
  try {
    if (key) localStorage.setItem(LAST_SESSION_KEY, key);
  } catch {
    // Not remembering the last session is harmless.
  }
}
