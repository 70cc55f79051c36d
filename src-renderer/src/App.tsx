/**
 * The window: top bar, demo banner, sessions | graph over timeline/health | details.
 * Sets `#root[data-app-state="ready"]` once the first session list has arrived (tests wait on it).
 * Everything but the shell and the sessions list is loaded lazily (features/app/lazy-views).
 */
import { useEffect, useState } from 'react';
import { DemoBanner } from './features/app/DemoBanner';
import { KeysOverlay } from './features/app/KeysOverlay';
import { Toasts } from './features/app/Toasts';
import { TopBar } from './features/app/TopBar';
import { useKeyboard } from './features/app/use-keyboard';
import { useApplyTheme } from './features/app/use-theme';
import {
  BookmarksView,
  BottomPanel,
  CompareView,
  Deferred,
  DetailPanel,
  DocumentView,
  GraphView,
  preloadWhenIdle,
} from './features/app/lazy-views';
import { SessionsSidebar } from './features/sessions/SessionsSidebar';
import { DocumentsSection } from './features/documents/DocumentsSection';
import { startDocumentsSync, useDocuments } from './features/documents/documents-store';
import { selectSelectedKey } from './state/selectors';
import { selectListReceived } from './state/selectors';
import { useAppStore } from './state/store';
import { Splitter } from './shared/Splitter';
import { useElementSize } from './shared/use-element-size';
import { closeCompare, useCompare } from './features/compare/compare-store';
import { BookmarksEntry } from './features/bookmarks/BookmarksEntry';
import { startBookmarksSync, useBookmarks } from './features/bookmarks/bookmarks-store';
import { LinkNotice } from './features/links/LinkNotice';
import { startUrlSync } from './features/links/url-sync';

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function App() {
  const ready = useAppStore(selectListReceived);
  const [sidebar, setSidebar] = useState(276);
  const [detail, setDetail] = useState(384);
  const [bottom, setBottom] = useState(290);
  // The side panels give way on a narrow window (a half-screen one is ~960 px): the graph and
  // timeline keep at least about half of it. The splitters start from the width drawn.
  const [workspaceRef, { width: workspaceWidth }] = useElementSize<HTMLDivElement>();
  const sidebarWidth = workspaceWidth ? Math.min(sidebar, Math.round(workspaceWidth * 0.24)) : sidebar;
  const detailWidth = workspaceWidth ? Math.min(detail, Math.round(workspaceWidth * 0.3)) : detail;
  const doc = useDocuments((st) => st.selected);
  const sessionKey = useAppStore(selectSelectedKey);
  useApplyTheme();
  useKeyboard();
  const bookmarksOpen = useBookmarks((s) => s.open);
  const comparing = useCompare((s) => s.open);
  useEffect(() => startDocumentsSync(), []);
  // Once there is a document to click, its view's chunk is fetched while the page is idle.
  const hasDocuments = useDocuments((st) => Object.keys(st.docs).length > 0);
  useEffect(() => (hasDocuments ? preloadWhenIdle(DocumentView.preload) : undefined), [hasDocuments]);
  useEffect(() => startBookmarksSync(), []);
  // The page's URL names what is shown (a link opened, a reload), and follows the selection.
  useEffect(() => startUrlSync(), []);
  // Choosing a session shows it again instead of the document.
  useEffect(() => useDocuments.getState().select(null), [sessionKey]);
  // Choosing a session or document leaves the Compare view.
  useEffect(() => closeCompare(), [sessionKey, doc]);
  // Choosing a session or document leaves the bookmarks view.
  useEffect(() => useBookmarks.getState().setOpen(false), [sessionKey, doc]);

  useEffect(() => {
    if (ready) document.getElementById('root')?.setAttribute('data-app-state', 'ready');
  }, [ready]);
  // Compare and the bookmarks view, once the first list is drawn.
  useEffect(() => {
    if (!ready) return;
    const cancels = [preloadWhenIdle(CompareView.preload), preloadWhenIdle(BookmarksView.preload)];
    return () => cancels.forEach((cancel) => cancel());
  }, [ready]);

  return (
    <div className="app">
      <TopBar />
      <DemoBanner />
      <LinkNotice />
      <div
        className="workspace"
        ref={workspaceRef}
        style={{ gridTemplateColumns: `${sidebarWidth}px 0px minmax(0, 1fr) 0px ${detailWidth}px` }}
      >
        <div className="sidebar-stack">
          <SessionsSidebar />
          <DocumentsSection />
          <BookmarksEntry />
        </div>
        <Splitter
          orientation="vertical"
          size={sidebarWidth}
          sign={1}
          label="Resize sessions"
          onResize={(v) => setSidebar(clamp(v, 200, 520))}
        />
        {comparing ? (
          <div className="document-area">
            <Deferred className="compare">
              <CompareView />
            </Deferred>
          </div>
        ) : bookmarksOpen ? (
          <div className="document-area">
            <Deferred className="bookmarks-view">
              <BookmarksView />
            </Deferred>
          </div>
        ) : doc ? (
          <div className="document-area">
            <Deferred className="document-loading">
              <DocumentView docKey={doc} />
            </Deferred>
          </div>
        ) : (
          <>
            <main className="center" style={{ gridTemplateRows: `minmax(0, 1fr) 0px ${bottom}px` }}>
              <Deferred className="graph-view" after={ready}>
                <GraphView />
              </Deferred>
              <Splitter
                orientation="horizontal"
                size={bottom}
                sign={-1}
                label="Resize timeline"
                onResize={(v) => setBottom(clamp(v, 120, 800))}
              />
              <Deferred className="bottom-panel" after={ready}>
                <BottomPanel />
              </Deferred>
            </main>
            <Splitter
              orientation="vertical"
              size={detailWidth}
              sign={-1}
              label="Resize details"
              onResize={(v) => setDetail(clamp(v, 280, 760))}
            />
            <Deferred className="detail-panel" after={ready}>
              <DetailPanel />
            </Deferred>
          </>
        )}
      </div>
      <KeysOverlay />
      <Toasts />
    </div>
  );
}
