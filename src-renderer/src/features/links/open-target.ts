/**
 * Opens what a link names — a session, a point in it, a document, a point in it, a bookmark —
 * and keeps at it until the target is there: a link may arrive before the session list, the
 * snapshot or the documents, and a live session may not have the node yet. Meanwhile (and when
 * the target is simply not there) a notice says so, visibly, instead of failing quietly.
 */
import type { AppTarget, PinTarget } from '../../../../src-shared/links/app-link';
import { openSession } from '../../state/host-sync';
import { useAppStore } from '../../state/store';
import { useBookmarks } from '../bookmarks/bookmarks-store';
import { closeCompare } from '../compare/compare-store';
import { useDocuments } from '../documents/documents-store';
import { useLinks } from './links-store';

const short = (key: string) => key.split(/[\\/]/).filter(Boolean).slice(-2).join('/');

export function describePoint(target: PinTarget): string {
  const at = target.at;
  if (!at) return target.kind === 'session' ? 'the session' : 'the document';
  return at.kind === 'seq' ? `seq ${at.seq}` : `${at.kind} ${at.id}`;
}

/** Opens `target` now, or as soon as what it names is there. */
export function openTarget(target: AppTarget): void {
  const links = useLinks.getState();
  useBookmarks.getState().setOpen(false);
  closeCompare();
  links.setNotice(null);
  links.setPending(target);
  if (target.kind === 'session') {
    useDocuments.getState().select(null);
    void openSession(target.key);
  }
  resolvePending();
}

/** Tries the pending target against what the page holds now; called whenever that changes. */
export function resolvePending(): void {
  const links = useLinks.getState();
  const target = links.pending;
  if (!target) return;
  if (target.kind === 'bookmark') return resolveBookmark(target.id);
  if (target.kind === 'document') return resolveDocument(target);
  return resolveSession(target);
}

function done(): void {
  useLinks.getState().setPending(null);
  useLinks.getState().setNotice(null);
}

function resolveBookmark(id: string): void {
  const { list, loaded } = useBookmarks.getState();
  if (!loaded) return useLinks.getState().setNotice('Opening the bookmark…');
  const bookmark = list.find((b) => b.id === id);
  if (!bookmark) {
    useLinks.getState().setPending(null);
    return useLinks.getState().setNotice('This bookmark no longer exists (it was deleted).');
  }
  openTarget(bookmark.target);
  if (bookmark.container === 'gone')
    useLinks
      .getState()
      .setNotice(`"${bookmark.name}" is in ${short(bookmark.target.key)}, which is not open here (yet).`);
}

function resolveDocument(target: Extract<AppTarget, { kind: 'document' }>): void {
  const docs = useDocuments.getState();
  if (!docs.docs[target.key]) {
    useLinks.getState().setNotice(`${short(target.key)} is not open here (yet) — waiting for it.`);
    return;
  }
  if (docs.selected !== target.key) docs.select(target.key);
  done();
  if (!target.at) return;
  // TreeTrace bundles (nodes, chains) and change ledgers (events) have points; the view says so
  // itself when the point is not in it. A step trace is linked as a whole.
  if (docs.docs[target.key]!.kind === 'step-trace')
    useLinks.getState().setNotice('Points in a step trace have no links yet: the trace is shown whole.');
  else useLinks.getState().focusDocument(target.key, target.at);
}

function resolveSession(target: Extract<AppTarget, { kind: 'session' }>): void {
  const s = useAppStore.getState();
  if (s.viewKey !== target.key) return;
  if (s.viewStatus === 'error') {
    useLinks
      .getState()
      .setNotice(`The session ${short(target.key)} is not open here (yet): ${s.viewError ?? ''}`);
    return;
  }
  const data = s.data;
  // A preview has the newest events only: the link is resolved against the snapshot.
  if (!data || data.key !== target.key || s.preview) return;
  const at = target.at;
  if (!at) return done();
  const timeline = data.timeline;
  if (at.kind === 'node') {
    if (!data.nodes.has(at.id)) return notYet(`Node ${at.id}`);
    if (s.selectedNodeId !== at.id) s.selectNode(at.id);
    return done();
  }
  let index = -1;
  if (at.kind === 'event') index = timeline.indexOf(at.id);
  else for (let i = 0; i < timeline.length && index < 0; i++) if (timeline.seq(i) === at.seq) index = i;
  if (index < 0) return notYet(at.kind === 'event' ? `Event ${at.id}` : `Seq ${at.seq}`);
  s.selectEvent(timeline.eventId(index), timeline.nodeId(index));
  if (s.bottomTab !== 'timeline') s.setBottomTab('timeline');
  done();
}

function notYet(what: string): void {
  useLinks.getState().setNotice(`${what} is not in this session (yet) — it is shown when it arrives.`);
}

/**
 * Follows the stores: a pending link is tried again when sessions, documents or bookmarks change,
 * and dropped when the user goes elsewhere (another session or document, the bookmarks view).
 */
export function startLinkResolver(): () => void {
  const offApp = useAppStore.subscribe((s, prev) => {
    const pending = useLinks.getState().pending;
    if (pending?.kind === 'session' && s.selectedKey !== prev.selectedKey && s.selectedKey !== pending.key)
      done();
    if (s.data !== prev.data || s.viewStatus !== prev.viewStatus || s.data?.revision !== prev.data?.revision)
      resolvePending();
  });
  const offDocs = useDocuments.subscribe((s, prev) => {
    const pending = useLinks.getState().pending;
    if (
      pending?.kind === 'document' &&
      s.selected !== prev.selected &&
      s.selected !== pending.key &&
      s.selected
    )
      done();
    if (s.docs !== prev.docs) resolvePending();
  });
  const offBookmarks = useBookmarks.subscribe((s, prev) => {
    if (s.list !== prev.list || s.loaded !== prev.loaded) resolvePending();
  });
  return () => {
    offApp();
    offDocs();
    offBookmarks();
  };
}
