import { useEffect } from 'react';

const SOURCES = ['sciagent provenance logs', 'TreeTrace bundles', 'step traces', 'change ledgers'] as const;

export function App() {
  useEffect(() => {
    // The app-ready signal end-to-end tests wait on (never on sleeps); set only after mount.
    document.getElementById('root')?.setAttribute('data-app-state', 'ready');
  }, []);

  return (
    <main className="app">
      <header className="app-header">
        <h1>Lineage Explorer</h1>
        <p className="tagline">
          Opens what AI agents left behind — {SOURCES.join(', ')} — and follows them live as they grow.
        </p>
      </header>
      <section className="empty-state" aria-label="No source open">
        <p>No source open yet.</p>
      </section>
    </main>
  );
}
