/** The "?" overlay: every keyboard shortcut the app answers to. */
import { selectKeysOpen } from '../../state/selectors';
import { useAppStore } from '../../state/store';
import { Kbd } from '../../shared/ui';

export const KEYS: [string[], string][] = [
  [['j'], 'next event in the timeline (selects its node)'],
  [['k'], 'previous event'],
  [['/'], 'search sessions'],
  [['↑', '↓'], 'previous / next session in the list (↓ from the search box: the first)'],
  [['Home', 'End'], 'first / last session; PageUp, PageDown a list’s height at a time'],
  [['Enter'], 'open the session in focus'],
  [['Esc'], 'clear the search, close a panel, clear the selection'],
  [['f'], 'fit the graph to the view'],
  [
    ['←', '↑', '→', '↓'],
    'zoomed-out graph (Tab to it): the nearest node that way; Enter opens / closes a group',
  ],
  [['t'], 'show the timeline'],
  [['h'], 'show tail health'],
  [['?'], 'this list'],
];

export function KeysOverlay() {
  const open = useAppStore(selectKeysOpen);
  if (!open) return null;
  const close = () => useAppStore.getState().setKeysOpen(false);
  return (
    <div className="overlay" onClick={close} data-testid="keys-overlay">
      <div
        className="overlay-card"
        role="dialog"
        aria-label="Keyboard shortcuts"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="overlay-head">
          <span>Keyboard shortcuts</span>
          <button type="button" className="icon-button" onClick={close} aria-label="Close">
            ×
          </button>
        </div>
        <table className="keys-table">
          <tbody>
            {KEYS.map(([keys, what]) => (
              <tr key={keys.join()}>
                <td>
                  {keys.map((k) => (
                    <Kbd key={k}>{k}</Kbd>
                  ))}
                </td>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
