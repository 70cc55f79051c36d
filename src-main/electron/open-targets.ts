/**
 * One way in for everything the user opens — a native dialog, a drop, Open Recent, the command
 * line, a second launch, a `lineage-explorer://` link: check what the path is, follow it
 * (`store.addRoot`: main chose it, so it becomes a root the renderer may then read under),
 * remember it, and show its newest session (or say which document it holds). Links may come from any web page, so a link to a
 * path outside the folders already open is confirmed by the user first.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseMemberKey } from '../services/treetrace/treetrace-sets';
import type { PushedEvent, SessionListItem } from '../../src-shared/bridge/contract';
import { isUnder } from '../services/fs/is-under';
import type { DeepLink } from './deep-link';
import type { LaunchRequest } from './launch-args';

export type TargetKind = 'folder' | 'log' | 'bundle';

const BUNDLE_SUFFIXES = ['.zip', '.tar.gz', '.tgz', '.tar'];

/** What a name says a file is; null for a file we do not read. */
export function kindOfFile(name: string): TargetKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.jsonl')) return 'log';
  if (BUNDLE_SUFFIXES.some((s) => lower.endsWith(s))) return 'bundle';
  return null;
}

export async function classifyTarget(target: string): Promise<{ kind: TargetKind } | { error: string }> {
  try {
    const info = await stat(target);
    if (info.isDirectory()) return { kind: 'folder' };
    const kind = info.isFile() ? kindOfFile(target) : null;
    return kind ? { kind } : { error: 'not a folder, a .jsonl log or a bundle (.zip, .tar.gz, .tgz, .tar)' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { error: code === 'ENOENT' ? 'no such file or folder' : `cannot read it (${code ?? 'error'})` };
  }
}

/** The part of the SessionStore this needs. */
export interface OpenerStore {
  readonly roots: readonly string[];
  addRoot(root: string): void;
  list(): SessionListItem[];
  onEvent(listener: (event: PushedEvent) => void): () => void;
  /** TreeTrace bundles, change ledgers and step traces found under the roots. */
  readonly documents?: { list(): readonly { key: string; label: string }[] };
}

/** What an opened path turned out to hold first: a live session, or a document. */
type Found = { session: string } | { document: string; label: string };

export interface OpenerDeps {
  store: OpenerStore;
  /** Opened successfully: remember it (Open Recent, the OS's recent documents). */
  remember(target: string): void;
  /** Could not be opened: forget it (a recent item that was deleted). */
  forget(target: string): void;
  /** A message for the user (a toast in the window). */
  notify(message: string): void;
  /** Ask the page to show this session. */
  showSession(key: string): void;
  /** A document (bundle, ledger, step trace) was found where the user opened. */
  showDocument(key: string, label: string): void;
  /**
   * Ask the page to open a link's target (its app path: a point in a session or document, or a
   * bookmark) once what holds it is followed. Without it, such links show their session only.
   */
  showLink?(appPath: string): void;
  /** Whether the user agrees to open a path a link asked for. */
  confirmLinkTarget(target: string): Promise<boolean>;
  /** How long to wait for the first session or document of a newly followed path. */
  firstFoundTimeoutMs?: number;
}

export type OpenOrigin = 'user' | 'link';

const newestFirst = (a: SessionListItem, b: SessionListItem) =>
  (b.lastTs ?? '').localeCompare(a.lastTs ?? '') || a.key.localeCompare(b.key);

export class Opener {
  constructor(private readonly deps: OpenerDeps) {}

  isFollowed(target: string): boolean {
    return this.deps.store.roots.some((root) => isUnder(target, root));
  }

  /** Opens a folder, log or bundle; resolves to whether it is now followed. */
  async openPath(target: string, origin: OpenOrigin = 'user'): Promise<boolean> {
    const { deps } = this;
    const abs = path.resolve(target);
    const checked = await classifyTarget(abs);
    if ('error' in checked) {
      deps.notify(`Cannot open ${abs}: ${checked.error}`);
      deps.forget(abs);
      return false;
    }
    const followed = this.isFollowed(abs);
    if (origin === 'link' && !followed && !(await deps.confirmLinkTarget(abs))) return false;
    // A file the user names becomes a root of its own (a log need not be called provenance.jsonl,
    // a bundle need not sit in a folder we scan); a folder only when it is not followed already.
    if (!followed || checked.kind !== 'folder') deps.store.addRoot(abs);
    deps.remember(abs);
    const found = await this.firstFoundUnder(abs);
    if (!found) deps.notify(`Following ${abs} — nothing to show there yet`);
    else if ('session' in found) deps.showSession(found.session);
    else deps.showDocument(found.document, found.label);
    return true;
  }

  async openLink(link: DeepLink): Promise<void> {
    if (link.kind === 'target') {
      await this.openTarget(link);
      return;
    }
    if (link.kind === 'open') {
      await this.openPath(link.path, 'link');
      return;
    }
    if (this.deps.store.list().some((s) => s.key === link.key)) {
      this.deps.showSession(link.key);
      return;
    }
    await this.openPath(link.key, 'link');
  }

  /**
   * A link to a point, a document or a bookmark: follow the session's log or the document's path
   * first when it is not open (asking, like any link), then let the page find the point — it says
   * so when the point is not there (yet). A bookmark is the page's to resolve.
   */
  private async openTarget(link: Extract<DeepLink, { kind: 'target' }>): Promise<void> {
    const { target } = link;
    const show = () => (this.deps.showLink ? this.deps.showLink(link.path) : undefined);
    if (target.kind === 'bookmark') return show();
    const open =
      target.kind === 'session'
        ? this.deps.store.list().some((s) => s.key === target.key)
        : (this.deps.store.documents?.list() ?? []).some((d) => d.key === target.key);
    // A TreeTrace set member's key is its set's path plus `#member=…`: the set is what to open.
    const toOpen =
      target.kind === 'document' ? (parseMemberKey(target.key)?.setKey ?? target.key) : target.key;
    if (open || (await this.openPath(toOpen, 'link'))) show();
  }

  /** Runs what a launch asked for, in order. */
  async handleLaunch(requests: readonly LaunchRequest[]): Promise<void> {
    for (const request of requests) {
      if (request.kind === 'path') await this.openPath(request.path);
      else if (request.kind === 'link') await this.openLink(request.link);
      else
        this.deps.notify(`Ignored a link Lineage Explorer does not understand: ${request.raw.slice(0, 200)}`);
    }
  }

  /**
   * The newest session under `target`, else a document there, waiting (bounded) for the
   * watchers to find the first one.
   */
  private firstFoundUnder(target: string): Promise<Found | null> {
    const under = (key: string) => isUnder(key, target);
    const sessionIn = (items: readonly SessionListItem[]): Found | null => {
      const key = items.filter((s) => under(s.key)).sort(newestFirst)[0]?.key;
      return key ? { session: key } : null;
    };
    const documentIn = (items: readonly { key: string; label: string }[]): Found | null => {
      const doc = items.find((d) => under(d.key));
      return doc ? { document: doc.key, label: doc.label } : null;
    };
    const { store } = this.deps;
    const now = sessionIn(store.list()) ?? documentIn(store.documents?.list() ?? []);
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const done = (found: Found | null) => {
        clearTimeout(timer);
        unsubscribe();
        resolve(found);
      };
      const unsubscribe = store.onEvent((event) => {
        const found =
          event.type === 'sessions.changed'
            ? sessionIn(event.items)
            : event.type === 'documents.changed'
              ? documentIn(event.items)
              : null;
        if (found) done(found);
      });
      const timer = setTimeout(() => done(null), this.deps.firstFoundTimeoutMs ?? 10_000);
    });
  }
}
