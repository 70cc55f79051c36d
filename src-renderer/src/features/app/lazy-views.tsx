/**
 * The views loaded after the first paint (issue 8, target 5). The page's first job is the shell and
 * the sessions list; the graph (@xyflow/react and its layout client), the timeline and health
 * panels, the details, the documents (TreeTrace, ledger, step trace), Compare and the bookmarks
 * view are separate chunks, fetched while the list loads. The single 1.3 MB bundle cost the page
 * ~0.5 s of parsing and compiling before it could draw the first row.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';

export const GraphView = lazy(() => import('../graph/GraphView').then((m) => ({ default: m.GraphView })));
export const BottomPanel = lazy(() => import('./BottomPanel').then((m) => ({ default: m.BottomPanel })));
export const DetailPanel = lazy(() =>
  import('../detail/DetailPanel').then((m) => ({ default: m.DetailPanel })),
);
/**
 * Preloaded once the page is idle and there is a document to click (App): the documents' chunk
 * (162 KB) was fetched on the first click, and a lazy view suspends even when its chunk is
 * there — React then shows the fallback and holds the view back ~300 ms (its Suspense reveal
 * throttle). Most of the 5,000-node prompt tree's click → rows (issue 8, T4). Once preloaded,
 * `lazyWithPreload` renders the component at once, without suspending.
 */
export const DocumentView = lazyWithPreload(() =>
  import('../documents/DocumentView').then((m) => ({ default: m.DocumentView })),
);
/** Opened from the top bar and the sidebar: preloaded like DocumentView, once the first list is drawn. */
export const CompareView = lazyWithPreload(() =>
  import('../compare/CompareView').then((m) => ({ default: m.CompareView })),
);
export const BookmarksView = lazyWithPreload(() =>
  import('../bookmarks/BookmarksView').then((m) => ({ default: m.BookmarksView })),
);

/** Runs `preload` when the page is next idle (within 2 s); returns a cancel for an effect. */
export function preloadWhenIdle(preload: () => Promise<unknown>): () => void {
  const id = requestIdleCallback(() => void preload().catch(() => undefined), { timeout: 2000 });
  return () => cancelIdleCallback(id);
}

/**
 * Holds a lazy view's place in the layout grid (an empty box of the given class) while its chunk
 * loads — a few milliseconds from the app's own files, so no spinner. With `after` false the view
 * is not even asked for yet: the session panels wait for the first list, so evaluating their
 * chunks does not hold up the page's main thread while it draws 2,000 rows (the list's message
 * event waited behind it).
 */
export function Deferred({
  className,
  after = true,
  children,
}: {
  className: string;
  after?: boolean;
  children: ReactNode;
}) {
  const fallback = <div className={className} aria-busy="true" />;
  return after ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
