import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startLayoutWorker } from './features/graph/layout/layout-client';
import { startHostSync } from './state/host-sync';
import { useAppStore } from './state/store';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing its #root element');

// Set the theme before the first paint so a dark system never flashes white.
const pref = useAppStore.getState().prefs.theme;
document.documentElement.dataset['theme'] =
  pref === 'system' ? (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') : pref;

// Host events start flowing into the store before the first render; the page lives as long as it does.
startHostSync();
// The graph's layout worker loads and compiles ELK while the page fetches its first session.
startLayoutWorker();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
